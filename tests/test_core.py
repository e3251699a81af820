"""The engine core on its own: options, action JSON, the action space, Rng clones, records, the registry."""

from __future__ import annotations

import pkgutil
from dataclasses import dataclass
from typing import ClassVar

import pytest

import hexbox
from hexbox.core import (
    Action,
    ActionSpace,
    ConfigError,
    Event,
    IllegalAction,
    Option,
    Record,
    Rng,
    derive_seed,
    resolve_options,
)


@dataclass(frozen=True, slots=True)
class Poke(Action):
    kind: ClassVar[str] = "poke"
    target: int
    how: str


SPACE = ActionSpace([Poke(t, h) for t in range(3) for h in ("soft", "hard")])


def test_action_json_round_trip_returns_the_shared_instance():
    a = Poke(2, "hard")
    assert a.to_json() == {"kind": "poke", "target": 2, "how": "hard"}
    parsed = SPACE.parse({"kind": "poke", "target": 2, "how": "hard"})
    assert parsed == a and parsed is SPACE.action(SPACE.id(a))


@pytest.mark.parametrize("obj, message", [
    ([], "must be a JSON object"),
    ({"kind": "kick"}, "unknown action kind 'kick'"),
    ({"kind": "poke", "target": 1}, "missing field 'how'"),
    ({"kind": "poke", "target": "1", "how": "soft"}, "field 'target' must be int"),
    ({"kind": "poke", "target": True, "how": "soft"}, "field 'target' must be int"),
    ({"kind": "poke", "target": 1, "how": "soft", "x": 0}, "unexpected field(s) x"),
    ({"kind": "poke", "target": 7, "how": "soft"}, "not an action of this game"),
])
def test_malformed_actions_are_refused_with_a_reason(obj, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        SPACE.parse(obj)


def test_action_ids_are_checked():
    assert SPACE.id(Poke(1, "soft")) == 2 and SPACE.action(2) == Poke(1, "soft")
    for bad in (-1, 6, True, "2"):
        with pytest.raises(IllegalAction):
            SPACE.action(bad)
    with pytest.raises(IllegalAction):
        SPACE.id(Poke(9, "soft"))


def test_events_are_public_or_private():
    public, private = Event("sale", {"card": "x"}), Event("peek", {"card": "y"}, to=[2])
    assert public.visible_to(None) and public.visible_to(0)
    assert not private.visible_to(None) and not private.visible_to(1) and private.visible_to(2)
    assert private.to_json() == {"kind": "peek", "data": {"card": "y"}, "to": [2]}
    assert public.to_json() == {"kind": "sale", "data": {"card": "x"}, "to": None}


def test_an_events_data_and_its_audience_are_kept_apart():
    # a card sent to seat 3, seen by seats 1 and 3: the field "to" is data, not the audience
    sent = Event("sent", {"card": "hex", "to": 3}, to=[1, 3])
    assert sent.to_json() == {"kind": "sent", "data": {"card": "hex", "to": 3}, "to": [1, 3]}


def test_options_have_defaults_and_bounds():
    declared = [Option("size", 6, low=4, high=lambda n: n + 5), Option("mode", "a", choices=("a", "b")),
                Option("fast", False)]
    assert resolve_options(declared, {}, 3) == {"size": 6, "mode": "a", "fast": False}
    assert resolve_options(declared, {"size": 8, "fast": True}, 3)["size"] == 8
    with pytest.raises(ConfigError, match="option size=9 is not allowed: expected int from 4 to 8"):
        resolve_options(declared, {"size": 9}, 3)
    with pytest.raises(ConfigError, match="mode='c' is not allowed: expected one of 'a', 'b'"):
        resolve_options(declared, {"mode": "c"}, 3)
    with pytest.raises(ConfigError, match="unknown option"):
        resolve_options(declared, {"colour": 1}, 3)
    with pytest.raises(ConfigError):
        resolve_options(declared, {"size": True}, 3)  # a bool is not a number here


def test_rng_clones_repeat_the_same_future_independently():
    a = Rng(5)
    a.random()
    b = a.clone()
    first = [a.randrange(100) for _ in range(5)]
    assert [b.randrange(100) for _ in range(5)] == first
    d, e = Rng(9), Rng(9)
    f = d.clone()
    d.random()  # the parent draws first: the clone must still start where the parent was
    assert f.random() == e.random()
    assert d.random() == e.random()


def test_derived_seeds_are_stable_and_distinct():
    # stable across processes and machines: the same numbers as when they were first written down (a hash-seeded
    # or process-dependent derivation would change them), and they fit a 63-bit seed
    assert [derive_seed(1, 0), derive_seed(1, 1), derive_seed(2, 0), derive_seed(2026, 7)] == [
        8373539508363030538, 4457796008831704656, 8053278692333599478, 6703121212919964166]
    assert all(0 <= derive_seed(m, i) < 2**63 for m in (0, 1, 2**40) for i in range(50))
    assert len({derive_seed(1, i) for i in range(1000)}) == 1000
    assert derive_seed(1, 0) != derive_seed(2, 0)


def test_registry_and_load_errors():
    assert "werebeasts" in hexbox.games() and hexbox.games() == sorted(hexbox.games())
    with pytest.raises(ConfigError, match="unknown game 'chess'"):
        hexbox.load("chess")
    with pytest.raises(ConfigError, match="for 3 to 10 players, not 2"):
        hexbox.load("werebeasts", players=2)
    with pytest.raises(ConfigError, match="dealer=5 is not allowed"):
        hexbox.load("werebeasts", players=5, dealer=5)



@pytest.mark.parametrize("options", [{"players": 3}, {"name": "prowl"}, {"players": 5, "name": "x", "dealer": 1}])
def test_an_option_named_like_a_parameter_is_an_unknown_option_not_a_type_error(options):
    # a server passes a table's options as they were given: no name may collide with load's parameters
    with pytest.raises(ConfigError, match=r"unknown option\(s\) .*this game's options: "):
        hexbox.load_with("werebeasts", 5, options)
    with pytest.raises(ConfigError, match="unknown option"):
        hexbox.replay(Record("werebeasts", 5, dict(options), 1))
    if "players" not in options:  # with load, players= is the player count, as it always was
        with pytest.raises(ConfigError, match=r"unknown option\(s\) .*name"):
            hexbox.load("werebeasts", players=5, **options)


def test_load_and_load_with_set_up_the_same_game():
    game = hexbox.load("werebeasts", players=4, dealer=2, max_bid_changes=3)
    same = hexbox.load_with("werebeasts", 4, {"dealer": 2, "max_bid_changes": 3})
    assert (same.name, same.players, same.options) == (game.name, game.players, game.options)
    assert same.info is game.info is hexbox.game_info("werebeasts")
    assert hexbox.load("werebeasts", 4).options == hexbox.load_with("werebeasts", 4).options
    assert hexbox.load_with("werebeasts").players == hexbox.load("werebeasts").players == 5  # the default count
    with pytest.raises(ConfigError, match="for 3 to 10 players, not 2"):
        hexbox.load_with("werebeasts", 2, {})
    with pytest.raises(ConfigError, match="options are a mapping"):
        hexbox.load_with("werebeasts", 5, [("dealer", 1)])  # type: ignore[arg-type]
    with pytest.raises(TypeError):  # the game's name is positional only: name= is an option, never the game
        hexbox.load(name="werebeasts")  # type: ignore[call-arg]

def test_record_round_trip_and_replay():
    game = hexbox.load("werebeasts", players=4)
    state = game.new_state(seed=3)
    rec = Record("werebeasts", 4, dict(game.options), 3)
    for _ in range(12):
        if state.is_over:
            break
        seat = state.actors[0]
        action = state.default_action(seat)
        state.apply(seat, action)
        rec.actions.append((seat, action.to_json()))
    again = Record.loads(rec.dumps())
    assert again == rec
    assert hexbox.replay(again).observe(None) == state.observe(None)
    with pytest.raises(ValueError, match="not a hexbox record"):
        Record.from_json({"game": "werebeasts"})


def test_games_is_both_the_list_and_the_package():
    import hexbox.games.werebeasts.game as game  # a function named `games` would hide the package

    assert game.WerebeastsGame.name == "werebeasts"
    builtin = [g for g in hexbox.games() if hexbox.game_info(g).builtin]
    # every package of hexbox/games is a registered game, its name the package's (the one line imports it)
    packages = sorted(m.name for m in pkgutil.iter_modules(hexbox.games.__path__) if m.ispkg)
    assert builtin == packages and {"growl", "prowl", "transylvania", "voodoo", "werebeasts"} <= set(builtin)
    assert set(hexbox.games()) - set(builtin) == {"hunch"}  # the toy of the session (tests/conftest.py)


@pytest.mark.parametrize("seed", [None, 1.5, "7", True, float("inf")])
def test_new_state_refuses_a_seed_that_is_not_a_whole_number(seed):
    """Without a whole-number seed no record could replay the game: None would seed from the clock."""
    for name in hexbox.core.games():
        game = hexbox.load(name, players=hexbox.core.game_info(name).min_players)
        with pytest.raises(ConfigError, match="a seed is a whole number"):
            game.new_state(seed)


def test_new_state_takes_numpy_integers_as_the_same_seed():
    import numpy as np
    game = hexbox.load("werebeasts", players=3)
    assert game.new_state(np.int64(5)).observe(0) == game.new_state(5).observe(0)


def test_an_events_audience_is_one_seat_or_several_and_anything_else_is_refused_by_name():
    """docs/adding-a-game.md: `to=seat` or `to=(seats…)`; a string or a non-seat is a TypeError naming the event."""
    assert Event("peek", {}, to=2).to == frozenset({2}) and Event("peek", to=2).visible_to(2)
    assert not Event("peek", to=2).visible_to(0) and not Event("peek", to=2).visible_to(None)
    assert Event("deal", to=(0, 2)).to == frozenset({0, 2}) and Event("deal", to=iter([1])).to == frozenset({1})
    assert Event("news").to is None and Event("news").public
    with pytest.raises(TypeError, match="Event 'peek': to= is a seat or an iterable of seats, not a float"):
        Event("peek", to=2.0)
    with pytest.raises(TypeError, match="Event 'peek': to= names seats by their numbers"):
        Event("peek", to="02")
