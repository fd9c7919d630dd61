"""The built-in games. Importing this package registers each of them."""

from relicbox.games import diamant as diamant

__all__ = ["diamant"]
