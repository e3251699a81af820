"""The Game/State contract that every game implements (docs/design.md §2), and the gate in front of it.

Everything from outside comes through the public methods of :class:`State`: ``apply``, ``legal_actions``,
``default_action``, ``observe``, ``resample`` and ``describe`` check their arguments here, once, for every game,
before any game code runs. A game implements the underscored methods and its table of rules, ``RULES``, made
by :func:`rules` (docs/adding-a-game.md walks through a whole game).

The path of an action (the same for every game):

1. **refuse** what cannot be a move now: the game is over, the seat is not a seat of this table (a negative
   seat is never an index from the end) or may not act now;
2. **the shared instance**: an equal copy of one of the game's precreated actions is replaced by it; anything
   else (a dict, another game's action) is refused;
3. **legality**: the kind's check in ``RULES`` raises ``IllegalAction`` with a reason and changes nothing, or,
   where a kind has no check of its own, the action must be among ``legal_actions(seat)``;
4. **the handler** of the kind makes the move and returns its events; where the game declares a move step
   (``rules(..., move=step)``), the handler runs inside it: ``step(handler)`` is what the gate calls in its
   place, and does what follows (or precedes) every move of that game.

Who acts and whether the game is over are read after every move by every caller, and by the gate once more:
they are plain attributes of every state (``actors``, ``is_over``, beside ``_result``), which a game sets as
its moves change them (``finish`` ends the game), never properties worked out at each read.

The last legal list. Nearly every caller asks for a seat's legal actions and then plays one of them (a playout,
a search's rollout, the PettingZoo step, a bot at a table). For a kind without a check of its own, checking that
move would compute the same list a second time; so ``legal_actions`` keeps what it returned (``_legal``: the seat
and a copy of the list; only in a game whose ``RULES`` have such a kind: ``Game.keeps_legal``), the check of
step 3 reads it when it was made for that seat, and every ``apply`` forgets it before the handler runs. A state
changes only through ``apply``, and a clone starts without one, so a kept list always belongs to the position it
was computed for; code that edits a state by hand (a test setting a position up) calls ``forget_legal()``.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .actions import JSON, Action, ActionSpace, Event
from .errors import IllegalAction
from .registry import GameInfo, load
from .rng import Rng

Check = Callable[[Any, int, Any], None]
Handler = Callable[[Any, int, Any], list[Event]]
#: what every move of a game does around its handler: step(handler) -> what the gate calls in the handler's place
Move = Callable[[Handler], Handler]
#: action class -> (its check or None, what the gate runs: the handler, or the move step around it), by ``rules``
Rules = dict[type, tuple[Check | None, Handler]]


def rules(table: Mapping[type, Handler | tuple[Check | None, Handler]], move: Move | None = None) -> Rules:
    """A game's ``RULES``, the one way every game declares them: action class -> its handler, or (its check, its
    handler). A kind given without a check is checked against the seat's legal list (the module's docstring).

    ``move``, if given, is the game's one step around every handler (what follows every move: the seats to act
    next, a log, a step machine), written as a decorator: ``move(handler)`` returns the function of
    ``(state, seat, action)`` that the gate calls in the handler's place, which runs the handler and returns the
    move's events. A decorator costs nothing per move that the step does not do itself (measured against the
    alternatives: a test for a step in the gate, 0.14% of a Prowl playout's instructions; a step bound with
    ``functools.partial``, called from C and so never inlined by the interpreter, 0.3% of GROWL's).
    """
    out: Rules = {}
    for cls, entry in table.items():
        check, handler = entry if isinstance(entry, tuple) else (None, entry)
        if not (isinstance(cls, type) and issubclass(cls, Action) and cls.kind):
            raise TypeError(f"RULES are keyed by action classes, not {cls!r}")
        if not callable(handler) or (check is not None and not callable(check)):
            raise TypeError(f"{cls.__name__}: a rule is a handler, or (a check or None, a handler)")
        if move is not None:
            run = move(handler)
            if not callable(run):
                raise TypeError(f"the move step {move!r} returned {run!r} for {cls.__name__}, not a function")
            run.__wrapped__ = handler  # what the step runs, and which step: for the kit and for tracebacks
            run.move_step = move
            handler = run
        out[cls] = (check, handler)
    return out


@dataclass(frozen=True)
class Result:
    """How a game ended: who won, each seat's score, why in words, and ``kind``, the same as a code.

    ``kind`` is one of the codes the game declares in its registration (``GameInfo.result_kinds``), so a report
    counts endings without parsing ``reason``.
    """

    winners: frozenset[int]
    scores: dict[int, float] = field(default_factory=dict)
    reason: str = ""
    kind: str = ""

    def to_json(self) -> JSON:
        return {
            "winners": sorted(self.winners),
            "scores": {str(k): v for k, v in sorted(self.scores.items())},
            "reason": self.reason,
            "kind": self.kind,
        }


class Game:
    """A game set up for a number of players and options; makes states and knows the action encoding."""

    name: ClassVar[str] = ""
    action_space: ClassVar[ActionSpace]
    #: the version of the observation's shape (``hexbox schema GAME``): raised whenever a field changes
    observation_version: ClassVar[int] = 1
    #: the registration, set by ``hexbox.load`` (None for a game built by hand outside the registry)
    info: GameInfo | None = None

    def __init__(self, players: int, options: Mapping[str, Any]):
        self.players = players
        self.options = dict(options)
        #: whether its states' ``legal_actions`` keep their list for the gate (core's module docstring): only where
        #: some kind of ``RULES`` has no check of its own (GROWL, Transylvania); elsewhere the copy would cost 1.5-2.8%
        #: of a random playout's instructions for nothing. Worked out the first time a state lists legal actions.
        self.keeps_legal: bool | None = None

    def new_state(self, seed: int) -> State:
        raise NotImplementedError

    def parse_action(self, obj: Any) -> Action:
        return self.action_space.parse(obj)

    def action_id(self, action: Action) -> int:
        return self.action_space.id(action)

    def action_from_id(self, i: int) -> Action:
        return self.action_space.action(i)

    @property
    def num_action_ids(self) -> int:
        return len(self.action_space)

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"hexbox.load({self.name!r}, players={self.players}{opts})"

    def __reduce__(self) -> Any:
        # A registered game pickles as the call that loads it: its options may hold lambdas (bounds that depend
        # on the player count), and a state sent to a worker process needs only to find the same game there.
        if self.info is None:
            return super().__reduce__()
        return (_load, (load, self.name, self.players, self.options))


def _load(load: Callable[..., Game], name: str, players: int, options: Mapping[str, Any]) -> Game:
    return load(name, players=players, **options)


def as_seat(seat: Any, players: int) -> int:
    """``seat`` as a seat number of a table of ``players``, or ``IllegalAction`` saying why it is not one."""
    if seat.__class__ is not int:
        if isinstance(seat, bool) or not hasattr(type(seat), "__index__"):
            raise IllegalAction(f"a seat is a whole number from 0 to {players - 1}, not {_shown(seat)}")
        seat = operator.index(seat)  # numpy's integers and the like
    if not 0 <= seat < players:
        raise IllegalAction(f"there is no seat {seat if abs(seat) < 10**6 else 'that large'} at this table "
                            f"(seats 0 to {players - 1})")
    return seat


def _shown(value: Any) -> str:
    text = repr(value)
    return f"{type(value).__name__} {text if len(text) <= 40 else text[:37] + '...'}"


class State:
    """One position of a game. Games implement the underscored methods; see the module's docstring."""

    __slots__ = ("game", "rng", "_legal", "actors", "is_over", "_result")

    game: Game
    rng: Rng
    #: the seats that may act now, ascending; () when the game is over. Set by the game (module's docstring).
    actors: tuple[int, ...]
    #: whether the game has ended: ``_result`` is not None. Set by the game, through ``finish``.
    is_over: bool
    _result: Result | None
    #: action class -> (check or None, handler), made by ``rules``; see the module's docstring
    RULES: ClassVar[Rules] = {}

    # ---- what a game implements --------------------------------------------------------------------------

    @property
    def phase_name(self) -> str:
        raise NotImplementedError

    def _legal_actions(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def _default_action(self, seat: int) -> Action:
        """Called for an actor only."""
        raise NotImplementedError

    def _public(self) -> JSON:
        """What every viewer sees, the spectator included: the same dict for all of them."""
        raise NotImplementedError

    def _private(self, seat: int) -> JSON:
        """What ``seat`` alone knows, on top of the public part."""
        raise NotImplementedError

    def _private_beside(self, seat: int, public: JSON) -> JSON:
        """``_private(seat)``, called by ``observe`` with the public half it has just made: a game whose private half
        repeats parts of its public half overrides it to take them from there (GROWL: a known hand that is only the
        table's pins is the seats' entry just made). The same JSON as ``_private(seat)``, always."""
        return self._private(seat)

    def _resample(self, seat: int, rng: random.Random) -> State:
        raise NotImplementedError

    def clone(self) -> State:
        raise NotImplementedError

    def __deepcopy__(self, memo: Any) -> State:
        # copy.deepcopy (OpenSpiel copies a Python state's attributes with it) is the game's own cheap clone
        return self.clone()

    @property
    def result(self) -> Result | None:
        return self._result

    def finish(self, result: Result) -> None:
        """End the game: its outcome, nobody left to act."""
        self._result = result
        self.is_over = True
        self.actors = ()

    @property
    def turns(self) -> int:
        """How many turns have begun, as the public part's ``turn`` says: the length ``hexbox simulate`` reports.

        A game that keeps the count in a slot of this name is read directly; otherwise the public part is built.
        """
        return self._public().get("turn", 0)

    @property
    def talk_allowed(self) -> bool:
        """Whether the rules let the players talk now (the envelope's ``talk_allowed``): true unless a game says
        otherwise, as GROWL does from a Night card's reveal until its passing is over."""
        return True

    # ---- the gate ----------------------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Make ``seat``'s move; ``IllegalAction`` with a reason, and the state exactly as it was, if not legal."""
        if self._result is not None:
            raise IllegalAction("the game is over")
        if seat.__class__ is not int:
            seat = as_seat(seat, self.game.players)
        actors = self.actors
        if seat not in actors:
            as_seat(seat, self.game.players)  # "there is no seat 7" before "seat 7 may not act"
            raise IllegalAction(f"seat {seat} may not act now (waiting for {seats_text(actors)})")
        space = self.game.action_space
        if id(action) not in space.index:
            action = space.canonical(action)
        check, handler = self.RULES[action.__class__]
        if check is None:
            self.require_legal(seat, action)
        else:
            check(self, seat, action)
        self._legal = None
        return handler(self, seat, action)

    def legal_actions(self, seat: int) -> list[Action]:
        """The seat's legal actions, ascending by id; [] if it may not act now. The list is the caller's."""
        if seat.__class__ is not int or not 0 <= seat < self.game.players:
            seat = as_seat(seat, self.game.players)
        game = self.game
        if game.keeps_legal is None:  # once: does any kind of the states' RULES lack a check of its own?
            game.keeps_legal = any(check is None for check, _ in self.RULES.values())
        if game.keeps_legal:  # the gate's shortcut for the move that usually follows (module docstring)
            out = self._legal_actions(seat)
            self._legal = (seat, out[:])
            return out
        return self._legal_actions(seat)

    def legal_action_ids(self, seat: int) -> list[int]:
        index = self.game.action_space.index
        return [index[id(a)] for a in self.legal_actions(seat)]

    def default_action(self, seat: int) -> Action:
        """The legal action a server plays for an idle seat (its timer ran out)."""
        if self._result is not None:
            raise IllegalAction("the game is over")
        seat = as_seat(seat, self.game.players)
        if seat not in self.actors:
            raise IllegalAction(f"seat {seat} may not act now (waiting for {seats_text(self.actors)})")
        return self._default_action(seat)

    def observe(self, seat: int | None = None) -> JSON:
        """Everything ``seat`` may know and nothing more (None: a spectator), in the envelope of docs/design.md §2.

        The envelope holds what the server and every client read from every game: who acts (``actors``), the
        ``phase``, the ``turn`` count (:attr:`turns`), whether table talk is allowed (:attr:`talk_allowed`) and the
        ``result``; the game's own facts are in its two halves."""
        if seat is not None and (seat.__class__ is not int or not 0 <= seat < self.game.players):
            seat = as_seat(seat, self.game.players)  # the error, or numpy's integers and the like as an int
        result = self._result
        public = self._public()
        # the turn count: a game keeping it in a slot is read directly, otherwise from the public half just built
        turn = public.get("turn", 0) if type(self).turns is State.turns else self.turns
        return {
            "game": self.game.name,
            "version": self.game.observation_version,
            "seat": seat,
            "phase": self.phase_name,
            "actors": list(self.actors),
            "turn": turn,
            "talk_allowed": self.talk_allowed,
            "result": None if result is None else result.to_json(),
            "public": public,
            "private": None if seat is None else self._private_beside(seat, public),
        }

    def resample(self, seat: int, rng: random.Random) -> State:
        """A full state consistent with ``observe(seat)``: whatever ``seat`` cannot know is re-dealt from ``rng``."""
        return self._resample(as_seat(seat, self.game.players), rng)

    def describe(self, events: list[Event], viewer: int | None) -> list[str]:
        """What ``viewer`` is told of a move, in sentences, from the events it may see (and from nothing else)."""
        if viewer is not None:
            viewer = as_seat(viewer, self.game.players)
        seen = [e for e in events if e.visible_to(viewer)]
        info = self.game.info
        words = info.hook("describe") if info is not None else None
        if words is None:
            return [generic_sentence(e) for e in seen]
        return words(self, seen, viewer)

    # ---- helpers shared by the games ---------------------------------------------------------------------

    def require_legal(self, seat: int, action: Action) -> None:
        """The check of a kind without one of its own: the action must be one of the seat's legal actions."""
        try:
            kept = self._legal
        except AttributeError:  # never asked for its legal actions
            kept = None
        legal = kept[1] if kept is not None and kept[0] == seat else self._legal_actions(seat)
        if id(action) not in map(id, legal):  # by identity: a dataclass's __eq__ is slow
            raise IllegalAction(f"seat {seat} cannot {action} now ({self.phase_name})")

    def forget_legal(self) -> None:
        """Forget the legal list the gate keeps (the module's docstring): for code that changes a state by hand,
        as tests do to set a position up, which ``apply`` would otherwise check against the list of before."""
        self._legal = None

    def reseeded(self, rng: random.Random) -> Rng:
        """A fresh generator for a resampled world: it must not know the real future draws."""
        return Rng(rng.getrandbits(64))


def generic_sentence(event: Event) -> str:
    data = ", ".join(f"{k}={v}" for k, v in event.data.items())
    return f"{event.kind}: {data}" if data else event.kind


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun in the right number: "1 card", "3 cards", "1 die" / "2 dice" (with ``plural``)."""
    return f"{n} {noun}" if n == 1 else f"{n} {plural or noun + 's'}"


def seats_text(seats: tuple[int, ...] | list[int]) -> str:
    if not seats:
        return "nobody"
    return "seat " + ", ".join(str(s) for s in seats) if len(seats) == 1 else "seats " + ", ".join(map(str, seats))


# ---- who acts next -----------------------------------------------------------------------------------------


def next_seat(seat: int, players: int, skip: Callable[[int], bool] | None = None, step: int = 1) -> int:
    """The first seat after ``seat`` going round the table (``step`` +1: to the left, -1: to the right) that
    ``skip`` does not pass over; ``seat`` itself when every other seat is skipped."""
    s = seat
    for _ in range(players - 1):
        s = (s + step) % players
        if skip is None or not skip(s):
            return s
    return seat


def round_from(first: int, players: int, step: int = 1) -> list[int]:
    """Every seat once, starting at ``first`` and going round the table."""
    return [(first + step * i) % players for i in range(players)]
