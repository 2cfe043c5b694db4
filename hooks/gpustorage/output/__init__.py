"""Files written (stage 6): the rendered pages as a Markdown tree (write), the API files and JSON
Schemas (export), the Atom feeds (feeds). Imports from inputs/, figures/ and pages/.
"""
