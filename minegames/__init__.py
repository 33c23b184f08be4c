"""minegames: exact models of five mining-themed tabletop games.

Each game lives in its own package (``minegames.mineshaft_mayhem`` ...) and
exposes ``new_game(seed=None, **options)`` and ``load(json_text)``. The shared
protocol, errors, randomness and components live in ``minegames.core``.
"""

__version__ = "0.1.0"
