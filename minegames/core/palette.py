"""The one colour table of the library: what every renderer and widget paints with.

Colours are presentation data, but the models draw themselves (``_repr_svg_``), so
they live here in core, where the SVG renderers of the models and the widgets
both read them. Nothing else in the library spells a hex colour for a gem, a
crystal, a find or a player's pawn.
"""

from __future__ import annotations

#: Fill and outline of gems and crystals by type or colour name (every game reuses them).
GEM_COLOURS: dict[str, tuple[str, str]] = {
    "diamond": ("#e9f6fc", "#6f9fb8"),
    "emerald": ("#2fa663", "#1b6b3e"),
    "ruby": ("#d8324a", "#8c1b2c"),
    "sapphire": ("#2f62d6", "#1b3a85"),
    "amethyst": ("#9457cf", "#5b2e86"),
    "cursite": ("#3a3440", "#111"),
    "white": ("#f4f4f4", "#8a8a8a"),
    "clear": ("#e9f6fc", "#6f9fb8"),
    "yellow": ("#f2c530", "#9c7a0c"),
    "blue": ("#2f62d6", "#1b3a85"),
    "green": ("#2fa663", "#1b6b3e"),
    "red": ("#d8324a", "#8c1b2c"),
    "purple": ("#9457cf", "#5b2e86"),
    "black": ("#3a3440", "#111"),
    "gold": ("#e8b923", "#8a6a10"),
    "rock": ("#8d8478", "#4d463e"),
}
#: Fill and outline of a gem or crystal name the table does not know.
UNKNOWN_GEM = ("#bbbbbb", "#666666")

#: A find printed on an Out of Mine! tile: its disc colour and letter.
FIND_STYLE: dict[str, tuple[str, str]] = {
    "gold": ("#e0b02c", "G"), "silver": ("#b8c0c8", "S"), "woodworm": ("#9b6a3c", "W"), "rat": ("#70757c", "R"),
}
UNKNOWN_FIND = ("#cccccc", "?")

#: Pawn colours by player colour name (Goldmine Rumbles), the same hues as the crystals.
PAWN_COLOURS: dict[str, str] = {
    **{name.capitalize(): GEM_COLOURS[name][0] for name in ("red", "blue", "green", "yellow")},
    "Papa Clayton": "#1d1d1d",
}
UNKNOWN_PAWN = "#888888"


def gem_fill(name: str) -> str:
    """The fill of a gem or crystal colour (grey for an unknown name)."""
    return GEM_COLOURS.get(name, UNKNOWN_GEM)[0]


def gem_outline(name: str) -> str:
    """The outline of a gem or crystal colour (dark grey for an unknown name)."""
    return GEM_COLOURS.get(name, UNKNOWN_GEM)[1]


def find_style(kind: str) -> tuple[str, str]:
    """(disc colour, letter) of a find kind."""
    return FIND_STYLE.get(kind, UNKNOWN_FIND)


def pawn_colour(name: str) -> str:
    return PAWN_COLOURS.get(name, UNKNOWN_PAWN)
