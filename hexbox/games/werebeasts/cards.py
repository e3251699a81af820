"""Werebeasts components, read from cards.toml and checked against the rulebook's counts (R1, R2)."""

from __future__ import annotations

from dataclasses import dataclass

from hexbox.core import require
from hexbox.core.data import NAME, TEXT
from hexbox.core.loading import cards_toml, catalogue_of

BEASTS = 11
AUCTION_PER_BEAST = 4

#: what a variant's overlay may not change, and why (hexbox.sim.variant refuses it; every other value is a rule
#: parameter that tests/test_knobs.py shows some game reads, or one the checks below refuse with their reason)
FIXED = {
    "ending": TEXT, "*.*.name": TEXT, "*.*.text": TEXT, "goal.*.beast": TEXT,
    "*.*.index": NAME, "*.*.id": NAME,
}


@dataclass(frozen=True)
class Goal:
    index: int
    id: str
    name: str  # the goal card: "Weresharks"
    beast: str  # one beast: "Wereshark"; "" for Werechow
    kind: str  # "beast" | "chow"


@dataclass(frozen=True)
class AuctionCard:
    index: int
    id: str
    beast: int  # goal index of its beast
    icons: int  # 1 single, 2 double
    name: str = ""  # "Wereshark (single)", as printed in cards.toml

    @property
    def double(self) -> bool:
        return self.icons == 2


@dataclass(frozen=True)
class Components:
    goals: tuple[Goal, ...]
    auction: tuple[AuctionCard, ...]
    cans_per_player: int
    cans_total: int
    chow_cans_per_point: int

    @property
    def chow(self) -> int:
        return BEASTS  # the Werechow goal's index

    def card_name(self, index: int) -> str:
        return self.auction[index].name


def load() -> Components:
    raw = cards_toml(__package__)
    where = "werebeasts/cards.toml"
    goals = tuple(Goal(g["index"], g["id"], g["name"], g["beast"], g["kind"]) for g in raw.get("goal", []))
    require(len(goals) == BEASTS + 1, where, f"expected 12 goals, found {len(goals)}")
    require([g.index for g in goals] == list(range(len(goals))), where, "goal indices must be 0..11 in order")
    require([g.kind for g in goals] == ["beast"] * BEASTS + ["chow"], where, "goals 0-10 are beasts, 11 is Werechow")
    require(len({g.id for g in goals}) == len(goals), where, "goal ids must be unique")
    by_id = {g.id: g.index for g in goals}
    auction = []
    for a in raw.get("auction", []):
        require(a.get("beast") in by_id and by_id[a["beast"]] < BEASTS, where, f"auction card {a.get('id')}: bad beast")
        beast = goals[by_id[a["beast"]]].beast
        name = f"{beast} (double)" if a["icons"] == 2 else f"{beast} (single)"
        auction.append(AuctionCard(a["index"], a["id"], by_id[a["beast"]], a["icons"], name))
    auction_t = tuple(auction)
    require(len(auction_t) == BEASTS * AUCTION_PER_BEAST, where, f"expected 44 auction cards, found {len(auction_t)}")
    require([a.index for a in auction_t] == list(range(len(auction_t))), where, "auction indices must be 0..43")
    require(len({a.id for a in auction_t}) == len(auction_t), where, "auction ids must be unique")
    for b in range(BEASTS):
        mine = auction_t[AUCTION_PER_BEAST * b: AUCTION_PER_BEAST * (b + 1)]
        require(all(a.beast == b for a in mine), where, f"cards {4 * b}..{4 * b + 3} must be {goals[b].id}'s")
        require([a.icons for a in mine] == [1, 1, 1, 2], where,
                f"{goals[b].id}'s four auction cards are three singles (1 icon) and a double (2 icons), in that order "
                f"(R1), not {[a.icons for a in mine]}")
    # the printed name follows from the beast and the icons: checked last, so a changed icon count is named as such
    for a, printed in zip(auction_t, raw.get("auction", []), strict=True):
        require(printed.get("name") == a.name, where, f"auction card {a.id}: its name is {a.name!r}")
    game = raw.get("game", {})
    comps = Components(goals, auction_t, game.get("cans_per_player", 0), game.get("cans_total", 0),
                       game.get("chow_cans_per_point", 0))
    require(comps.cans_per_player == 8 and comps.cans_total == 80, where, "8 cans each, 80 in the box")
    require(comps.chow_cans_per_point > 0, where, "chow_cans_per_point must be positive")
    return comps


CARDS = load()
GOAL_INDEX = {g.id: g.index for g in CARDS.goals}
CARD_INDEX = {a.id: a.index for a in CARDS.auction}
#: auction card id -> "Wereshark (single)" / "Wereshark (double)", as the table shows it
CARD_LABEL = {a.id: CARDS.card_name(a.index) for a in CARDS.auction}
GOAL_NAME = {g.id: g.name for g in CARDS.goals}  # goal id -> "Weresharks"


#: the ``catalogue`` hook: cards.toml as it stands, public to every client
catalogue = catalogue_of(__package__)
