"""The marker a docs page uses to place generated content: `<!-- data:NAME -->` (NAME.md.j2)."""

import re

MARKER = re.compile(r"<!--\s*data:([a-z_]+)\s*-->")
