"""The eleven gem types: seven standard gems that pay costs, four special gems with rules
of their own. Ids are what cards, costs and saves hold; names and colours are for people.

Six standard gems are named by the rulebook; the seventh (Sunstone) is this project's own,
as is every colour here. Each dwarf's colour is one standard gem (skills ask for it).
"""

from __future__ import annotations

OBSIDIAN, PERMAFROST, ELECTRUM = "obsidian", "permafrost", "electrum"
SOULSTONE, STAR_TEAR, FIRE_RUBY, SUNSTONE = "soulstone", "star_tear", "fire_ruby", "sunstone"
DIAMOND_DUST, ECHOGLASS, ORICHALCUM, WARPSTONE = "diamond_dust", "echoglass", "orichalcum", "warpstone"

#: the seven standard gems, in the order the game lists them everywhere (the dwarves' colours too)
STANDARD_GEMS: tuple[str, ...] = (OBSIDIAN, PERMAFROST, ELECTRUM, SOULSTONE, STAR_TEAR, FIRE_RUBY, SUNSTONE)
#: the four special gems
SPECIAL_GEMS: tuple[str, ...] = (DIAMOND_DUST, ECHOGLASS, ORICHALCUM, WARPSTONE)
ALL_GEMS: tuple[str, ...] = STANDARD_GEMS + SPECIAL_GEMS

GEM_NAMES: dict[str, str] = {
    OBSIDIAN: "Obsidian", PERMAFROST: "Permafrost", ELECTRUM: "Electrum", SOULSTONE: "Soulstone",
    STAR_TEAR: "Star Tear", FIRE_RUBY: "Fire Ruby", SUNSTONE: "Sunstone",
    DIAMOND_DUST: "Diamond Dust", ECHOGLASS: "Echoglass", ORICHALCUM: "Orichalcum", WARPSTONE: "Warpstone",
}

#: fill colours for drawings (this project's choice; the dwarf of a gem wears its colour)
GEM_COLOURS: dict[str, str] = {
    OBSIDIAN: "#2b2b33", PERMAFROST: "#8fd3f4", ELECTRUM: "#e0c341", SOULSTONE: "#8e5cc4",
    STAR_TEAR: "#f4f1ea", FIRE_RUBY: "#d1343a", SUNSTONE: "#f08a24",
    DIAMOND_DUST: "#cfe8ef", ECHOGLASS: "#9fb8ad", ORICHALCUM: "#c7893e", WARPSTONE: "#3d4fa8",
}

#: short labels for text boards and compact drawings
GEM_SHORT: dict[str, str] = {
    OBSIDIAN: "Ob", PERMAFROST: "Pf", ELECTRUM: "El", SOULSTONE: "So", STAR_TEAR: "St",
    FIRE_RUBY: "FR", SUNSTONE: "Su", DIAMOND_DUST: "DD", ECHOGLASS: "Eg", ORICHALCUM: "Or", WARPSTONE: "Wp",
}


def gem_name(gem: str) -> str:
    return GEM_NAMES[gem]
