"""The built-in games. Importing this package registers each of them."""

from relicbox.games import diamant as diamant
from relicbox.games import relic_runners as relic_runners
from relicbox.games import tschak as tschak

__all__ = ["diamant", "relic_runners", "tschak"]
