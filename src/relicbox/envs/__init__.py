"""Reinforcement-learning adapters: PettingZoo, Gymnasium and OpenSpiel.

Nothing here is imported by ``import relicbox``; the adapters need the ``rl``
extra (``pip install 'relicbox[rl]'``). Modules:

* :mod:`relicbox.envs.encoding`: the fixed-shape observation encoding of each game's
  seat view (each game's registered ``encoder``), as NumPy vectors, and action masks;
* :mod:`relicbox.envs.pettingzoo`: ``env(game, players=N)`` (AEC) and ``parallel_env``;
* :mod:`relicbox.envs.gymnasium`: one learning seat against bots, registered for every
  game (``relicbox/Diamant-v0``, ``relicbox/Tschak-v0``, ``relicbox/RelicRunners-v0``);
* :mod:`relicbox.envs.openspiel`: ``register()`` makes every game loadable with
  ``pyspiel.load_game("relicbox_diamant")`` and friends;
* :mod:`relicbox.envs.vector`: ``DiamantVectorEnv``, thousands of Diamant games in
  NumPy lock-step under Gymnasium's ``VectorEnv`` API, one learning seat each.

Rewards: by default the win share (1 split among the winners at the end, so a
game's rewards sum to 1); ``reward="plus-minus"`` gives PettingZoo classic's +1 to a
sole winner, 0 to tied winners and -1 to the rest; ``reward="margin"`` the score
difference to the best other seat. OpenSpiel returns are always the win share.
"""
