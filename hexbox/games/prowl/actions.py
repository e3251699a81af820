"""Prowl actions and their fixed encoding (docs/games/prowl.md): 817 ids, the same for every player count.

``str(action)`` is a phrase for the player who makes the move: it may name their own hidden card. Nobody else is
ever shown it; what the others are told of a move comes from its events (words.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from hexbox.core import Action, ActionSpace

from .cards import CARD_INDEX, CARDS, CLAN_INDEX, CLANS

MAX_SEATS = 5
FIRSTS = ("strengthen", "effect")
OPTIONS = ("raise", "lower", "dominance", "force_change", "left", "right", "confirm")


def card_name(card_id: str) -> str:
    return CARDS[CARD_INDEX[card_id]].name


def clan_name(clan_id: str) -> str:
    return CLANS[CLAN_INDEX[clan_id]].name


@dataclass(frozen=True, slots=True)
class Play(Action):
    kind: ClassVar[str] = "play"
    card: str
    first: str  # "strengthen" | "effect"

    def __str__(self) -> str:
        return f"play {card_name(self.card)}, {self.first} first"


@dataclass(frozen=True, slots=True)
class Change(Action):
    kind: ClassVar[str] = "change"
    card: str

    def __str__(self) -> str:
        return f"change your clan card to {card_name(self.card)}"


@dataclass(frozen=True, slots=True)
class Accuse(Action):
    kind: ClassVar[str] = "accuse"
    card: str
    target: int
    clan: str

    def __str__(self) -> str:
        return f"discard {card_name(self.card)} and accuse seat {self.target} of {clan_name(self.clan)}"


@dataclass(frozen=True, slots=True)
class SetClan(Action):
    kind: ClassVar[str] = "set_clan"
    card: str

    def __str__(self) -> str:
        return f"place {card_name(self.card)} face down as your clan card"


@dataclass(frozen=True, slots=True)
class ChoosePlayer(Action):
    kind: ClassVar[str] = "choose_player"
    seat: int

    def __str__(self) -> str:
        return f"choose seat {self.seat}"


@dataclass(frozen=True, slots=True)
class ChooseClan(Action):
    kind: ClassVar[str] = "choose_clan"
    clan: str

    def __str__(self) -> str:
        return f"choose {clan_name(self.clan)}"


@dataclass(frozen=True, slots=True)
class ChooseCard(Action):
    kind: ClassVar[str] = "choose_card"
    card: str

    def __str__(self) -> str:
        return f"choose {card_name(self.card)}"


@dataclass(frozen=True, slots=True)
class ChooseOption(Action):
    kind: ClassVar[str] = "choose_option"
    option: str

    def __str__(self) -> str:
        return _OPTION_TEXT[self.option]


# what each option does, for the player choosing it; "dominance" as an accusation reward by a player who holds the
# token already raises a clan instead (R29): words.label() says so in that position
_OPTION_TEXT = {
    "raise": "raise", "lower": "lower",
    "left": "pass the clan cards to the left", "right": "pass the clan cards to the right",
    "dominance": "take the Dominance token (an accusation reward raises a clan by one if you hold it already)",
    "force_change": "force them to Change on their next turn", "confirm": "confirm the swap",
}


@dataclass(frozen=True, slots=True)
class Skip(Action):
    kind: ClassVar[str] = "skip"

    def __str__(self) -> str:
        return "skip"


# id layout (docs/games/prowl.md): the ranges below are part of the public encoding; lists are indexed like the ids
PLAY = [tuple(Play(c.id, f) for f in FIRSTS) for c in CARDS]  # 0..63 = 2 * card + first
CHANGE = [Change(c.id) for c in CARDS]  # 64..95
ACCUSE = [[[Accuse(c.id, t, k.id) for k in CLANS] for t in range(MAX_SEATS)] for c in CARDS]  # 96..735
SET_CLAN = [SetClan(c.id) for c in CARDS]  # 736..767
CHOOSE_PLAYER = [ChoosePlayer(s) for s in range(MAX_SEATS)]  # 768..772
CHOOSE_CLAN = [ChooseClan(k.id) for k in CLANS]  # 773..776
CHOOSE_CARD = [ChooseCard(c.id) for c in CARDS]  # 777..808
CHOOSE_OPTION = {o: ChooseOption(o) for o in OPTIONS}  # 809..815
SKIP = Skip()  # 816

SPACE = ActionSpace([
    *(a for pair in PLAY for a in pair), *CHANGE, *(a for c in ACCUSE for t in c for a in t), *SET_CLAN,
    *CHOOSE_PLAYER, *CHOOSE_CLAN, *CHOOSE_CARD, *CHOOSE_OPTION.values(), SKIP,
])
assert len(SPACE) == 817 and SPACE.id(CHANGE[0]) == 64 and SPACE.id(ACCUSE[0][0][0]) == 96
assert SPACE.id(SET_CLAN[0]) == 736 and SPACE.id(CHOOSE_OPTION["raise"]) == 809 and SPACE.id(SKIP) == 816
# speed: for each set of accusable seats (bit t = seat t), every card's accusations in id order
ACCUSE_BY_MASK = [[tuple(a for t in range(MAX_SEATS) if m >> t & 1 for a in ACCUSE[c][t]) for c in range(len(CARDS))]
                  for m in range(32)]
RAISE, LOWER, DOMINANCE, FORCE_CHANGE, LEFT, RIGHT, CONFIRM = (CHOOSE_OPTION[o] for o in OPTIONS)
