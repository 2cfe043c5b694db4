"""Views and pages made (stages 4 and 5): each language's view of the data, every value worded
(transform, messages; build runs stages 1 to 4 in one call), then every page of every language
rendered (render with templates/, render_html, report_links, planner, render_text, escape), and the
pages' one script and style sheet with the names they share with the page (script, contract). Imports
from inputs/ and figures/.
"""
