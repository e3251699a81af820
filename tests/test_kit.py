"""The conformance kit catches what it is meant to: it is run here on the toy game of test_gate.py, sound and
broken on purpose (a leak in the words, a crash at the gate, a public half that differs between viewers)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from hexbox.core import Event, GameInfo, State, registry
from hexbox.core import conformance as kit
from hexbox.core.schema import Struct

from .test_gate import ToyGame, ToyState


class Public(Struct):
    turn: int  # whose turn it is


class Private(Struct):
    secret: int  # the seat's own number


TYPES = (Public, Private)


def words(state: State, events: list[Event], viewer: int | None) -> list[str]:
    out = []
    for e in events:
        d = e.data
        if e.kind == "guess":
            out.append(f"Seat {d['seat']} guesses that seat {d['target']} holds {d['number']}: "
                       + ("right." if d["right"] else "wrong."))
        elif e.kind == "pass":
            out.append(f"Seat {d['seat']} passes.")
        elif e.kind == "note":
            out.append(f"You hold {d['secret']}.")
    return out


def leaky_words(state: State, events: list[Event], viewer: int | None) -> list[str]:
    # reads the state instead of the events: every viewer learns the number of the seat that passed
    return [f"Seat {e.data['seat']} passes, holding {state.secret[e.data['seat']]}." for e in events
            if e.kind == "pass"] or words(state, events, viewer)


class CrashingState(ToyState):
    __slots__ = ()

    def _check_guess(self, seat: int, action) -> None:
        if action.target == seat:  # an illegal guess, refused with the wrong exception
            raise KeyError(action.number)


CrashingState.RULES = {kind: (CrashingState._check_guess if check else None, handler)
                       for kind, (check, handler) in ToyState.RULES.items()}


class CrashingGame(ToyGame):
    def new_state(self, seed: int) -> ToyState:
        state = super().new_state(seed)
        state.__class__ = CrashingState
        return state


class TwoFacedState(ToyState):
    __slots__ = ()

    def _private(self, seat: int) -> dict[str, Any]:
        return {"secret": self.secret[seat]}

    def _public(self) -> dict[str, Any]:
        return {"turn": self.turn if random.random() < 0.5 else self.turn + 1}  # not the same for every viewer


class TwoFacedGame(ToyGame):
    def new_state(self, seed: int) -> ToyState:
        state = super().new_state(seed)
        state.__class__ = TwoFacedState
        return state


def register_toy(factory: str = "tests.test_kit:ToyGame", describe: str = "tests.test_kit:words",
                 **hooks: str) -> None:
    registry.register(GameInfo("toy", "Toy", 3, 3, factory, summary="guess a number", result_kinds=("guessed",),
                               conformance=({"players": 3},),
                               hooks={"describe": describe, "schema": "tests.test_kit:TYPES", **hooks}))


class NoPassState(ToyState):
    __slots__ = ()


NoPassState.RULES = {kind: rule for kind, rule in ToyState.RULES.items() if kind.kind != "pass"}


class NoPassGame(ToyGame):
    def new_state(self, seed: int) -> ToyState:
        state = super().new_state(seed)
        state.__class__ = NoPassState
        return state


MENU = {"guess": "guess a number", "shout": "shout"}  # a kind the game does not have


class NotABot:  # no act(view, rng)
    pass


class ShoutingAdvice:  # leaves a kind the game does not have to its bot
    OWN_KINDS = frozenset({"shout"})


@pytest.fixture
def toy():
    from hexbox.core import schema

    yield register_toy
    registry._REGISTRY.pop("toy", None)
    schema.observation_type.cache_clear()


def test_the_sound_toy_passes_every_check(toy):
    toy()
    kit.check_registration("toy")
    kit.check_hooks("toy")
    for check in (kit.check_words, kit.check_observations, kit.check_result, kit.check_gate):
        check("toy", 3, {}, 1)
    kit.check_no_leak("toy", 3, {}, seeds=range(3))


def test_words_that_read_a_secret_are_caught(toy):
    toy(describe="tests.test_kit:leaky_words")
    with pytest.raises(AssertionError, match="in a world it cannot tell apart"):
        for seed in range(20):
            kit.check_words("toy", 3, {}, seed)


def test_a_crash_behind_the_gate_is_caught(toy):
    toy(factory="tests.test_kit:CrashingGame")
    with pytest.raises(AssertionError, match="raised KeyError"):
        kit.check_gate("toy", 3, {}, 1)


def test_a_public_half_that_differs_between_viewers_is_caught(toy):
    toy(factory="tests.test_kit:TwoFacedGame")
    with pytest.raises(AssertionError, match="public half differs"):
        kit.check_observations("toy", 3, {}, 1)


def test_a_card_seen_in_an_observation_without_its_text_is_caught(monkeypatch):
    import dataclasses

    import hexbox  # noqa: F401  (registers the games)
    from hexbox.core import texts as texts_module

    real = texts_module.texts("werebeasts")
    cut = dataclasses.replace(real, cards={k: v for k, v in real.cards.items() if not k.startswith("wolf_")})
    monkeypatch.setattr(texts_module, "texts", lambda game: cut)
    with pytest.raises(AssertionError, match="without a name and text.*wolf_"):
        kit.check_texts("werebeasts", 10, {}, 1)  # every beast is in play at 10 players


def test_a_kind_without_a_rule_is_caught(toy):
    toy(factory="tests.test_kit:NoPassGame")
    with pytest.raises(AssertionError, match=r"RULES has no handler for \['pass'\]"):
        kit.check_registration("toy")


@pytest.mark.parametrize("hook, target, message", [
    ("render", "tests.test_kit:nowhere", "does not resolve"),                 # a name that is not there
    ("render", "tests.test_kit:TYPES", "render"),                             # not a function of one argument
    ("describe", "tests.test_kit:register_toy", "describe"),                  # not (state, events, viewer)
    ("bot", "tests.test_kit:NotABot", "bot"),                                 # no act(view, rng)
    ("schema", "tests.test_kit:words", "schema"),                             # not (Public, Private)
    ("menu", "tests.test_kit:MENU", "kinds not in the action space"),         # a kind the game lacks
    ("advice", "tests.test_kit:ShoutingAdvice", "OWN_KINDS"),                 # a kind the game lacks
    ("catalogue", "hexbox.games.werebeasts.cards:catalogue", "of its package"),  # another package's
])
def test_a_hook_that_is_not_what_it_says_is_caught(toy, hook, target, message):
    toy(**{hook: target})
    with pytest.raises(AssertionError, match=message):
        kit.check_hooks("toy")
