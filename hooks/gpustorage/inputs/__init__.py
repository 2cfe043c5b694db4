"""Data in and checked (stages 1 and 2): what the generator reads, each piece loaded with the line of
every key and checked, alone and across files.

The provider files and exchange rates (load, model, validate, checks/, dataset), the facts they declare
(facts), the interface strings (ui_strings), the guide's pages and their translations' state (guide,
guide_translations, markers), what mkdocs.yml says and the site's tunables (settings), and the one
form of a problem (problems, workflow_commands). Every later folder builds on these; they import from
no other folder of the package.
"""
