"""GROWL actions and their fixed encoding: the same ids for every player count and option set.

Actions name seats (identities, D1) and card ids, never card copies (D16). Pairs of seats are stored
lowest first. The order of SPACE below is the public id layout.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from hexbox.core import Action, ActionSpace

from .cards import BANISHING_RITE as _BANISH
from .cards import GOLD as _GOLD
from .cards import GOLD_CARDS, HAND, IDS, SPIRIT_LEASH, TABLE, WOUND_CARDS, name
from .cards import SILVER_BULLET as _SB

MAX_SEATS = 10
HAND_IDS = IDS[:HAND]


def _n(card: str) -> str:
    return name(IDS.index(card))


@dataclass(frozen=True, slots=True)
class EndSpells(Action):
    kind: ClassVar[str] = "end_spells"

    def __str__(self) -> str:
        return "end the spell step and take the top card"


@dataclass(frozen=True, slots=True)
class Give(Action):
    kind: ClassVar[str] = "give"
    target: int

    def __str__(self) -> str:
        return f"give the top card to seat {self.target}"


@dataclass(frozen=True, slots=True)
class Target(Action):
    kind: ClassVar[str] = "target"
    target: int

    def __str__(self) -> str:
        return f"use the Night card on seat {self.target}"


@dataclass(frozen=True, slots=True)
class Target2(Action):
    kind: ClassVar[str] = "target2"
    first: int
    second: int

    def __str__(self) -> str:
        return f"use the Night card on seats {self.first} and {self.second}"


@dataclass(frozen=True, slots=True)
class NoTarget(Action):
    kind: ClassVar[str] = "no_target"

    def __str__(self) -> str:
        return "reveal the Night card without a target (nobody qualifies)"


@dataclass(frozen=True, slots=True)
class Hypnosis(Action):
    kind: ClassVar[str] = "hypnosis"
    card: str
    first: int
    second: int

    def __str__(self) -> str:
        return f"ask seats {self.first} and {self.second} how many {_n(self.card)} cards they hold"


@dataclass(frozen=True, slots=True)
class Begin(Action):
    kind: ClassVar[str] = "begin"

    def __str__(self) -> str:
        return "begin the Final Night"


@dataclass(frozen=True, slots=True)
class Contribute(Action):
    kind: ClassVar[str] = "contribute"
    card: str

    def __str__(self) -> str:
        return f"secretly put in {_n(self.card)}"


@dataclass(frozen=True, slots=True)
class Show(Action):
    kind: ClassVar[str] = "show"
    card: str

    def __str__(self) -> str:
        return f"privately show {_n(self.card)}"


@dataclass(frozen=True, slots=True)
class Vote(Action):
    kind: ClassVar[str] = "vote"
    target: int

    def __str__(self) -> str:
        return f"vote for seat {self.target}"


@dataclass(frozen=True, slots=True)
class Point(Action):
    kind: ClassVar[str] = "point"
    side: str  # left | right

    def __str__(self) -> str:
        return f"point {self.side}"


@dataclass(frozen=True, slots=True)
class Save(Action):
    kind: ClassVar[str] = "save"
    target: int

    def __str__(self) -> str:
        return f"save seat {self.target}"


@dataclass(frozen=True, slots=True)
class Pick(Action):
    kind: ClassVar[str] = "pick"
    target: int

    def __str__(self) -> str:
        return f"pick seat {self.target}"


@dataclass(frozen=True, slots=True)
class Hallows(Action):
    kind: ClassVar[str] = "hallows"
    left: str
    right: str

    def __str__(self) -> str:
        return f"send {_n(self.left)} to the left and {_n(self.right)} to the right"


@dataclass(frozen=True, slots=True)
class NightPass(Action):
    kind: ClassVar[str] = "night_pass"
    left: str
    right: str

    def __str__(self) -> str:
        return f"pass {_n(self.left)} to the left and {_n(self.right)} to the right"


@dataclass(frozen=True, slots=True)
class PassNone(Action):
    kind: ClassVar[str] = "pass_none"

    def __str__(self) -> str:
        return "pass nothing (no two legal cards)"


@dataclass(frozen=True, slots=True)
class DeathRattle(Action):
    kind: ClassVar[str] = "death_rattle"
    card: str
    target: int

    def __str__(self) -> str:
        return f"with a Death Rattle, give {_n(self.card)} to seat {self.target}"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    kind: ClassVar[str] = "decline"

    def __str__(self) -> str:
        return "let the Death Rattle go unused"


@dataclass(frozen=True, slots=True)
class Escape(Action):
    kind: ClassVar[str] = "escape"
    pay: str

    def __str__(self) -> str:
        return f"pay {_n(self.pay)} to discard Tanglevine"


@dataclass(frozen=True, slots=True)
class Scry(Action):
    kind: ClassVar[str] = "scry"
    pay: str
    target: int

    def __str__(self) -> str:
        return f"pay {_n(self.pay)} to look into seat {self.target}'s hand with the Scrying Bowl"


@dataclass(frozen=True, slots=True)
class Heal(Action):
    kind: ClassVar[str] = "heal"
    pay: str
    discard: str

    def __str__(self) -> str:
        return f"pay {_n(self.pay)} to discard {_n(self.discard)} with the Healing Draught"


@dataclass(frozen=True, slots=True)
class Purify(Action):
    kind: ClassVar[str] = "purify"
    pay: str

    def __str__(self) -> str:
        return f"pay {_n(self.pay)} to discard a Bite with the Purifying Rite"


@dataclass(frozen=True, slots=True)
class Banish(Action):
    kind: ClassVar[str] = "banish"
    pay: str
    spell: str

    def __str__(self) -> str:
        return f"pay {_n(self.pay)} to discard {_n(self.spell)} with the Banishing Rite"


@dataclass(frozen=True, slots=True)
class Leash(Action):
    kind: ClassVar[str] = "leash"
    pay1: str
    pay2: str
    spell: str
    target: int

    def __str__(self) -> str:
        return f"pay {_n(self.pay1)} and {_n(self.pay2)} to move {_n(self.spell)} to seat {self.target}"


S = range(MAX_SEATS)
PAIRS = [(a, b) for a in S for b in S if a < b]
PAIR_INDEX = {p: i for i, p in enumerate(PAIRS)}
HYPNOSIS_CARDS = tuple(c for c in range(HAND) if c != _GOLD)
BANISHABLE = tuple(t for t in TABLE if t != _BANISH)
LEASHABLE = tuple(t for t in TABLE if t != SPIRIT_LEASH)
PAY2 = [(a, b) for a in GOLD_CARDS for b in GOLD_CARDS if a <= b]
HEAL_DISCARDS = (*WOUND_CARDS, _SB)

END_SPELLS = EndSpells()
GIVE = [Give(t) for t in S]
TARGET = [Target(t) for t in S]
TARGET2 = [Target2(a, b) for a, b in PAIRS]
NO_TARGET = NoTarget()
HYPNOSIS = {(c, a, b): Hypnosis(IDS[c], a, b) for c in HYPNOSIS_CARDS for a, b in PAIRS}
BEGIN = Begin()
CONTRIBUTE = [Contribute(IDS[c]) for c in range(HAND)]
SHOW = [Show(IDS[c]) for c in range(HAND)]
VOTE = [Vote(t) for t in S]
POINT_LEFT, POINT_RIGHT = Point("left"), Point("right")
SAVE = [Save(t) for t in S]
PICK = [Pick(t) for t in S]
HALLOWS = [[Hallows(IDS[a], IDS[b]) for b in range(HAND)] for a in range(HAND)]
NIGHT_PASS = [[NightPass(IDS[a], IDS[b]) for b in range(HAND)] for a in range(HAND)]
PASS_NONE = PassNone()
DEATH_RATTLE = [[DeathRattle(IDS[c], t) for t in S] for c in range(HAND)]
DECLINE = Decline()
ESCAPE = {p: Escape(IDS[p]) for p in GOLD_CARDS}
SCRY = {(p, t): Scry(IDS[p], t) for p in GOLD_CARDS for t in S}
HEAL = {(p, d): Heal(IDS[p], IDS[d]) for p in GOLD_CARDS for d in HEAL_DISCARDS}
PURIFY = {p: Purify(IDS[p]) for p in GOLD_CARDS}
BANISH = {(p, s): Banish(IDS[p], IDS[s]) for p in GOLD_CARDS for s in BANISHABLE}
LEASH = {(a, b, s, t): Leash(IDS[a], IDS[b], IDS[s], t) for a, b in PAY2 for s in LEASHABLE for t in S}

SPACE = ActionSpace([
    END_SPELLS, *GIVE, *TARGET, *TARGET2, NO_TARGET, *HYPNOSIS.values(), BEGIN, *CONTRIBUTE, *SHOW, *VOTE,
    POINT_LEFT, POINT_RIGHT, *SAVE, *PICK, *(a for row in HALLOWS for a in row),
    *(a for row in NIGHT_PASS for a in row), PASS_NONE, *(a for row in DEATH_RATTLE for a in row), DECLINE,
    *ESCAPE.values(), *SCRY.values(), *HEAL.values(), *PURIFY.values(), *BANISH.values(), *LEASH.values(),
])
