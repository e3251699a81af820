"""GROWL components, read from cards.toml and checked against the rules (docs/games/growl.md, Components).

Every card kind has an index: the hand cards first (0..10, in the canonical order that default actions follow),
then the 8 Night cards, the 8 Final Night cards and the 12 Spells. Hands are counts per hand-card index (D16).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hexbox.core import require
from hexbox.core.data import NAME, TEXT
from hexbox.core.loading import cards_toml, catalogue_of

ICONS = ("bite", "charm", "wound", "salve", "gold", "holy_water", "infinity", "wolf_wound", "no_night_pass")
CANCELLABLE = ("charm", "salve")  # the icons an Infinity card's `cancels` may name (R35)
#: what its code, not its data, does: a variant's overlay may not change these (hexbox.sim.variant refuses them, with
#: the reason); every other value is a rule parameter the rules read (tests/test_knobs.py)
_CODE = "the card's effect is written in the rules' code (spells.py, night.py), which does not read this value"
FIXED = {
    "ending": TEXT, "card.*.name": TEXT, "card.*.text": TEXT, "card.*.id": NAME,
    "card.*.icons.no_night_pass": "a mark of the Bite card: the Night pass rule (R26) keeps a human from passing "
                                  "the Bite card itself, whatever its icons say",
    "card.*.icons.infinity": "a mark of the Infinity cards: what one cancels is its `cancels` value",
    "card.*.stays": _CODE, "card.*.spell_icon": _CODE, "card.*.trigger": _CODE, "card.*.gold_cost": _CODE,
    "card.*.once_per_turn": _CODE, "card.*.real_name": TEXT,
}
#: set-ups that bring a card into play, for the live-knob check (hexbox.sim.knobs)
EXERCISE = {
    "overlay.card.cursed_gold": {"players": 5, "curses": True}, "overlay.card.cursed_charm": {"players": 5,
                                                                                           "curses": True},
    "overlay.card.super_salve": {"players": 5, "curses": True}, "overlay.card.holy_water": {"players": 5,
                                                                                         "curses": True},
    "overlay.card.hex": {"players": 5, "curses": True}, "overlay.card.infection": {"players": 5, "curses": True},
    "overlay.card.charm_bracelet": {"players": 4, "spells": True, "spells_count": 5, "agents": "random"},
    "options.cant_pass": {"players": 4, "agents": "random"},
    "overlay.card.*.copies.plus6": {"players": 7}, "overlay.card.*.copies.plus9": {"players": 9},
    "options.starter_bites_10p": {"players": 10}, "options.holy_water": {"players": 5, "curses": True},
    "options.spells_count": {"players": 5, "spells": True},
}
CANONICAL = ("gold", "cursed_gold", "charm", "cursed_charm", "salve", "super_salve", "holy_water", "hex",
             "infection", "wound", "bite")


@dataclass(frozen=True)
class Card:
    index: int
    id: str
    name: str
    set: str  # base | curses | spells
    kind: str  # hand | night | final | spell
    icons: dict[str, int]
    copies: dict[str, int]
    cancels: str = ""  # the icon an Infinity card cancels (R35)
    stays: bool = False  # Séance, Silver Bullet: lie face-up in front of a player
    trigger: str = ""  # spells: ongoing | gold | after_night | own_death | other_death
    gold_cost: int = 0
    once_per_turn: bool = False
    real_name: bool = True

    def icon(self, name: str) -> int:
        return self.icons.get(name, 0)


def _card(i: int, raw: dict[str, Any]) -> Card:
    where = f"growl/cards.toml card {raw.get('id', i)}"
    require(raw.get("kind") in ("hand", "night", "final", "spell"), where, "kind must be hand, night, final or spell")
    icons = dict(raw.get("icons", {}))
    require(all(k in ICONS and isinstance(v, int) and v > 0 for k, v in icons.items()), where,
            "an icon is one of " + ", ".join(ICONS) + ", shown once or more")
    require(raw.get("cancels", "") in ("", *CANCELLABLE), where, "an Infinity card cancels charm or salve icons")
    return Card(i, raw["id"], raw["name"], raw["set"], raw["kind"], icons, dict(raw.get("copies", {})),
                raw.get("cancels", ""), raw.get("stays", False), raw.get("trigger", ""), raw.get("gold_cost", 0),
                raw.get("once_per_turn", False), raw.get("real_name", True))


def load() -> tuple[tuple[Card, ...], dict[int, tuple[int, int]]]:
    raw = cards_toml(__package__)
    where = "growl/cards.toml"
    cards = tuple(_card(i, c) for i, c in enumerate(raw.get("card", [])))
    kinds = [c.kind for c in cards]
    require(kinds == ["hand"] * 11 + ["night"] * 8 + ["final"] * 8 + ["spell"] * 12, where,
            "expected 11 hand cards, 8 Night, 8 Final Night and 12 Spells, in that order")
    require(tuple(c.id for c in cards[:11]) == CANONICAL, where, "hand cards must be in the canonical order")
    require(len({c.id for c in cards}) == len(cards), where, "card ids must be unique")
    curses = [c for c in cards if c.set == "curses"]
    require(sum(c.copies["base"] for c in curses) == 14, where, "the Curses expansion has 14 cards (R39)")
    base = [c for c in cards if c.kind == "hand" and c.set == "base"]
    require(sum(c.copies["base"] for c in base) == 42, where, "42 main cards at 4-5 players")
    require(sum(c.copies["base"] + c.copies["plus6"] + c.copies["plus9"] for c in base) == 58, where,
            "58 main cards at 9-10 players")
    starter = {int(k): (v[0], v[1]) for k, v in raw.get("setup", {}).get("starter", {}).items()}
    require(sorted(starter) == list(range(4, 11)), where, "a starter row for each player count 4-10")
    require(all(b + g == n for n, (b, g) in starter.items()), where, "one starter card per seat")
    return cards, starter


CARDS, STARTER = load()
# a Night, Final Night or Spell card's box follows from its kind: the rules read `set` of the hand cards only
FIXED.update({f"card.{c.id}.set": "the box a Night, Final Night or Spell card comes in follows from its kind"
              for c in CARDS if c.kind != "hand"})
INDEX = {c.id: c.index for c in CARDS}
IDS = tuple(c.id for c in CARDS)
HAND = 11
(GOLD, CURSED_GOLD, CHARM, CURSED_CHARM, SALVE, SUPER_SALVE, HOLY_WATER, HEX, INFECTION, WOUND,
 BITE) = range(HAND)
NIGHT = tuple(c.index for c in CARDS if c.kind == "night")
FINAL = tuple(c.index for c in CARDS if c.kind == "final")
SPELLS = tuple(c.index for c in CARDS if c.kind == "spell")
(BLOOD_HOUND, CAGED, HYPNOSIS, INSOMNIA, SEANCE, SILVER_BULLET, THE_GIFT, TRUTH_SERUM) = NIGHT
(ALL_HALLOWS_EVE, THE_ACCUSED, THE_PURGE, THE_SLEEPWALKERS, THE_TEMPEST, THE_TRUSTED, THE_UNSAVED,
 THE_UNWANTED) = FINAL
(WOLFSBANE, TANGLEVINE, SCRYING_BOWL, HEALING_DRAUGHT, PURIFYING_RITE, BANISHING_RITE, SPIRIT_LEASH, MOON_WATCHER,
 OWL_FEATHER, DEATH_RATTLE, OMEN_CROW, CHARM_BRACELET) = SPELLS
# cards that lie face-up in front of a position: Séance, Silver Bullet and the Spells (R41, R45)
TABLE = (SEANCE, SILVER_BULLET, *SPELLS)
GOLD_SPELLS = tuple(s for s in SPELLS if CARDS[s].trigger == "gold")
CURSES_IDS = tuple(c.index for c in CARDS if c.set == "curses")
GOLD_ICON = tuple(c.icon("gold") for c in CARDS[:HAND])
WOUND_CARDS = tuple(c.index for c in CARDS[:HAND] if c.icon("wound"))  # cursed_gold, cursed_charm, wound
GOLD_CARDS = (GOLD, CURSED_GOLD)


def _bearing(icon: str) -> tuple[tuple[int, int], ...]:
    """(hand card, how many ``icon`` it shows) for each hand card that shows it: the rules count icons, not cards."""
    return tuple((c.index, c.icon(icon)) for c in CARDS[:HAND] if c.icon(icon))


# R34-R38: what a hand is worth, icon by icon, as cards.toml prints them
BITE_ICONS, CHARM_ICONS, WOUND_ICONS, SALVE_ICONS, HOLY_ICONS = map(
    _bearing, ("bite", "charm", "wound", "salve", "holy_water"))
#: icon -> the hand cards whose Infinity cancels every such icon in the hand that holds them (R35)
CANCELLED_BY = {icon: tuple(c.index for c in CARDS[:HAND] if c.cancels == icon) for icon in CANCELLABLE}
BRACELET_CHARM = CARDS[CHARM_BRACELET].icon("charm")  # a spell in front of its owner counts with the hand (R37)
BULLET_WOUND = CARDS[SILVER_BULLET].icon("wound")  # R58, D19: one wound, one more for a werewolf
BULLET_WOLF_WOUND = CARDS[SILVER_BULLET].icon("wolf_wound")


def name(index: int) -> str:
    return CARDS[index].name


def main_cards(players: int) -> list[int]:
    """The main cards (Gold/Bite/Charm/Wound/Salve) for a player count (R6)."""
    out: list[int] = []
    for c in CARDS[:HAND]:
        if c.set != "base":
            continue
        k = c.copies["base"] + (c.copies["plus6"] if players >= 6 else 0) + (c.copies["plus9"] if players >= 9 else 0)
        out += [c.index] * k
    return out


def curses_cards() -> list[int]:
    return [c for c in CURSES_IDS for _ in range(CARDS[c].copies["base"])]


def hand_json(h: list[int]) -> dict[str, int]:
    """A hand as counts per card id (D16). A plain loop, not a dict comprehension, which this CPython makes and calls
    as a function (the observation makes a hand's JSON at most decisions; bot_speed's 20 games: the observation
    87.7k -> 86.0k CPU instructions and 2.58k -> 2.48k L1 cache misses a decision, valgrind --tool=cachegrind
    --cache-sim=yes)."""
    out: dict[str, int] = {}
    for c in range(HAND):
        k = h[c]
        if k:
            out[IDS[c]] = k
    return out


def clamp_cuts(d: int, cut1: int, cut2: int) -> tuple[int, int]:
    """Every pile keeps at least one card."""
    cut1 = max(1, min(cut1, d - 2))
    cut2 = max(cut1 + 1, min(cut2, d - 1))
    return cut1, cut2


def deck_from(cards: list[int], night: tuple[int, int, int], cut1: int, cut2: int) -> list[int]:
    """Top-down: pile 1, Night A, pile 2, Night B, pile 3, Final Night; stored bottom first."""
    top_down = [*cards[:cut1], night[0], *cards[cut1:cut2], night[1], *cards[cut2:], night[2]]
    top_down.reverse()
    return top_down


#: the ``catalogue`` hook: cards.toml as it stands, public to every client
catalogue = catalogue_of(__package__)
