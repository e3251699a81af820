"""Transylvania actions and their fixed encoding (docs/games/transylvania.md, "For researchers"): 4034 ids, the
same for every player count, allocated in the order of the catalogue below.

Parameters: ``node`` is a node slot 0..255 (tile index * 16 + alphabetical node index); ``card`` a card copy
(Discovery 0..68, Event 69..130; 131 means the Church card for ``divine``); ``piece`` 0..5 a seat's stand-up,
6..10 minions 0..4; ``monster`` 0 vampire, 1 werewolf, 2 zombie; ``trait`` 0 attack, 1 mind, 2 spirit.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations
from typing import ClassVar

from hexbox.core import Action, ActionSpace

from .cards import CARDS, MONSTERS, TRAITS

ND = CARDS.ndisc  # 69
NC = CARDS.ncards  # 131
PERMS = tuple(permutations(range(3)))  # order_tiles, lexicographic


def node_name(slot: int) -> str:
    node = CARDS.nodes.get(slot)
    return node.id if node is not None else f"space {slot}"


def card_name(card: int) -> str:
    if card == NC:
        return "the Church card"
    k = CARDS.card_kind[card]
    return k.name


def _piece(p: int) -> str:
    return f"seat {p}" if p < 6 else f"minion {p - 6}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class EndExploration(Action):
    kind: ClassVar[str] = "end_exploration"

    def __str__(self) -> str:
        return "end Exploration"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    kind: ClassVar[str] = "end_turn"

    def __str__(self) -> str:
        return "end the turn"


@dataclass(frozen=True, slots=True)
class ChooseSpace(Action):
    kind: ClassVar[str] = "choose_space"
    node: int

    def __str__(self) -> str:
        return f"choose {node_name(self.node)}"


@dataclass(frozen=True, slots=True)
class KeepCard(Action):
    kind: ClassVar[str] = "keep_card"
    card: int

    def __str__(self) -> str:
        return f"keep {card_name(self.card)}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    kind: ClassVar[str] = "move"
    node: int

    def __str__(self) -> str:
        return f"move to {node_name(self.node)}"


@dataclass(frozen=True, slots=True)
class Explore(Action):
    kind: ClassVar[str] = "explore"

    def __str__(self) -> str:
        return "step off the exit and lay a new tile"


@dataclass(frozen=True, slots=True)
class Orient(Action):
    kind: ClassVar[str] = "orient"
    rotation: int

    def __str__(self) -> str:
        return f"lay the tile turned {self.rotation} quarter turn(s) clockwise"


@dataclass(frozen=True, slots=True)
class UsePassage(Action):
    kind: ClassVar[str] = "use_passage"

    def __str__(self) -> str:
        return "take the secret passage"


@dataclass(frozen=True, slots=True)
class UseMirror(Action):
    kind: ClassVar[str] = "use_mirror"

    def __str__(self) -> str:
        return "step through the mirror"


@dataclass(frozen=True, slots=True)
class Attempt(Action):
    kind: ClassVar[str] = "attempt"

    def __str__(self) -> str:
        return "attempt the Discovery token"


@dataclass(frozen=True, slots=True)
class KeyUnlock(Action):
    kind: ClassVar[str] = "key_unlock"
    node: int

    def __str__(self) -> str:
        return f"unlock {node_name(self.node)} with a Skeleton Key"


@dataclass(frozen=True, slots=True)
class Challenge(Action):
    kind: ClassVar[str] = "challenge"
    seat: int
    trait: int

    def __str__(self) -> str:
        return f"challenge seat {self.seat} on {TRAITS[self.trait].capitalize()}"


@dataclass(frozen=True, slots=True)
class TakeHand(Action):
    kind: ClassVar[str] = "take_hand"

    def __str__(self) -> str:
        return "take a random card from the loser's hand"


@dataclass(frozen=True, slots=True)
class TakeExamined(Action):
    kind: ClassVar[str] = "take_examined"
    card: int

    def __str__(self) -> str:
        return f"take the loser's examined {card_name(self.card)}"


@dataclass(frozen=True, slots=True)
class Pilfer(Action):
    kind: ClassVar[str] = "pilfer"

    def __str__(self) -> str:
        return "pilfer the corpse"


@dataclass(frozen=True, slots=True)
class Examine(Action):
    kind: ClassVar[str] = "examine"
    card: int

    def __str__(self) -> str:
        return f"examine {card_name(self.card)}"


@dataclass(frozen=True, slots=True)
class Bump(Action):
    kind: ClassVar[str] = "bump"
    card: int

    def __str__(self) -> str:
        return f"bump {card_name(self.card)} back to your hand"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    kind: ClassVar[str] = "discard"
    card: int

    def __str__(self) -> str:
        return f"discard {card_name(self.card)}"


@dataclass(frozen=True, slots=True)
class Attach(Action):
    kind: ClassVar[str] = "attach"
    card: int

    def __str__(self) -> str:
        return f"attach the cursed card to {card_name(self.card)}"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    kind: ClassVar[str] = "attack"
    piece: int
    stealthy: int

    def __str__(self) -> str:
        return f"attack {_piece(self.piece)}" + (" with a Stealthy Strike" if self.stealthy else "")


@dataclass(frozen=True, slots=True)
class Ambush(Action):
    kind: ClassVar[str] = "ambush"
    piece: int  # 0: own stand-up, 1..5: minion 0..4

    def __str__(self) -> str:
        return "ambush the mover" if self.piece == 0 else f"ambush the mover with minion {self.piece - 1}"


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    kind: ClassVar[str] = "reveal"
    monster: int

    def __str__(self) -> str:
        return f"reveal yourself as the {MONSTERS[self.monster].capitalize()}"


@dataclass(frozen=True, slots=True)
class RevealAmbush(Action):
    kind: ClassVar[str] = "reveal_ambush"
    monster: int

    def __str__(self) -> str:
        return f"reveal yourself as the {MONSTERS[self.monster].capitalize()} and attack"


@dataclass(frozen=True, slots=True)
class SwapTransformations(Action):
    kind: ClassVar[str] = "swap_transformations"

    def __str__(self) -> str:
        return "swap your dead Transformation cards for new Discovery cards"


@dataclass(frozen=True, slots=True)
class Cure(Action):
    kind: ClassVar[str] = "cure"
    card: int

    def __str__(self) -> str:
        return f"cure yourself with {card_name(self.card)}"


@dataclass(frozen=True, slots=True)
class BibleDiscard(Action):
    kind: ClassVar[str] = "bible_discard"
    card: int

    def __str__(self) -> str:
        return f"use the Bible to discard {card_name(self.card)}"


@dataclass(frozen=True, slots=True)
class Roll(Action):
    kind: ClassVar[str] = "roll"

    def __str__(self) -> str:
        return "roll for the Event"


@dataclass(frozen=True, slots=True)
class Rampart(Action):
    kind: ClassVar[str] = "rampart"

    def __str__(self) -> str:
        return "use Rampart: take the Event's best result"


@dataclass(frozen=True, slots=True)
class Tinker(Action):
    kind: ClassVar[str] = "tinker"
    k: int
    which: str  # low | high

    def __str__(self) -> str:
        return f"use Tinkering: re-roll your {self.k} {'lowest' if self.which == 'low' else 'highest'} dice"


@dataclass(frozen=True, slots=True)
class KeepRoll(Action):
    kind: ClassVar[str] = "keep_roll"

    def __str__(self) -> str:
        return "keep the roll"


@dataclass(frozen=True, slots=True)
class UseAbility(Action):
    kind: ClassVar[str] = "use_ability"

    def __str__(self) -> str:
        return "use your ability"


@dataclass(frozen=True, slots=True)
class OrderTiles(Action):
    kind: ClassVar[str] = "order_tiles"
    perm: int

    def __str__(self) -> str:
        return f"put the tiles back in the order {'-'.join(str(i + 1) for i in PERMS[self.perm])}"


@dataclass(frozen=True, slots=True)
class Experiment(Action):
    kind: ClassVar[str] = "experiment"
    take: int
    order: int

    def __str__(self) -> str:
        return f"examine revealed card {self.take + 1}" + (", the others back swapped" if self.order else "")


@dataclass(frozen=True, slots=True)
class Divine(Action):
    kind: ClassVar[str] = "divine"
    card: int

    def __str__(self) -> str:
        return f"use Divine Intervention on {card_name(self.card)}"


@dataclass(frozen=True, slots=True)
class Sleight(Action):
    kind: ClassVar[str] = "sleight"
    card: int

    def __str__(self) -> str:
        return f"use Sleight of Hand to take {card_name(self.card)}"


@dataclass(frozen=True, slots=True)
class SleuthUnlock(Action):
    kind: ClassVar[str] = "sleuth_unlock"
    node: int

    def __str__(self) -> str:
        return f"pick the lock on {node_name(self.node)}"


@dataclass(frozen=True, slots=True)
class SleuthLock(Action):
    kind: ClassVar[str] = "sleuth_lock"
    node: int

    def __str__(self) -> str:
        return f"lock {node_name(self.node)}"


@dataclass(frozen=True, slots=True)
class Augury(Action):
    kind: ClassVar[str] = "augury"
    seat: int

    def __str__(self) -> str:
        return f"use Augury on seat {self.seat}"


@dataclass(frozen=True, slots=True)
class TemplarPay(Action):
    kind: ClassVar[str] = "templar_pay"
    card: int

    def __str__(self) -> str:
        return f"pay {card_name(self.card)} to the Secret Society"


@dataclass(frozen=True, slots=True)
class Become(Action):
    kind: ClassVar[str] = "become"
    monster: int

    def __str__(self) -> str:
        return f"rise as the {MONSTERS[self.monster].capitalize()}"


@dataclass(frozen=True, slots=True)
class Determine(Action):
    kind: ClassVar[str] = "determine"
    trait: int

    def __str__(self) -> str:
        return f"make a Determination roll on {TRAITS[self.trait].capitalize()}"


@dataclass(frozen=True, slots=True)
class Spawn(Action):
    kind: ClassVar[str] = "spawn"
    node: int

    def __str__(self) -> str:
        return f"raise a minion on {node_name(self.node)}"


@dataclass(frozen=True, slots=True)
class MinionMove(Action):
    kind: ClassVar[str] = "minion_move"
    minion: int
    node: int

    def __str__(self) -> str:
        return f"move minion {self.minion} to {node_name(self.node)}"


@dataclass(frozen=True, slots=True)
class MinionAttack(Action):
    kind: ClassVar[str] = "minion_attack"
    minion: int
    seat: int

    def __str__(self) -> str:
        return f"attack seat {self.seat} with minion {self.minion}"


PASS = Pass()
END_EXPLORATION = EndExploration()
END_TURN = EndTurn()
CHOOSE = tuple(ChooseSpace(n) for n in range(256))
KEEP = tuple(KeepCard(d) for d in range(ND))
MOVE = tuple(Move(n) for n in range(256))
EXPLORE = Explore()
ORIENT = tuple(Orient(r) for r in range(4))
USE_PASSAGE = UsePassage()
USE_MIRROR = UseMirror()
ATTEMPT = Attempt()
KEY = tuple(KeyUnlock(n) for n in range(256))
CHALLENGE = tuple(tuple(Challenge(s, t) for t in range(3)) for s in range(6))
TAKE_HAND = TakeHand()
TAKE_EXAMINED = tuple(TakeExamined(d) for d in range(ND))
PILFER = Pilfer()
EXAMINE = tuple(Examine(d) for d in range(ND))
BUMP = tuple(Bump(d) for d in range(ND))
DISCARD = tuple(Discard(c) for c in range(NC))
ATTACH = tuple(Attach(c) for c in range(NC))
ATTACK = tuple(tuple(Attack(p, s) for s in range(2)) for p in range(11))
AMBUSH = tuple(Ambush(p) for p in range(6))
REVEAL = tuple(Reveal(m) for m in range(3))
REVEAL_AMBUSH = tuple(RevealAmbush(m) for m in range(3))
SWAP = SwapTransformations()
CURE = tuple(Cure(d) for d in range(ND))
BIBLE = tuple(BibleDiscard(c) for c in range(NC))
ROLL = Roll()
RAMPART = Rampart()
TINKER = {(k, w): Tinker(k, w) for k in range(1, 13) for w in ("low", "high")}
KEEP_ROLL = KeepRoll()
USE_ABILITY = UseAbility()
ORDER = tuple(OrderTiles(p) for p in range(6))
EXPERIMENT = tuple(tuple(Experiment(t, o) for o in range(2)) for t in range(3))
DIVINE = tuple(Divine(c) for c in range(NC + 1))
SLEIGHT = tuple(Sleight(c) for c in range(NC))
SLEUTH_UNLOCK = tuple(SleuthUnlock(n) for n in range(256))
SLEUTH_LOCK = tuple(SleuthLock(n) for n in range(256))
AUGURY = tuple(Augury(s) for s in range(6))
TEMPLAR = tuple(TemplarPay(d) for d in range(ND))
BECOME = tuple(Become(m) for m in range(3))
DETERMINE = tuple(Determine(t) for t in range(3))
SPAWN = tuple(Spawn(n) for n in range(256))
MINION_MOVE = tuple(tuple(MinionMove(m, n) for n in range(256)) for m in range(5))
MINION_ATTACK = tuple(tuple(MinionAttack(m, s) for s in range(6)) for m in range(5))

SPACE = ActionSpace([
    PASS, END_EXPLORATION, END_TURN, *CHOOSE, *KEEP, *MOVE, EXPLORE, *ORIENT, USE_PASSAGE, USE_MIRROR, ATTEMPT,
    *KEY, *(a for row in CHALLENGE for a in row), TAKE_HAND, *TAKE_EXAMINED, PILFER, *EXAMINE, *BUMP, *DISCARD,
    *ATTACH, *(a for row in ATTACK for a in row), *AMBUSH, *REVEAL, *REVEAL_AMBUSH, SWAP, *CURE, *BIBLE, ROLL,
    RAMPART, *TINKER.values(), KEEP_ROLL, USE_ABILITY, *ORDER, *(a for row in EXPERIMENT for a in row), *DIVINE,
    *SLEIGHT, *SLEUTH_UNLOCK, *SLEUTH_LOCK, *AUGURY, *TEMPLAR, *BECOME, *DETERMINE, *SPAWN,
    *(a for row in MINION_MOVE for a in row), *(a for row in MINION_ATTACK for a in row),
])
