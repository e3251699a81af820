"""Voodoo actions and their fixed encoding (docs/games/voodoo.md 'For researchers'), the same for every player count.

Dice fields are code strings in face order ("PU GH GH"); a target of -1 means "every adversary" (the
all-adversary curses) or "no seat". Every action is created once here; the rules hand out these objects.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement, product
from typing import ClassVar

from hexbox.core import Action, ActionSpace

from .cards import ARTEFACTS, CARDS, CURSE_INDEX, CURSES, FACES, dice_names, dice_text

MAX_SEATS = 6


def _counts(combo: tuple[int, ...]) -> tuple[int, ...]:
    c = [0] * 6
    for f in combo:
        c[f] += 1
    return tuple(c)


#: the most dice a bag holds after a roll (R10: cards.toml's dice, 5 as printed), and the most a cost names
BAG = max(CARDS.dice, max(c.dice for c in CURSES))
# every non-empty multiset of at most BAG dice, in a fixed order (461 of them for five dice)
MULTISETS: tuple[tuple[int, ...], ...] = tuple(
    _counts(combo) for size in range(1, BAG + 1) for combo in combinations_with_replacement(range(6), size))
MS_INDEX = {m: i for i, m in enumerate(MULTISETS)}
KEY_OF_TEXT = {dice_text(m): m for m in MULTISETS}
SINGLE = tuple(tuple(int(f == g) for g in range(6)) for f in range(6))
CODES = tuple(f.code for f in FACES)


def _curse_name(curse_id: str) -> str:
    return CURSES[CURSE_INDEX[curse_id]].name if curse_id in CURSE_INDEX else curse_id


def _face_name(code: str) -> str:
    return next((f.name for f in FACES if f.code == code), code)


def _dice(text: str) -> str:
    return dice_names(KEY_OF_TEXT[text]) if text in KEY_OF_TEXT else text


@dataclass(frozen=True, slots=True)
class Roll(Action):
    kind: ClassVar[str] = "roll"

    def __str__(self) -> str:
        return "roll the dice"


@dataclass(frozen=True, slots=True)
class Reroll(Action):
    kind: ClassVar[str] = "reroll"
    drop: str
    dice: str

    def __str__(self) -> str:
        return f"discard a {_face_name(self.drop)} and re-roll {_dice(self.dice)}"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    kind: ClassVar[str] = "keep"

    def __str__(self) -> str:
        return "keep the bag"


@dataclass(frozen=True, slots=True)
class DrawCurse(Action):
    kind: ClassVar[str] = "draw_curse"
    pay: str

    def __str__(self) -> str:
        return f"draw a Curse card, paying {_dice(self.pay)}"


@dataclass(frozen=True, slots=True)
class DrawArtefact(Action):
    kind: ClassVar[str] = "draw_artefact"
    pay: str

    def __str__(self) -> str:
        return f"draw an Artefact, paying {_dice(self.pay)}"


@dataclass(frozen=True, slots=True)
class Cast(Action):
    kind: ClassVar[str] = "cast"
    curse: str
    target: int
    pay: str

    def __str__(self) -> str:
        on = "every adversary" if self.target < 0 else f"seat {self.target}"
        return f"cast {_curse_name(self.curse)} on {on}, paying {_dice(self.pay)}"


@dataclass(frozen=True, slots=True)
class UseArtefact(Action):
    """One kind for all 13 artefacts; fields an artefact does not use stay "" or -1."""

    kind: ClassVar[str] = "use_artefact"
    artefact: str
    curse: str = ""
    target: int = -1
    dice: str = ""
    face: str = ""
    face_to: str = ""

    def __str__(self) -> str:
        a = self.artefact
        name = next(x.name for x in ARTEFACTS if x.id == a)
        if a == "A01":
            on = "every adversary" if self.target < 0 else f"seat {self.target}"
            return f"use {name}: cast {_curse_name(self.curse)} on {on} with the bag's {_dice(self.dice)}"
        if a == "A02":
            return f"use {name}: re-roll {_dice(self.dice)}"
        if a == "A03":
            return f"use {name}: turn a {_face_name(self.face)} into a {_face_name(self.face_to)}"
        if a == "A04":
            return f"use {name}: add a second {_face_name(self.face)}"
        if a == "A05":
            return f"use {name}: put the {_face_name(self.face)} back into the bag"
        if a == "A08":
            return f"use {name}: shake off {_curse_name(self.curse)}"
        if a == "A11":
            return f"use {name}: take a curse from seat {self.target}"
        return f"use {name}"


@dataclass(frozen=True, slots=True)
class KeepCard(Action):
    """Black Candle's choice: keep one card; ``bottom`` goes to the very bottom, the third just above it."""

    kind: ClassVar[str] = "keep_card"
    keep: str
    bottom: str

    def __str__(self) -> str:
        tail = f", {_curse_name(self.bottom)} to the very bottom" if self.bottom else ""
        return f"keep {_curse_name(self.keep)}{tail}"


@dataclass(frozen=True, slots=True)
class PassDoll(Action):
    kind: ClassVar[str] = "pass_doll"

    def __str__(self) -> str:
        return "pass the Voodoo doll"


@dataclass(frozen=True, slots=True)
class Claim(Action):
    kind: ClassVar[str] = "claim"
    curse: str

    def __str__(self) -> str:
        return f"cry \"Broken!\" about {_curse_name(self.curse)}"


@dataclass(frozen=True, slots=True)
class Done(Action):
    kind: ClassVar[str] = "done"

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Emote(Action):
    kind: ClassVar[str] = "emote"
    emote: str

    def __str__(self) -> str:
        return f"{self.emote}!"


@dataclass(frozen=True, slots=True)
class Say(Action):
    kind: ClassVar[str] = "say"
    phrase: str
    voice: str

    def __str__(self) -> str:
        text = dict(CARDS.phrases)[self.phrase]
        return f"say \"{text}\"" + ("" if self.voice == "normal" else f" in a {self.voice} voice")


def cast_pays(curse: int) -> tuple[tuple[int, ...], ...]:
    """Every payment that matches a cost exactly (R21, R22): the named faces plus any face per '*'."""
    c = CURSES[curse]
    if not c.stars:
        return (c.cost,)
    return tuple(tuple(n + (f == g) for g, n in enumerate(c.cost)) for f in range(6))


def _targets(curse: int) -> tuple[int, ...]:
    return (-1,) if CURSES[curse].all_adversaries else tuple(range(MAX_SEATS))


ROLL = Roll()
# R11: one die set aside, any of the others re-rolled
REROLL = {(f, m): Reroll(CODES[f], dice_text(m)) for f in range(6) for m in MULTISETS if sum(m) <= CARDS.dice - 1}
KEEP = Keep()
PAIRS = tuple(m for m in MULTISETS if sum(m) == 2)
DRAW_CURSE = {m: DrawCurse(dice_text(m)) for m in PAIRS}
DRAW_ARTEFACT = {m: DrawArtefact(dice_text(m)) for m in PAIRS}
CAST = {(c, t, p): Cast(CURSES[c].id, t, dice_text(p))
        for c in range(len(CURSES)) for t in _targets(c) for p in cast_pays(c)}
SMELL = {(c, t, p): UseArtefact("A01", CURSES[c].id, t, dice_text(p))
         for c in range(len(CURSES)) for t in _targets(c) for p in cast_pays(c)}
RABBIT = {m: UseArtefact("A02", dice=dice_text(m)) for m in MULTISETS}
LADLE = {(f, g): UseArtefact("A03", face=CODES[f], face_to=CODES[g]) for f in range(6) for g in range(6) if f != g}
TWIN = tuple(UseArtefact("A04", face=CODES[f]) for f in range(6))
DUST = tuple(UseArtefact("A05", face=CODES[f]) for f in range(6))
AMULET = UseArtefact("A06")
MIRROR = UseArtefact("A07")
GRIS = tuple(UseArtefact("A08", curse=c.id) for c in CURSES)
BEAN = UseArtefact("A09")
CANDLE = UseArtefact("A10")
WOLF = tuple(UseArtefact("A11", target=s) for s in range(MAX_SEATS))
MASK = UseArtefact("A12")
WARD = UseArtefact("A13")
KEEP_CARD = {(k, b): KeepCard(CURSES[k].id, CURSES[b].id if b >= 0 else "")
             for k in range(len(CURSES)) for b in range(-1, len(CURSES)) if b != k}
PASS_DOLL = PassDoll()
CLAIM = tuple(Claim(c.id) for c in CURSES)
DONE = Done()
EMOTE = tuple(Emote(e) for e in CARDS.emotes)
SAY = tuple(Say(p, v) for p, _ in CARDS.phrases for v in CARDS.voices)

SPACE = ActionSpace([
    ROLL, *REROLL.values(), KEEP, *DRAW_CURSE.values(), *DRAW_ARTEFACT.values(), *CAST.values(),
    *SMELL.values(), *RABBIT.values(), *LADLE.values(), *TWIN, *DUST, AMULET, MIRROR, *GRIS, BEAN, CANDLE,
    *WOLF, MASK, WARD, *KEEP_CARD.values(), PASS_DOLL, *CLAIM, DONE, *EMOTE, *SAY,
])
FREE = (*EMOTE, *SAY)  # the last ids of the space: a legal list ends with the free actions


@cache
def submultisets(bag: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Non-empty sub-multisets of a bag, in MULTISETS order (so the actions built from them ascend).

    Made from the bag's own counts, not by a filter of all the multisets: a bag of five has at most 32 of them
    against 461 to test (see _PAYS below)."""
    subs = [m for m in product(*[range(k + 1) for k in bag]) if m in MS_INDEX]
    subs.sort(key=MS_INDEX.__getitem__)
    return tuple(subs)


@cache
def pairs_in(bag: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(m for m in PAIRS if all(a <= b for a, b in zip(m, bag)))


@cache
def payable(curse: int, bag: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    if any(a > b for a, b in zip(CURSES[curse].cost, bag)):
        return ()  # short of the named faces: no payment fits (most bags, for most curses)
    return tuple(p for p in _PAYS[curse] if all(a <= b for a, b in zip(p, bag)))


@cache
def rerolls(bag: tuple[int, ...]) -> tuple[Reroll, ...]:
    """Every re-roll open to a bag of two or more dice (R11, D11), ascending by id."""
    out: list[Reroll] = []
    if sum(bag) >= 2:
        for f in range(6):
            if bag[f]:
                rest = bag[:f] + (bag[f] - 1,) + bag[f + 1:]
                out += [REROLL[f, m] for m in submultisets(rest) if sum(m) < CARDS.dice]
    return tuple(out)


@cache
def draws(bag: tuple[int, ...]) -> tuple[tuple[DrawCurse, ...], tuple[DrawArtefact, ...]]:
    """The draws a bag can pay (R15, R16), ascending by id."""
    pairs = pairs_in(bag)
    return tuple(DRAW_CURSE[m] for m in pairs), tuple(DRAW_ARTEFACT[m] for m in pairs)


@cache
def casts_by_target(curse: int, bag: tuple[int, ...], smell: bool) -> dict[int, tuple[Action, ...]]:
    """target -> the casts (or Smellin' Doll uses) of ``curse`` that ``bag`` pays, ascending by id."""
    return _casts_paid(curse, payable(curse, bag), smell)


# A new bag's lists are worked out in the middle of a decision: by the payments, of which there are far fewer than
# bags (this, the quick refusal of payable and submultisets' own counts: bot_speed.py --split, 20 games, legal
# actions 14 -> 8 µs per decision)
_PAYS = tuple(cast_pays(c) for c in range(len(CURSES)))


@cache
def _casts_paid(curse: int, pays: tuple[tuple[int, ...], ...], smell: bool) -> dict[int, tuple[Action, ...]]:
    table = SMELL if smell else CAST
    if not pays:
        return {}
    targets = (-1,) if CURSES[curse].all_adversaries else tuple(range(MAX_SEATS))
    return {t: tuple(table[curse, t, p] for p in pays) for t in targets}
