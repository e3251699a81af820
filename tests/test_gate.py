"""The gate in core (docs/design.md §2), on a toy game of its own: seats and actions are checked once, before game code
runs, and every refusal is a ValueError with a reason that leaves the state exactly as it was."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from hexbox.core import (
    Action,
    ActionSpace,
    ConfigError,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    Option,
    Record,
    Result,
    Rng,
    State,
    action_from_json,
    next_seat,
    resolve_options,
    round_from,
    rules,
)


@dataclass(frozen=True, slots=True)
class Guess(Action):
    kind: ClassVar[str] = "guess"
    target: int
    number: int

    def __str__(self) -> str:
        return f"guess that seat {self.target} holds {self.number}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


SPACE = ActionSpace([*(Guess(t, k) for t in range(3) for k in range(3)), Pass()])


class ToyGame(Game):
    """Three seats hold a secret number each; in turn, a seat guesses another's number or passes."""

    name = "toy"
    action_space = SPACE

    def new_state(self, seed: int) -> ToyState:
        state = ToyState()
        state.game, state.rng = self, Rng(seed)
        state.secret = [state.rng.randrange(3) for _ in range(self.players)]
        state.turn, state.handled = 0, []
        state._result, state.is_over, state.actors = None, False, (0,)
        return state


class ToyState(State):
    __slots__ = ("secret", "turn", "handled")

    @property
    def phase_name(self) -> str:
        return "over" if self._result else "guessing"

    def _legal_actions(self, seat: int) -> list[Action]:
        if seat != self.turn or self._result:
            return []
        return [a for a in SPACE.actions if not (isinstance(a, Guess) and a.target == seat)]

    def _default_action(self, seat: int) -> Action:
        return SPACE.actions[-1]

    def _check_guess(self, seat: int, action: Guess) -> None:
        if action.target == seat:
            raise IllegalAction("you know your own number")

    def _guess(self, seat: int, action: Guess) -> list[Event]:
        self.handled.append(action)
        right = self.secret[action.target] == action.number
        self.turn = next_seat(seat, 3)
        self.actors = (self.turn,)
        if right:
            self.finish(Result(frozenset([seat]), {s: int(s == seat) for s in range(3)}, "a right guess", "guessed"))
        return [Event("guess", {"seat": seat, "target": action.target, "number": action.number, "right": right})]

    def _pass(self, seat: int, action: Pass) -> list[Event]:
        self.handled.append(action)
        self.turn = next_seat(seat, 3)
        self.actors = (self.turn,)
        return [Event("pass", {"seat": seat}), Event("note", {"secret": self.secret[seat]}, to=[seat])]

    RULES: ClassVar[dict] = rules({Guess: (_check_guess, _guess), Pass: _pass})

    def _public(self) -> dict[str, Any]:
        return {"turn": self.turn}

    def _private(self, seat: int) -> dict[str, Any]:
        return {"secret": self.secret[seat]}

    def _resample(self, seat: int, rng: random.Random) -> ToyState:
        world = self.clone()
        world.secret = [n if s == seat else rng.randrange(3) for s, n in enumerate(self.secret)]
        return world

    def clone(self) -> ToyState:
        c = ToyState()
        c.game, c.rng, c.secret, c.turn, c.handled, c._result = (
            self.game, self.rng.clone(), self.secret[:], self.turn, self.handled[:], self._result)
        c.is_over, c.actors = self.is_over, self.actors
        return c


def new(seed: int = 1) -> ToyState:
    return ToyGame(3, {}).new_state(seed)


def snapshot(state: ToyState) -> str:
    return json.dumps([state.observe(s) for s in (0, 1, 2, None)] + [state.secret, state.turn, len(state.handled)])


BAD_SEATS = [-1, -3, 3, 10**40, 1.0, 0.5, float("nan"), float("inf"), True, False, "0", None, [0], (0,)]


@pytest.mark.parametrize("seat", BAD_SEATS, ids=repr)
def test_a_bad_seat_is_refused_everywhere_before_game_code_runs(seat):
    state = new()
    before = snapshot(state)
    calls = [lambda: state.apply(seat, Pass()), lambda: state.legal_actions(seat), lambda: state.default_action(seat),
             lambda: state.resample(seat, random.Random(1))]
    if seat is not None:
        calls += [lambda: state.observe(seat), lambda: state.describe([], seat)]
    for call in calls:
        with pytest.raises(IllegalAction) as refused:
            call()
        assert refused.value.reason
    assert snapshot(state) == before and state.handled == []


def test_a_negative_seat_is_never_an_index_from_the_end():
    state = new()
    with pytest.raises(IllegalAction, match="no seat -1"):
        state.observe(-1)  # the old games answered with the last seat's private view
    with pytest.raises(IllegalAction, match="no seat -1"):
        state.apply(-1, Pass())


def test_integers_of_other_kinds_are_seats():
    numpy = pytest.importorskip("numpy", reason="needs the [dev] extra: pip install -e '.[dev]'")
    state = new()
    assert state.observe(numpy.int64(2))["seat"] == 2
    assert state.apply(numpy.int64(0), Pass())[0].kind == "pass"


@pytest.mark.parametrize("junk", [{"kind": "pass"}, ["pass"], "pass", None, 0, Action(), Guess(7, 1), Guess(1, 9)],
                         ids=repr)
def test_anything_but_one_of_the_games_actions_is_refused(junk):
    state = new()
    with pytest.raises(IllegalAction):
        state.apply(0, junk)
    assert state.handled == []


def test_an_equal_copy_is_replaced_by_the_shared_instance():
    state = new()
    copy = Guess(1, 2)
    assert copy is not SPACE.actions[SPACE.ids[copy]]
    state.apply(0, copy)
    assert state.handled[0] is SPACE.actions[SPACE.ids[copy]]  # the handler sees the precreated action


def test_the_kinds_check_runs_before_its_handler_and_changes_nothing():
    state = new()
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="your own number"):
        state.apply(0, Guess(0, 1))
    assert snapshot(state) == before and state.handled == []


def test_a_kind_without_a_check_must_be_among_the_legal_actions():
    state = new()
    with pytest.raises(IllegalAction, match="seat 1 may not act now"):
        state.apply(1, Pass())
    state.__class__ = Stubborn  # seat 0 acts, but offers no legal action
    with pytest.raises(IllegalAction, match="cannot pass now"):
        state.apply(0, Pass())
    assert state.handled == []


class Stubborn(ToyState):
    __slots__ = ()

    def _legal_actions(self, seat: int) -> list[Action]:
        return []


class Counted(ToyState):
    """Counts how often the legal list is computed; Pass has no check of its own, so the gate must list."""

    __slots__ = ()
    computed = 0

    def _legal_actions(self, seat: int) -> list[Action]:
        Counted.computed += 1
        return super()._legal_actions(seat)


def test_the_gate_checks_a_move_against_the_list_legal_actions_just_gave():
    state = new()
    state.__class__ = Counted
    Counted.computed = 0
    legal = state.legal_actions(0)
    legal.clear()  # the list is the caller's: the gate keeps its own copy
    state.apply(0, Pass())
    assert Counted.computed == 1  # not listed a second time to check the pass
    state.apply(1, Pass())  # nothing kept for this position (apply forgot it): the gate lists
    assert Counted.computed == 2


def test_a_kept_list_serves_only_its_seat_and_position():
    state = new()
    state.__class__ = Stubborn  # seat 0 acts, but offers no legal action
    assert state.legal_actions(0) == []
    state.__class__ = ToyState
    state.legal_actions(1)  # another seat's list is kept now
    state.apply(0, Pass())  # seat 0's own list allows it
    with pytest.raises(IllegalAction, match="seat 0 may not act now"):
        state.apply(0, Pass())
    assert Pass() in state.legal_actions(1)
    state.apply(1, Pass())
    with pytest.raises(IllegalAction, match="seat 1 may not act now"):
        state.apply(1, Pass())  # the list of seat 1 did not outlive its move
    assert Pass() in state.legal_actions(2)
    clone = state.clone()
    clone.__class__ = Stubborn  # a clone keeps no list of its original's
    with pytest.raises(IllegalAction, match="cannot pass now"):
        clone.apply(2, Pass())
    state.__class__ = Stubborn  # the position changed by hand after the list was kept ...
    state.forget_legal()  # ... is announced, and the gate lists again
    with pytest.raises(IllegalAction, match="cannot pass now"):
        state.apply(2, Pass())
    assert state.handled == [Pass(), Pass()]


def test_a_finished_game_refuses_everything():
    state = new()
    state.finish(Result(frozenset([0]), {}, "over", "guessed"))
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply(0, Pass())
    with pytest.raises(IllegalAction, match="the game is over"):
        state.default_action(0)
    assert state.legal_actions(0) == [] and state.observe(None)["result"]["kind"] == "guessed"


def test_the_observation_envelope():
    state = new()
    obs = state.observe(1)
    assert list(obs) == ["game", "version", "seat", "phase", "actors", "turn", "talk_allowed", "result", "public",
                         "private"]
    assert obs["turn"] == 0 and obs["talk_allowed"] is True
    assert obs["seat"] == 1 and obs["private"] == {"secret": state.secret[1]} and obs["public"] == {"turn": 0}
    assert state.observe(None)["private"] is None


def test_describe_is_given_only_the_events_the_viewer_may_see():
    state = new()
    events = state.apply(0, Pass())
    seen: list[Any] = []
    state.game.info = GameInfo("toy", "Toy", 3, 3, "x:y", hooks={"describe": "tests.test_gate:_words"})
    try:
        _WORDS.clear()
        state.describe(events, 1)
        state.describe(events, 0)
        seen = list(_WORDS)
    finally:
        state.game.info = None
    assert seen == [(1, ["pass"]), (0, ["pass", "note"])]
    assert state.describe(events, None) == ["pass: seat=0"]  # a game without sentences: the raw fields


_WORDS: list[Any] = []


def _words(state: State, events: list[Event], viewer: int | None) -> list[str]:
    _WORDS.append((viewer, [e.kind for e in events]))
    return [e.kind for e in events]


def test_hooks_are_declared_by_name():
    with pytest.raises(ValueError, match="unknown hook"):
        GameInfo("toy", "Toy", 3, 3, "x:y", hooks={"colour": "x:y"})
    info = GameInfo("toy", "Toy", 3, 3, "x:y", hooks={"describe": "tests.test_gate:_words"})
    assert info.hook("describe") is _words and info.hook("render") is None
    with pytest.raises(ConfigError, match="offers no bot"):
        info.need("bot", "agent 'heuristic'")


def test_result_kind_is_a_code_beside_the_reason():
    r = Result(frozenset([1]), {0: 0, 1: 2}, "seat 1 wins", "most_points")
    assert r.to_json() == {"winners": [1], "scores": {"0": 0, "1": 2}, "reason": "seat 1 wins", "kind": "most_points"}


@pytest.mark.parametrize("obj", [{"kind": []}, {"kind": {}}, {"kind": None}, {"kind": 3}, {"kind": "guess",
                                 "target": 1.0, "number": 1}, {"kind": "guess", "target": 1, "number": 10**400},
                                 {"kind": "guess", "target": [1], "number": 1}, {1: 2}, [], "guess", 1e400],
                         ids=str)
def test_any_json_value_given_as_an_action_gives_a_value_error(obj):
    with pytest.raises(ValueError):
        SPACE.parse(obj)
    if not (isinstance(obj, dict) and obj.get("kind") == "guess" and obj.get("number") == 10**400):
        with pytest.raises(ValueError):  # the shape alone is wrong
            action_from_json(SPACE.kinds, obj)


GOOD = {"game": "werebeasts", "players": 3, "options": {}, "seed": 1, "actions": []}


@pytest.mark.parametrize("change, message", [
    ({"seed": 1e400}, "seed must be a whole number"),
    ({"seed": "1"}, "seed must be a whole number"),
    ({"players": 2.5}, "players must be a whole number"),
    ({"players": True}, "players must be a whole number"),
    ({"game": ["werebeasts"]}, "game must be a name"),
    ({"options": []}, "options must be an object"),
    ({"actions": {}}, "actions must be a list"),
    ({"actions": [[0]]}, "action 1 is not a"),
    ({"actions": [[3, {"kind": "sell"}]]}, "action 1 names no seat"),
    ({"actions": [[-1, {"kind": "sell"}]]}, "action 1 names no seat"),
    ({"actions": [[1e400, {"kind": "sell"}]]}, "action 1 names no seat"),
    ({"actions": [[0, "sell"]]}, "action 1 is not an object"),
])
def test_broken_records_are_refused_with_a_reason(change, message):
    with pytest.raises(ValueError, match=message):
        Record.loads(json.dumps({**GOOD, **change}))


@pytest.mark.parametrize("text", ["", "[", "null", "[" * 100000 + "]" * 100000, '{"game": 1}'])
def test_text_that_is_no_record_is_refused(text):
    with pytest.raises(ValueError):
        Record.loads(text)


def test_an_option_given_a_huge_number_is_refused_in_a_line():
    with pytest.raises(ConfigError, match="a very large number is not allowed"):
        resolve_options([Option("size", 6, low=4, high=8)], {"size": 10**5000}, 3)


def test_who_acts_next():
    assert next_seat(2, 5) == 3 and next_seat(4, 5) == 0 and next_seat(0, 5, step=-1) == 4
    assert next_seat(1, 5, skip=lambda s: s in (2, 3)) == 4
    assert next_seat(1, 3, skip=lambda s: True) == 1  # everyone else skipped: the seat itself
    assert round_from(3, 5) == [3, 4, 0, 1, 2] and round_from(1, 4, step=-1) == [1, 0, 3, 2]


def test_only_a_game_with_a_kind_without_a_check_keeps_its_legal_lists():
    import hexbox

    state = new()
    state.legal_actions(0)
    assert state.game.keeps_legal is True  # Pass has no check of its own
    other = hexbox.load("werebeasts").new_state(1)  # every kind of Werebeasts has its own check
    other.legal_actions(other.actors[0])
    assert other.game.keeps_legal is False
    assert not hasattr(other, "_legal")  # nothing was kept: the copy would serve no check
