"""The conformance kit: checks every registered game passes, with no per-game test code.

Each check takes (name, players, options) and raises AssertionError saying what broke. tests/test_conformance.py
runs them for every set-up a game lists in its GameInfo.conformance.
"""

from __future__ import annotations

import inspect
import json
import os
import random
from collections.abc import Callable, Iterator, Mapping
from importlib import resources
from typing import Any

from .actions import Action, ActionSpace
from .errors import IllegalAction
from .game import Game, State
from .record import Record, replay
from .registry import HOOKS, game_info, games, load, load_with
from .schema import Struct

MAX_STEPS = 200_000


# ---- the registration: what a game declares, checked once per game ------------------------------------------

#: what each game must implement on its state (docs/adding-a-game.md); core's own versions raise NotImplementedError
STATE_METHODS = ("phase_name", "_legal_actions", "_default_action", "_public", "_private", "_resample", "clone")


def check_registration(name: str) -> None:
    """The registration is complete and its game keeps the recipe: a title, a summary, the result kinds and the
    set-ups this kit plays; a factory that makes a Game of that name with its action space; a state that implements
    the contract, keeps ``actors`` and ``is_over`` as its moves change them, and whose ``RULES`` (core's ``rules``)
    give every kind of action of the space a handler."""
    info = game_info(name)
    for field in ("title", "summary", "result_kinds", "conformance"):
        assert getattr(info, field), f"{name}: its GameInfo declares no {field}"
    assert 1 <= info.min_players <= (info.default_players or info.min_players) <= info.max_players, \
        f"{name}: players {info.min_players}..{info.max_players}, default {info.default_players}"
    for setup in info.conformance:
        assert "players" in setup, f"{name}: a conformance set-up names its players: {dict(setup)}"
    for options in info.presets.values():  # the lobby offers each: every one must make a table
        load_with(name, None, options)
    assert info.intended_turns is None or (isinstance(info.intended_turns, int) and info.intended_turns > 0), \
        f"{name}: intended_turns is a number of turns, not {info.intended_turns!r}"
    assert isinstance(info.regular_endings, tuple) and all(isinstance(e, str) and e for e in info.regular_endings), \
        f"{name}: regular_endings is a tuple of endings (result kinds or the end statistic)"
    game = load(name)
    assert isinstance(game, Game) and game.name == name and game.info is info, \
        f"{name}: its factory {info.factory} makes {game!r}, not a Game called {name!r} carrying its registration"
    assert isinstance(type(game).action_space, ActionSpace), f"{name}: the Game class declares no action_space"
    state = game.new_state(seed=0)
    cls = type(state)
    assert isinstance(state, State), f"{name}: new_state made a {cls.__name__}, not a State"
    for method in STATE_METHODS:
        assert getattr(cls, method) is not getattr(State, method), f"{name}: {cls.__name__} does not implement {method}"
    assert isinstance(state.actors, tuple) and state.is_over is False and state._result is None, \
        f"{name}: a new state sets actors (a tuple), is_over (False) and _result (None)"
    kinds = {type(a) for a in game.action_space.actions}
    missing, extra = kinds - set(cls.RULES), set(cls.RULES) - kinds
    assert not missing, f"{name}: RULES has no handler for {sorted(k.kind for k in missing)}"
    assert not extra, f"{name}: RULES names kinds outside the action space: {sorted(k.__name__ for k in extra)}"
    steps = set()
    for kind, rule in cls.RULES.items():
        assert isinstance(rule, tuple) and len(rule) == 2, \
            f"{name}: RULES[{kind.__name__}] is not (check, handler): make RULES with core's rules()"
        check, handler = rule
        assert callable(handler) and (check is None or callable(check)), f"{name}: RULES[{kind.__name__}]: {rule}"
        steps.add(getattr(handler, "move_step", None))  # rules() marks what it wraps in the move step
    assert len(steps) == 1, f"{name}: one move step for every kind, or none: {steps}"


def _takes(fn: Any, n: int) -> bool:
    """Whether ``fn`` can be called with ``n`` positional arguments."""
    try:
        inspect.signature(fn).bind(*([None] * n))
    except TypeError:
        return False
    except ValueError:  # no signature to read (a builtin): trust it
        return True
    return True


#: hook -> how many positional arguments it is called with (HOOKS says which)
HOOK_ARGS = {"catalogue": 0, "render": 1, "describe": 3, "label": 3, "stats": 1, "first": 1, "report": 2, "encoder": 1,
             "timer": 1, "out": 2, "reveal": 1}


def check_hooks(name: str) -> None:
    """Every hook the game declares resolves ("module:attribute" imports) and is what HOOKS says it is."""
    info = game_info(name)
    assert set(HOOK_ARGS) | {"bot", "advice", "schema", "menu"} == set(HOOKS), "the kit knows every kind of hook"
    game = load(name)
    kinds = set(game.action_space.kinds)
    for hook, target in info.hooks.items():
        module, _, attr = target.partition(":")
        assert module and attr and module.startswith(info.package), \
            f"{name}: hook {hook} is {target!r}, not a \"module:attribute\" of its package {info.package}"
        try:
            found = info.hook(hook)
        except (ImportError, AttributeError) as exc:
            raise AssertionError(f"{name}: hook {hook} ({target}) does not resolve: {exc}") from None
        where = f"{name}: hook {hook} ({target}): {HOOKS[hook]}"
        if hook in HOOK_ARGS:
            assert callable(found) and _takes(found, HOOK_ARGS[hook]), f"{where}; found {found!r}"
        elif hook == "bot":
            assert isinstance(found, type) and callable(getattr(found, "act", None)) \
                and _takes(found.act, 3), f"{where}; found {found!r}"
        elif hook == "advice":
            for attr_name in ("win_chances", "search_actions"):
                assert callable(getattr(found, attr_name, _takes)), f"{where}; its {attr_name} is not callable"
            assert isinstance(getattr(found, "ISMCTS_DEFAULTS", {}), Mapping), f"{where}; ISMCTS_DEFAULTS: a dict"
            own = getattr(found, "OWN_KINDS", frozenset())
            assert isinstance(own, frozenset) and own <= kinds, \
                f"{where}; OWN_KINDS: a frozenset of kinds of the action space, not {own!r}"
        elif hook == "schema":
            assert isinstance(found, tuple | list) and len(found) == 2 and all(
                isinstance(t, type) and issubclass(t, Struct) for t in found), f"{where}; found {found!r}"
        elif hook == "menu":
            assert isinstance(found, Mapping) and all(isinstance(v, str) for v in found.values()), \
                f"{where}; found {found!r}"
            assert set(found) <= kinds, f"{where}; kinds not in the action space: {sorted(set(found) - kinds)}"
    catalogue = info.hook("catalogue")
    if catalogue is not None:
        assert isinstance(catalogue(), dict), f"{name}: its catalogue is not a dict"


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
    kinds = game_info(name).result_kinds
    assert result.kind and result.kind in kinds, f"Result.kind {result.kind!r} is not one of the declared {kinds}"
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
    label = game_info(name).hook("label")
    for state, seat, action in play_random(name, players, options, seed):
        actors = state.actors
        assert list(actors) == sorted(set(actors)), "actors are distinct seats, ascending"
        for s in range(players):
            legal = state.legal_actions(s)
            assert bool(legal) == (s in actors), f"seat {s}: has legal actions iff it is an actor"
            ids = [game.action_id(a) for a in legal]
            assert ids == sorted(set(ids)), f"seat {s}: legal actions are distinct and ascending by id"
            if legal:
                assert state.default_action(s) in legal, f"default action of seat {s} is not legal"
        for a in state.legal_actions(seat):
            j = a.to_json()
            assert_json(j, "action JSON")
            assert game.parse_action(json.loads(json.dumps(j))) == a, f"JSON round trip of {a}"
            i = game.action_id(a)
            assert 0 <= i < game.num_action_ids and game.action_from_id(i) == a, f"id round trip of {a}"
            assert str(a) and not str(a).startswith("<"), f"str({a!r}) must read like a sentence"
            if label is not None:
                text = label(state, seat, a)
                assert isinstance(text, str) and text, f"the label of {a} must be a phrase, not {text!r}"
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


def _public(events: list) -> list[tuple[str, str]]:
    return [(e.kind, json.dumps(e.data, sort_keys=True, default=str)) for e in events if e.to is None]


def check_told_in_observation(name: str, players: int, options: dict[str, Any], seed: int,
                              max_steps: int = 600, tries: int = 4) -> None:
    """An observation holds every public fact the pending decision depends on, not only the events that told it
    (bots, encoders and learning agents see observations alone).

    Sibling worlds: after each random step, the same action is played again from the state before it with other
    chance. Where the two worlds await the same decision and every viewer observes them alike, any difference
    between them must be one no decision can tell; so each of the first ``tries`` legal actions, played in both
    with the same chance from there on, must tell everyone the same public events. A difference means the
    observation left out something that was told — a roll still to be re-rolled, a card still being resolved."""
    from .rng import Rng

    for n, (state, seat, action) in enumerate(play_random(name, players, options, seed)):
        if n >= max_steps:
            return
        twin = state.clone()
        twin.rng = Rng(10**9 + n)
        after = state.clone()
        after.apply(seat, action)
        twin.apply(seat, action)
        if after.is_over or twin.is_over or twin.actors != after.actors:
            continue
        decider = after.actors[0]
        legal = after.legal_actions(decider)
        if twin.legal_actions(decider) != legal or all_views(twin) != all_views(after):
            continue
        for choice in legal[:tries]:
            a, b = after.clone(), twin.clone()
            b.rng = a.rng.clone()
            told_a, told_b = _public(a.apply(decider, choice)), _public(b.apply(decider, choice))
            assert told_a == told_b, (
                f"{name} seed {seed}, step {n}: after {action!r}, seat {decider} decides on {choice!r} in two worlds "
                f"every viewer observes alike, yet the public outcome differs ({told_a[:3]} against "
                f"{told_b[:3]}): the observation leaves out a fact the decision depends on")


# ---- the envelope, the schema and the public half -------------------------------------------------------------

ENVELOPE = ("game", "version", "seat", "phase", "actors", "turn", "talk_allowed", "result", "public", "private")


def check_observations(name: str, players: int, options: dict[str, Any], seed: int) -> None:
    """Every observation is in the envelope, matches the game's published schema, and ``public`` is the same for
    every viewer (the spectator's ``private`` is null); a seat's ``private`` is ``_private(seat)``'s, whatever a
    game's ``_private_beside`` takes from the public half. The envelope's cross-game fields are the game's own:
    the ``turn`` count never goes back, ``talk_allowed`` is a yes or no, and where the public half repeats either
    of them the two agree."""
    from .schema import validate

    last_turn = 0
    for n, (state, _, _) in enumerate(play_random(name, players, options, seed)):
        if n % 3:
            continue
        views = [state.observe(s) for s in [*range(players), None]]
        public = json.dumps(views[-1]["public"], sort_keys=True)
        for viewer, obs in zip([*range(players), None], views):
            assert tuple(obs) == ENVELOPE, f"observation keys {tuple(obs)} are not the envelope {ENVELOPE}"
            assert obs["game"] == name and obs["seat"] == viewer and obs["actors"] == list(state.actors)
            assert_json(obs, "an observation")
            validate(obs, name)
            assert json.dumps(obs["public"], sort_keys=True) == public, \
                f"the public half differs between seat {viewer} and the spectator"
            if viewer is not None:  # a game's _private_beside (the halves made together) gives _private's JSON
                assert json.dumps(obs["private"]) == json.dumps(state._private(viewer)), \
                    f"seat {viewer}'s private half differs from _private({viewer})"
        assert views[-1]["private"] is None, "a spectator has no private half"
        envelope = views[-1]
        assert envelope["turn"].__class__ is int and envelope["turn"] >= last_turn, \
            f"the envelope's turn went from {last_turn} to {envelope['turn']!r}"
        last_turn = envelope["turn"]
        assert envelope["talk_allowed"] is state.talk_allowed
        for key in ("turn", "talk_allowed"):
            if key in envelope["public"]:
                assert envelope["public"][key] == envelope[key], \
                    f"the public half's {key} {envelope['public'][key]!r} is not the envelope's {envelope[key]!r}"


# ---- the observation vector of learning agents -----------------------------------------------------------------


def check_vector(name: str, players: int, options: dict[str, Any], seed: int) -> None:
    """The game's encoder gives every seat a vector of its declared size, each number in [0, 1], each field within
    its places; the vector is the same in every world of ``resample(seat)`` (so it carries nothing the seat may
    not know) and it changes as the game goes on (so it carries something)."""
    from .registry import game_info, load

    encoder = game_info(name).need("encoder", "the conformance kit")(load(name, players, **options))
    rng = random.Random(seed)
    seen: set[tuple[float, ...]] = set()
    for n, (state, _, _) in enumerate(play_random(name, players, options, seed)):
        if n % 3:
            continue
        for seat in range(players):
            obs = state.observe(seat)
            encoder.check(obs)
            vector = encoder.encode(obs)
            assert len(vector) == encoder.size, f"seat {seat}'s vector has {len(vector)} numbers, not {encoder.size}"
            seen.add(tuple(vector))
            world = state.resample(seat, rng)
            assert encoder.encode(world.observe(seat)) == vector, f"seat {seat}'s vector changed under its resample"
    assert len(seen) > 2, "the vector hardly changes over a whole game"


# ---- words per viewer ----------------------------------------------------------------------------------------


def check_words(name: str, players: int, options: dict[str, Any], seed: int) -> None:
    """What a viewer is told of a move depends only on what it may know: the same sentences in every world of
    ``resample(viewer)`` taken after the move (the spectator's: of any seat's). Core hands ``describe`` only the
    events the viewer may see, and no action, so the words can leak only by reading the hidden state."""
    rng = random.Random(seed * 31 + 7)
    viewers = [*range(players), None]
    told = 0
    for n, (state, seat, action) in enumerate(play_random(name, players, options, seed)):
        if n % 4:
            continue
        after = state.clone()
        events = after.apply(seat, action)
        for viewer in viewers:
            words = after.describe(events, viewer)
            assert isinstance(words, list) and all(isinstance(w, str) and w for w in words), \
                f"describe must give a list of sentences, not {words!r}"
            told += bool(words)
            if after.is_over:
                continue
            for _ in range(2):
                world = after.resample(viewer if viewer is not None else rng.randrange(players), rng)
                again = world.describe(events, viewer)
                assert again == words, (f"{_who(viewer)} is told {words} after {seat}'s move, but {again} in a "
                                        "world it cannot tell apart: the words read something it may not know")
    assert told, "no viewer was ever told anything of a move"


def check_events_unchanged(name: str, players: int, options: dict[str, Any], seed: int) -> None:
    """An event is never changed once ``apply`` has returned it (``hexbox.core.Event``), so a game may share one
    between states. Two random games in turn, every view and word of them taken along the way and every event's
    JSON changed as a careless caller might: each event the first game returned is still as it was returned."""
    game = load(name, players=players, **options)
    viewers = [*range(players), None]
    returned: list[tuple[Any, str]] = []
    for k in (seed, seed + 1):
        state, rng = game.new_state(seed=k), random.Random(k)
        for _ in range(MAX_STEPS):
            if state.is_over:
                break
            seat, action = random_step(state, rng)
            events = state.apply(seat, action)
            for e in events:
                if k == seed:
                    returned.append((e, json.dumps(e.to_json(), sort_keys=True)))
                e.to_json()["data"]["changed"] = True  # a copy: the event stays as it is
            for viewer in viewers:
                state.describe(events, viewer)
        all_views(state)
    changed = [was for e, was in returned if json.dumps(e.to_json(), sort_keys=True) != was]
    assert not changed, f"{len(changed)} events were changed after apply returned them, the first: {changed[0]}"


def _who(viewer: int | None) -> str:
    return "the spectator" if viewer is None else f"seat {viewer}"


# ---- the gate, fuzzed ----------------------------------------------------------------------------------------

#: inputs per game and set-up; HEXBOX_FUZZ=100000 for the long run
FUZZ_INPUTS = int(os.environ.get("HEXBOX_FUZZ", "5000"))


class _Junk(Action):  # an action of no game
    kind = "junk"


def _bad_seats(players: int) -> list[Any]:
    return [-1, -2, -players, players, players + 1, 10**30, -(10**30), 1.0, 0.0, 2.5, float("nan"), float("inf"),
            True, False, "0", "", [0], {"seat": 0}, (0,), b"0", object()]


def _json_mutations(obj: dict[str, Any], rng: random.Random, kinds: list[str]) -> list[Any]:
    """Broken copies of an action's JSON: wrong types, missing and extra fields, huge and odd values."""
    odd = [-1, 10**40, -(10**40), float("inf"), float("nan"), 1.5, "", "x" * 300, None, [], {}, True, [[[]]],
           {"kind": obj["kind"]}, "\x00", "0"]
    out: list[Any] = [[obj], json.dumps(obj), None, 7, [], {}, {**obj, "kind": rng.choice(kinds)},
                      {**obj, "kind": None}, {**obj, "kind": []}, {**obj, "kind": {"a": 1}}, {**obj, "extra": 1},
                      {**obj, 1: 2}]
    for field in [k for k in obj if k != "kind"]:
        out.append({k: v for k, v in obj.items() if k != field})
        for value in rng.sample(odd, 4):
            out.append({**obj, field: value})
    return out


def _broken_records(record: Record, rng: random.Random) -> list[Any]:
    good = record.to_json()
    pair = good["actions"][0] if good["actions"] else [0, {"kind": "x"}]
    out: list[Any] = ["", "[", "{}", "null", "1e400", "[" * 5000 + "]" * 5000, '{"game": "' + "x" * 10**5 + '"}']
    for key, values in (("seed", [1e400, "1", None, 2.5, [], True]), ("players", [0, -1, 10**9, "5", None, 2.5]),
                        ("game", [None, 5, [], "no such game"]), ("options", [[], "x", {"no_such_option": 1}]),
                        ("actions", [None, {}, [[0]], [[1e400, pair[1]]], [[-1, pair[1]]], [[99, pair[1]]],
                                     [[True, pair[1]]], [[0, "pass"]], [[0, [1, 2]]], [pair] * 3,
                                     [[pair[0], {"kind": 5}]], [[pair[0], {**pair[1], "junk": 1}]]])):
        for value in values:
            out.append(json.dumps({**good, key: value}))
    for key in ("game", "players", "seed"):
        out.append(json.dumps({k: v for k, v in good.items() if k != key}))
    text = json.dumps(good)
    for _ in range(8):  # flip a character
        i = rng.randrange(len(text))
        out.append(text[:i] + rng.choice('0]}",-e9 ') + text[i + 1:])
    return out


def check_gate(name: str, players: int, options: dict[str, Any], seed: int, inputs: int = FUZZ_INPUTS) -> int:
    """Anything from outside gets ValueError (IllegalAction, ConfigError: both are ValueErrors) with a reason, or is
    legal and accepted; never another exception, and a refusal changes nothing. Exactly the legal action ids are
    accepted; bad seats, wrong types, other games' and other states' actions, mutated JSON and broken records are
    refused."""
    game = load(name, players=players, **options)
    space = game.action_space
    others = [a for g in games() if g != name for a in load(g).action_space.actions[:: 97]]
    kinds = sorted(space.kinds)
    rng = random.Random(seed * 13 + 5)
    tried = 0
    elsewhere: list[Action] = []  # actions legal in other states of this game

    def refused(what: str, call: Callable[..., Any], *args: Any, may_pass: bool = False) -> Any:
        nonlocal tried
        tried += 1
        try:
            out = call(*args)
        except ValueError as exc:
            assert str(exc), f"{what}: refused without a reason"
            return None
        except Exception as exc:  # noqa: BLE001 — the point of the check
            raise AssertionError(f"{what} raised {type(exc).__name__}: {exc}") from exc
        assert may_pass, f"{what} was accepted"
        return out

    game_seed = seed
    while tried < inputs:  # one random game after another until the budget is used
        record = Record(name, players, dict(options), game_seed)
        for n, (state, seat, action) in enumerate(play_random(name, players, options, game_seed)):
            if tried >= inputs:
                break
            record.actions.append((seat, action.to_json()))
            if n % 3:
                elsewhere.append(action)
                continue
            before = all_views(state)
            for bad in rng.sample(_bad_seats(players), 5):  # a few per state: the budget reaches more states
                refused(f"apply({bad!r})", state.apply, bad, action)
                refused(f"legal_actions({bad!r})", state.legal_actions, bad)
                refused(f"default_action({bad!r})", state.default_action, bad)
                refused(f"observe({bad!r})", state.observe, bad)
                refused(f"resample({bad!r})", state.resample, bad, rng)
                refused(f"describe([], {bad!r})", state.describe, [], bad)
            refused("apply(None, …)", state.apply, None, action)  # type: ignore[arg-type]
            for junk in [action.to_json(), [action.to_json()], "sell", None, 0, 1.5, _Junk(), Action(),
                         *rng.sample(others, min(6, len(others))), *rng.sample(elsewhere, min(6, len(elsewhere)))]:
                if isinstance(junk, Action) and id(junk) in space.shared and junk in state.legal_actions(seat):
                    continue  # an action of another state that happens to be legal here
                refused(f"apply({seat}, {junk!r:.80})", state.apply, seat, junk)  # type: ignore[arg-type]
            legal_list = state.legal_actions(seat)
            legal = {id(a) for a in legal_list}
            idle = [s for s in range(players) if s not in state.actors]
            for candidate in legal_list:  # every legal action is accepted (on a copy) ...
                tried += 1
                try:
                    state.clone().apply(seat, candidate)
                except Exception as exc:  # noqa: BLE001
                    raise AssertionError(f"legal {candidate} from seat {seat} raised "
                                         f"{type(exc).__name__}: {exc}") from exc
                # ... and a sample of the other ids refused (over a long run, every id many times)
            ids = rng.sample(range(len(space)), min(len(space), 80))
            for i in ids:
                candidate = space.actions[i]
                if id(candidate) not in legal:
                    refused(f"illegal {candidate} from seat {seat}", state.apply, seat, candidate)
                if idle and i % 5 == 0:
                    s = rng.choice(idle)
                    refused(f"{candidate} from idle seat {s}", state.apply, s, candidate)
            refused("action id -1", game.action_from_id, -1)
            refused("action id len", game.action_from_id, len(space))
            refused("action id 1.0", game.action_from_id, 1.0)  # type: ignore[arg-type]
            mutations = _json_mutations(action.to_json(), rng, kinds)
            for broken in rng.sample(mutations, min(len(mutations), 12)):
                parsed = refused(f"parse_action({broken!r:.80})", game.parse_action, broken, may_pass=True)
                if parsed is not None:
                    if id(parsed) in legal:
                        continue
                    refused(f"parsed {broken!r:.80}", state.apply, seat, parsed)
            texts = _broken_records(record, rng)
            for text in rng.sample(texts, 6):
                refused(f"record {text[:60]!r}", lambda t: replay(Record.loads(t)), text, may_pass=True)
            assert all_views(state) == before, f"a refused input changed the state (seat {seat}, before {action})"
        game_seed += 1
    return tried


# ---- every card has its text ---------------------------------------------------------------------------------


def _strings(obj: Any, path: str, out: dict[str, set[str]]) -> None:
    if isinstance(obj, dict):
        for k, v in obj.items():
            _strings(v, f"{path}.{'*' if k.lstrip('-').isdigit() else k}", out)
    elif isinstance(obj, list):
        for v in obj:
            _strings(v, f"{path}[]", out)
    elif isinstance(obj, str) and obj:
        out.setdefault(path, set()).add(obj)


def check_texts(name: str, players: int, options: dict[str, Any], seed: int) -> None:
    """Every card, tile, ability or token that appears in an observation along a random game has a name and a text
    in the game's data (hexbox.core.texts). A field of the observation holds components when at least half of the
    values seen in it are; then every value seen in it must be one, with its text: a card added to the rules but
    not to the data, or known by another id, is caught. And the game's package has its rules reference, reference.md
    (`hexbox rules`, the browser's rules page), where the card texts are shown."""
    from .texts import texts

    package = game_info(name).package
    assert "reference.md" in {p.name for p in resources.files(package).iterdir()}, \
        f"{name}: its package has no reference.md (`hexbox rules {name}`, the browser's rules page)"
    known = texts(name)
    seen: dict[str, set[str]] = {}
    for n, (state, _, _) in enumerate(play_random(name, players, options, seed)):
        if n % 2:
            continue
        for viewer in [*range(players), None]:
            obs = state.observe(viewer)
            _strings({"public": obs["public"], "private": obs["private"]}, "", seen)
    # a field of components: at least half of the values seen in it are (a log entry's ``kind`` that happens to
    # share a spell's name is not one)
    holding = {path: values for path, values in seen.items()
               if 2 * sum(bool(known.of(v)) for v in values) >= len(values)}
    assert holding, f"{name}: no observation names a component of cards.toml"
    missing = {f"{path}: {v}" for path, values in holding.items() for v in values if known.of(v) is None}
    assert not missing, f"{name}: components seen in observations without a name and text: {sorted(missing)[:12]}"
