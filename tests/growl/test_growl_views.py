"""The observation (public and private halves, the published schema) and what the registration declares."""

import json
import random

import pytest
from growl_helpers import hold, night, table

import hexbox
from hexbox.core import IllegalAction, game_info
from hexbox.core.schema import json_schema, validate
from hexbox.games.growl import actions as A
from hexbox.games.growl.state import RESULT_KINDS

SETUPS = [dict(s) for s in game_info("growl").conformance]


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: "-".join(f"{k}={v}" for k, v in s.items()))
def test_every_observation_matches_the_schema_and_public_is_the_same_for_all(setup):
    options = dict(setup)
    players = options.pop("players")
    game = hexbox.load("growl", players=players, **options)
    for seed in range(3):
        s = game.new_state(seed)
        rng = random.Random(seed)
        while True:
            views = [s.observe(v) for v in [*range(players), None]]
            for obs in views:
                validate(obs, "growl")
                assert obs["public"] == views[-1]["public"]
            if s.is_over:
                break
            seat = rng.choice(s.actors)
            s.apply(seat, rng.choice(s.legal_actions(seat)))
        assert views[-1]["public"]["reveal"] is not None and views[-1]["result"]["kind"] in RESULT_KINDS


def test_the_schema_is_published_and_refuses_unknown_fields():
    schema = json_schema("growl")
    assert "talk_allowed" in json.dumps(schema)
    obs = hexbox.load("growl", players=5).new_state(1).observe(2)
    validate(obs, "growl")
    obs["public"]["surprise"] = 1
    with pytest.raises(ValueError):
        validate(obs, "growl")


def test_the_private_log_merges_back_in_order():
    # a seat's log: public events and its own private ones, in the order they happened
    from hexbox.games.growl.views import merged_log

    s = table(4)
    for p in range(4):
        hold(s, p, gold=1, salve=1)
    night(s, "insomnia", seat=0)
    s.apply(0, A.TARGET[0])
    for seat in (0, 1, 2, 3):
        s.apply(seat, s.default_action(seat))
    mine = [e for e in s.log if e.visible_to(1)]
    assert [e["kind"] for e in merged_log(s.observe(1))] == [e.kind for e in mine]
    assert [e["kind"] for e in merged_log(s.observe(None))] == [e.kind for e in s.log if e.public]


def test_hooks_and_result_kinds_are_declared():
    info = game_info("growl")
    assert info.result_kinds == RESULT_KINDS
    for hook in ("render", "describe", "bot", "advice", "stats", "report", "schema"):
        assert info.hook(hook) is not None, hook
    assert callable(info.hook("advice").win_chances) and info.hook("advice").ISMCTS_DEFAULTS
    s = hexbox.load("growl", players=6, curses=True, spells=True).new_state(4)
    rng = random.Random(4)
    while not s.is_over:
        seat = rng.choice(s.actors)
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    for v in (0, None):
        text = info.hook("render")(s.observe(v))
        assert "The Growl!" in text
    stats = info.hook("stats")(s.observe(None))
    assert stats["end"] == s.result.kind and stats["winning_team"] in ("humans", "werewolves")
    assert (stats["winning_team"] == "werewolves") == s.wolf[min(s.result.winners)]
    assert json.loads(json.dumps(stats)) == stats


@pytest.mark.parametrize("bad", [-1, 6, 7, True, 1.0, "0", None])
def test_the_gate_refuses_seats_that_are_not_seats(bad):
    s = hexbox.load("growl", players=6).new_state(0)
    with pytest.raises(IllegalAction):
        s.legal_actions(bad)
    with pytest.raises(IllegalAction):
        s.apply(bad, s.legal_actions(s.actors[0])[0])


def test_a_clone_or_a_resampled_world_moves_on_without_changing_the_observations_of_the_state():
    # the JSON of the log is kept on the state and made once per event (views.log_json): a copy of the state that
    # plays on, and the state that plays on after it was copied, must not see each other's moves
    from hexbox.agents import make_agent
    from hexbox.core import View

    game = hexbox.load("growl", players=6)
    s = game.new_state(3)
    bot, rng = make_agent("normal", "growl"), random.Random(3)
    for _ in range(40):
        seat = rng.choice(s.actors)
        s.apply(seat, bot.act(View.of(s, seat), rng))
    seen = [json.dumps(s.observe(v)) for v in [*range(6), None]]
    copies = [s.clone(), s.resample(0, random.Random(1)), s.resample(4, random.Random(2))]
    c = copies[0]
    assert [json.dumps(c.observe(v)) for v in [*range(6), None]] == seen  # the clone sees what the state sees
    for c in copies:
        while not c.is_over:
            seat = rng.choice(c.actors)
            c.apply(seat, bot.act(View.of(c, seat), rng))
    ended = [[json.dumps(c.observe(v)) for v in [*range(6), None]] for c in copies]
    assert [json.dumps(s.observe(v)) for v in [*range(6), None]] == seen
    while not s.is_over:
        seat = rng.choice(s.actors)
        s.apply(seat, bot.act(View.of(s, seat), rng))
    assert [[json.dumps(c.observe(v)) for v in [*range(6), None]] for c in copies] == ended
