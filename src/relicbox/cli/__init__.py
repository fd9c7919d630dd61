"""The ``relicbox`` command line (typer + rich)."""
