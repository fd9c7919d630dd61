"""Online play: ``relicbox serve``, one authoritative process for every registered game.

The server owns each table through one serialised path (:mod:`relicbox.server.master`):
a decision is checked by the engine, committed to the store
(:mod:`relicbox.server.store`), and only then broadcast, each connection receiving
nothing but its own seat's ``view`` (:mod:`relicbox.server.snapshots`). A restarted
server rebuilds every unfinished table by replaying its stored record.
"""
