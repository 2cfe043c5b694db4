"""Figures derived (stage 3): language-neutral figures computed once per build (derive), and the data's
history read from git (history). Imports from inputs/ only.
"""
