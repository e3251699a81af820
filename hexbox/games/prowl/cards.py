"""Prowl components, read from cards.toml and checked against docs/games/prowl.md ('Every card', 'Components')."""

from __future__ import annotations

from dataclasses import dataclass

from hexbox.core import require
from hexbox.core.data import NAME, TEXT
from hexbox.core.loading import cards_toml, catalogue_of

CLANS_IN_PLAY = 4
CARDS_PER_CLAN = 8
KEYWORDS = ("attachment", "early", "final", "peek")

#: what a variant's overlay may not change, and why (hexbox.sim.variant refuses it): Prowl's cards are effects the
#: rules carry out card by card (effects.py), so its numbers are its options (`hexbox games`), not its data
FIXED = {
    "ending": TEXT, "*.*.name": TEXT, "*.*.text": TEXT, "*.*.index": NAME, "*.*.id": NAME,
    "card.*.clan": "a card's clan is printed on it: the deal, the track and the effects name clans by card",
    "card.*.leader": "each clan has one leader (R7), the card whose claim the rules carry out",
    "card.*.keywords": "a card's keywords say when and how its effect acts, and the rules carry out each card's "
                       "effect as printed (effects.py): another keyword would not change what the card does",
}


@dataclass(frozen=True)
class Clan:
    index: int
    id: str
    name: str


@dataclass(frozen=True)
class Card:
    index: int
    id: str
    name: str
    clan: int
    leader: bool
    keywords: frozenset[str]
    text: str

    @property
    def attachment(self) -> bool:
        return "attachment" in self.keywords

    @property
    def early(self) -> bool:
        return "early" in self.keywords

    @property
    def final(self) -> bool:
        return "final" in self.keywords


@dataclass(frozen=True)
class Components:
    clans: tuple[Clan, ...]
    cards: tuple[Card, ...]


def load() -> Components:
    raw = cards_toml(__package__)
    where = "prowl/cards.toml"
    clans = tuple(Clan(c["index"], c["id"], c["name"]) for c in raw.get("clan", []))
    require(len(clans) == CLANS_IN_PLAY, where, f"expected 4 clans, found {len(clans)}")
    require([c.index for c in clans] == list(range(CLANS_IN_PLAY)), where, "clan indices must be 0..3 in order")
    require(len({c.id for c in clans}) == CLANS_IN_PLAY, where, "clan ids must be unique")
    clan_of = {c.id: c.index for c in clans}
    cards = []
    for c in raw.get("card", []):
        cid = c.get("id", "?")
        require(c.get("clan") in clan_of, where, f"card {cid}: unknown clan {c.get('clan')!r}")
        keywords = frozenset(c.get("keywords", []))
        require(keywords <= set(KEYWORDS), where, f"card {cid}: unknown keyword in {sorted(keywords)}")
        require(bool(c.get("text")), where, f"card {cid}: missing text")
        # a player who is not told a card is Early or Final spends it for nothing: the text names its keywords
        named = [k for k in (*sorted(keywords), *["leader"] * bool(c.get("leader"))) if k.capitalize() not in c["text"]]
        require(not named, where, f"card {cid}: its text must name its keywords {named}")
        cards.append(Card(c["index"], cid, c["name"], clan_of[c["clan"]], bool(c.get("leader")), keywords, c["text"]))
    deck = tuple(cards)
    total = CLANS_IN_PLAY * CARDS_PER_CLAN
    require(len(deck) == total, where, f"expected {total} cards, found {len(deck)}")
    require([c.index for c in deck] == list(range(total)), where, "card indices must be 0..31 in order")
    require(len({c.id for c in deck}) == total, where, "card ids must be unique")
    for k in range(CLANS_IN_PLAY):
        mine = deck[CARDS_PER_CLAN * k: CARDS_PER_CLAN * (k + 1)]
        require(all(c.clan == k for c in mine), where, f"cards {8 * k}..{8 * k + 7} must be {clans[k].id}'s")
        leaders = [c for c in mine if c.leader]
        require(len(leaders) == 1, where, f"{clans[k].id} must have exactly one leader")
        require(leaders[0].attachment, where, f"leader {leaders[0].id} must be an attachment")
    return Components(clans, deck)


COMPONENTS = load()
CLANS = COMPONENTS.clans
CARDS = COMPONENTS.cards
CLAN_INDEX = {c.id: c.index for c in CLANS}
CARD_INDEX = {c.id: c.index for c in CARDS}
CARD_CLAN = tuple(c.clan for c in CARDS)
# speed: plain tuples indexed by card or clan, read on every action instead of the dataclasses' properties
CARD_IDS = tuple(c.id for c in CARDS)
CLAN_IDS = tuple(k.id for k in CLANS)
CARD_EARLY = tuple(c.early for c in CARDS)
CARD_FINAL = tuple(c.final for c in CARDS)
LEADERS = tuple(c.index for c in CARDS if c.leader)
SPRING, SUMMER, AUTUMN, WINTER = range(4)

# card indices used by the rules (docs/games/prowl.md 'Every card'); the table is the contract, ids are checked below
(HIGH_MAGE, HOODED_FIGURE, WHISPERER, CHANGELING, MIST_WEAVER, BRAMBLE_SNARE, CURSED_EFFIGY, ECLIPSE_RITE,
 EXILED_PRINCE, WANDERER, HEADSTRONG_SCOUT, DUELIST, WAR_HORN, BURNING_BANNER, HUNTER, FIREBRAND,
 WARLORD, STANDARD_BEARER, FIELD_MARSHAL, TACTICIAN, DRILLMASTER, VICTORY_MARCH, GARRISON, PEACE_ENVOY,
 GRAND_CHANCELLOR, ICE_WALL, FROST_VEIL, AVALANCHE, BRIBED_OFFICIAL, BLIZZARD, MAGISTRATE, LONG_NIGHT) = range(32)
assert CARDS[HEADSTRONG_SCOUT].id == "summer_headstrong_scout" and CARDS[LONG_NIGHT].id == "winter_long_night"
assert LEADERS == (HIGH_MAGE, EXILED_PRINCE, WARLORD, GRAND_CHANCELLOR)


#: the ``catalogue`` hook: cards.toml as it stands, public to every client
catalogue = catalogue_of(__package__)
