"""Observation encodings, one module per game; each module's docstring is its layout."""
