"""Small words every game's texts share: counted nouns and chances as percentages.

One voice across the five games (issue 21): "1 gem", "2 gems"; "35%", and one decimal only
where whole percents would hide a chance (below 1%, above 99%), never "100.0%".
"""

from __future__ import annotations

import re
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


_IRREGULAR_VERBS = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}


def base_verb(verb: str) -> str:
    """"builds" -> "build", "has" -> "have", "carries" -> "carry": the verb after "you" (a log
    line's verb follows its seat's name)."""
    if verb in _IRREGULAR_VERBS:
        return _IRREGULAR_VERBS[verb]
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("sses", "ches", "shes", "xes", "zes")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb


def as_you(text: str, name: str) -> str:
    """A neutral line, which names every seat alike, as the person sitting at ``name`` ("player 1",
    "Red") reads it: "Red builds ..." -> "You build ...", "player 1's hand" -> "your hand", "swaps
    with player 1" -> "swaps with you". One voice for every app; the model's log stays neutral."""
    capital = name[:1].isupper()

    def said(word: str, at_start: bool) -> str:
        return word.capitalize() if at_start and capital else word

    def subject(match) -> str:
        return f"{match[1]}{said('you', not match[1] or match[1] == '; ')} {base_verb(match[2])}"

    def possessive(match) -> str:
        return (match[1] or "") + said("your", match[1] is not None)

    escaped = re.escape(name)
    text, as_subject = re.subn(rf"(^|; |… |: |\d:\d\d\.\d )\b{escaped} (?!and\b|or\b)([a-z]+)\b", subject, text)
    if as_subject:
        text = text.replace("their own", "your own")
    text = re.sub(rf"(^|; )?\b{escaped}'s\b", possessive, text)
    return re.sub(rf"(^|; )?\b{escaped}\b", lambda m: (m[1] or "") + said("you", m[1] is not None), text)
