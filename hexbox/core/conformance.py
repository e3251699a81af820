"""The conformance kit: checks every registered game passes, with no per-game test code.

Each check takes (name, players, options) and raises AssertionError saying what broke. tests/test_conformance.py
runs them for every set-up a game lists in its GameInfo.conformance.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from .actions import Action
from .errors import IllegalAction
from .game import State
from .record import Record, replay
from .registry import load

MAX_STEPS = 200_000


def random_step(state: State, rng: random.Random) -> tuple[int, Action]:
    """A random actor plays a random kind of action, then a random action of that kind.

    Choosing the kind first reaches every phase: uniform over actions, a Werebeasts turn with thirty
    accusations and one sale almost never sells.
    """
    actors = state.actors
    seat = actors[0] if len(actors) == 1 else rng.choice(actors)
    legal = state.legal_actions(seat)
    kind = rng.choice(list(dict.fromkeys(a.kind for a in legal)))
    return seat, rng.choice([a for a in legal if a.kind == kind])


def play_random(name: str, players: int, options: dict[str, Any], seed: int) -> Iterator[tuple[State, int, Action]]:
    """Yield (state before, seat, action) along one random game; the state is advanced after each yield."""
    state = load(name, players=players, **options).new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(MAX_STEPS):
        if state.is_over:
            return
        seat, action = random_step(state, rng)
        yield state, seat, action
        state.apply(seat, action)
    raise AssertionError(f"{name} ({players} players, seed {seed}) did not end within {MAX_STEPS} actions")


def all_views(state: State) -> list[str]:
    """Every seat's and the spectator's observation, as canonical JSON text."""
    seats = [*range(state.game.players), None]
    return [json.dumps(state.observe(s), sort_keys=True) for s in seats]


def assert_json(obj: Any, what: str) -> None:
    text = json.dumps(obj, sort_keys=True)
    assert json.loads(text) == obj, f"{what} is not plain JSON (tuples, non-string keys or objects inside): {obj!r}"


def check_games_end(name: str, players: int, options: dict[str, Any], seeds: range) -> None:
    for seed in seeds:
        steps = sum(1 for _ in play_random(name, players, options, seed))
        assert steps > 0, "a game must have at least one action"


def final_state(name: str, players: int, options: dict[str, Any], seed: int) -> tuple[State, Record]:
    record = Record(name, players, dict(options), seed)
    record.actions = [(seat, action.to_json()) for _, seat, action in play_random(name, players, options, seed)]
    state = replay(record)
    return state, record


def check_result(name: str, players: int, options: dict[str, Any], seed: int) -> None:
    state, _ = final_state(name, players, options, seed)
    assert state.is_over and state.actors == (), "a finished game has no actors"
    result = state.result
    assert result is not None and result.reason, "a finished game has a result with a reason"
    assert result.winners <= set(range(players)), f"winners {result.winners} are not seats"
    assert_json(result.to_json(), "result")
    for seat in range(players):
        assert state.legal_actions(seat) == [], "nobody may act in a finished game"


def check_determinism_and_replay(name: str, players: int, options: dict[str, Any], seed: int) -> None:
    state, record = final_state(name, players, options, seed)
    again = replay(Record.loads(record.dumps()))
    assert all_views(state) == all_views(again), "replaying a record must give the same observations"
    # step by step, two fresh states fed the same actions agree for every viewer
    a = replay(record, upto=0)
    b = replay(record, upto=0)
    game = a.game
    for seat, action_json in record.actions:
        action = game.parse_action(action_json)
        ea = a.apply(seat, action)
        eb = b.apply(seat, action)
        assert [e.to_json() for e in ea] == [e.to_json() for e in eb], "same actions must give the same events"
        assert all_views(a) == all_views(b), "same seed and actions must give the same observations"


def check_actions(name: str, players: int, options: dict[str, Any], seed: int) -> None:
    """JSON and id round trips, default actions, legal sets, events as JSON, along a random game."""
    game = load(name, players=players, **options)
    assert game.num_action_ids == len(game.action_space)
    for state, seat, action in play_random(name, players, options, seed):
        actors = state.actors
        assert list(actors) == sorted(set(actors)), "actors are distinct seats, ascending"
        for s in range(players):
            legal = state.legal_actions(s)
            assert bool(legal) == (s in actors), f"seat {s}: has legal actions iff it is an actor"
            if legal:
                assert state.default_action(s) in legal, f"default action of seat {s} is not legal"
        for a in state.legal_actions(seat):
            j = a.to_json()
            assert_json(j, "action JSON")
            assert game.parse_action(json.loads(json.dumps(j))) == a, f"JSON round trip of {a}"
            i = game.action_id(a)
            assert 0 <= i < game.num_action_ids and game.action_from_id(i) == a, f"id round trip of {a}"
            assert str(a) and not str(a).startswith("<"), f"str({a!r}) must read like a sentence"
        clone = state.clone()
        events = clone.apply(seat, action)
        for e in events:
            assert_json(e.to_json(), "event")
            if e.to is not None:
                assert e.to <= set(range(players)), "private events name seats"


def check_refusals(name: str, players: int, options: dict[str, Any], seed: int) -> None:
    """Wrong seat, an action not legal now, malformed JSON: raise, and change no observation."""
    game = load(name, players=players, **options)
    every = game.action_space.actions
    rng = random.Random(seed)
    for n, (state, seat, _) in enumerate(play_random(name, players, options, seed)):
        if n % 7:
            continue
        before = all_views(state)
        idle = [s for s in range(players) if s not in state.actors]
        if idle:
            bad_seat = rng.choice(idle)
            some = rng.choice(every)
            try:
                state.apply(bad_seat, some)
            except IllegalAction as exc:
                assert exc.reason
            else:
                raise AssertionError(f"seat {bad_seat} acted out of turn with {some}")
            assert all_views(state) == before, "a refused action changed an observation"
        legal = set(state.legal_actions(seat))
        illegal = [a for a in rng.sample(every, min(40, len(every))) if a not in legal]
        for a in illegal[:5]:
            try:
                state.apply(seat, a)
            except IllegalAction as exc:
                assert exc.reason
            else:
                raise AssertionError(f"illegal {a} was accepted from seat {seat}")
            assert all_views(state) == before, f"refused {a} changed an observation"
        for junk in ({"kind": "no-such-kind"}, {"nope": 1}, [], "sell", {"kind": every[0].kind, "extra": 1}):
            try:
                game.parse_action(junk)
            except (ValueError, IllegalAction):
                pass
            else:
                raise AssertionError(f"malformed action {junk!r} was parsed")
        assert all_views(state) == before


def check_clone(name: str, players: int, options: dict[str, Any], seed: int) -> None:
    rng = random.Random(seed)
    for n, (state, _, _) in enumerate(play_random(name, players, options, seed)):
        if n % 11:
            continue
        before = all_views(state)
        twin = state.clone()
        assert all_views(twin) == before, "a clone observes like its original"
        for _ in range(20):
            if twin.is_over:
                break
            twin.apply(*random_step(twin, rng))
        assert all_views(state) == before, "playing on a clone changed the original"


def check_no_leak(name: str, players: int, options: dict[str, Any], seeds: range) -> None:
    """observe(s) and observe(None) unchanged under resample(s); resample really re-deals others' secrets."""
    redealt = 0
    looked = 0
    for seed in seeds:
        rng = random.Random(seed * 7919 + 1)
        for n, (state, _, _) in enumerate(play_random(name, players, options, seed)):
            if n % 5:
                continue
            views = all_views(state)
            for seat in range(players):
                for _ in range(2):
                    world = state.resample(seat, rng)
                    got = all_views(world)
                    assert got[seat] == views[seat], f"seat {seat}'s observation changed under its own resample"
                    assert got[-1] == views[-1], "the spectator's observation changed under a resample"
                    assert world.actors == state.actors, "a resampled world has the same actors"
                    assert world.legal_actions(seat) == state.legal_actions(seat), "same legal actions for the seat"
                    looked += 1
                    if any(got[o] != views[o] for o in range(players) if o != seat):
                        redealt += 1
    assert looked, "no state was examined"
    assert redealt > 0, "resample never changed what another seat knows: it re-deals nothing"
