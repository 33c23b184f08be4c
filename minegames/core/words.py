"""Small words every game's texts share: counted nouns and chances as percentages.

One voice across the five games (issue 21): "1 gem", "2 gems"; "35%", and one decimal only
where whole percents would hide a chance (below 1%, above 99%), never "100.0%".
"""

from __future__ import annotations

from fractions import Fraction


def plural(count: int, word: str, many: str = "") -> str:
    """'1 gem', '2 gems', '1 turn', '3 turns' (``many``: an irregular plural, '2 injuries')."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def percent(chance: Fraction | float) -> str:
    """A chance as a percentage: whole percents, one decimal below 1% and above 99% (but 0% and 100%)."""
    value = float(chance)
    if value in (0.0, 1.0) or 0.01 <= value <= 0.99:
        return f"{value:.0%}"
    return f"{value:.1%}"
