"""Goldmine Rumbles: 3-4 miners buy claims, dig gold with dice, brawl with each
other and with Papa Clayton, while the mine's tiles shift under them.

Built in parts: ``dice_rules`` and ``analysis`` (the exact odds of fights,
yields and hazards), ``components`` and ``mine`` (tiles, tunnels and routes);
the full rules engine follows on top of them.
"""
