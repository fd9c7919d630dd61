"""Reinforcement-learning adapters: PettingZoo, Gymnasium and OpenSpiel.

Nothing here is imported by ``import relicbox``; the adapters need the ``rl``
extra (``pip install 'relicbox[rl]'``). Modules:

* :mod:`relicbox.envs.encoding` and :mod:`relicbox.envs.encoders`: the fixed-shape
  observation encoding of each game's seat view, and action masks;
* :mod:`relicbox.envs.pettingzoo`: ``env(game, players=N)`` (AEC) and ``parallel_env``;
* :mod:`relicbox.envs.gymnasium`: one learning seat against bots, registered as
  ``relicbox/Diamant-v0``, ``relicbox/Tschak-v0`` and ``relicbox/RelicRunners-v0``;
* :mod:`relicbox.envs.openspiel`: ``register()`` makes every game loadable with
  ``pyspiel.load_game("relicbox_diamant")`` and friends.
"""
