"""Tools beside the build, each a command of `python -m gpustorage`: `diff`, the review report of a data
pull request (review, review_strings), and `verify`, each source page read and each quote looked for
(verify and its parts: verify_fetch, verify_page_text, verify_report, and verify_checked_dates for
`verify --update-checked`). They may import from every other folder; nothing imports from them but the
command line.
"""
