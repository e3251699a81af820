"""The observe contract the views' speed rests on (issue 47, hexbox/games/voodoo/views.py): an observation's nested
parts may be shared between calls and with the state, so nothing may change them once handed out — not the
bots, the encoder, the renderer or the statistics that read them, and not the state's own later moves, its clones'
or its resampled worlds'."""

import copy
import json
import random

import pytest

import hexbox
from hexbox.agents import make_agent
from hexbox.core import View
from hexbox.games.voodoo import views
from hexbox.games.voodoo.encoder import encoder
from hexbox.games.voodoo.render import render
from hexbox.games.voodoo.stats import game_stats


@pytest.mark.parametrize(
    "players, mode, seed, level",
    [
        (3, "call_out", 1, "normal"),
        (4, "automatic", 2, "normal"),
        (5, "call_out", 3, "easy"),
        (6, "automatic", 4, "easy"),
    ],
)
def test_no_observation_changes_after_it_is_handed_out(players, mode, seed, level):
    # cites R69-R71: every seat's and the spectator's observation at every step of a whole game, each read by the
    # encoder and the renderer and one of them acted on by a bot, is as it was when handed out at the end
    game = hexbox.load("voodoo", players=players, claim_mode=mode, max_turns=40)
    state = game.new_state(seed=seed)
    bot, rng, enc = make_agent(level, "voodoo"), random.Random(seed), encoder(game)
    handed: list[tuple[dict, dict]] = []
    while not state.is_over:
        for viewer in [*range(players), None]:
            obs = state.observe(viewer)
            handed.append((obs, copy.deepcopy(obs)))
            enc.encode(obs)
            render(obs)
        actors = state.actors
        seat = actors[0] if len(actors) == 1 else rng.choice(actors)
        view = View.of(state, seat)
        state.apply(seat, bot.act(view, rng))
        handed.append((view.observation, copy.deepcopy(view.observation)))
    game_stats(state.observe(None))
    assert len(handed) > 500
    for i, (obs, then) in enumerate(handed):
        assert obs == then, f"observation {i} changed after it was handed out"


def test_clones_and_worlds_change_nothing_their_original_handed_out():
    # cites R69: a clone or a resampled world plays on (ISMCTS does both); what the original showed, and what it
    # shows now, stay the same
    state = hexbox.load("voodoo", players=4, claim_mode="call_out", max_turns=40).new_state(seed=7)
    bot, rng = make_agent("normal", "voodoo"), random.Random(7)
    checked = 0
    while not state.is_over:
        if state.steps % 5 == 0:
            before = [state.observe(v) for v in (*range(4), None)]
            text = [json.dumps(o) for o in before]
            for other in (state.clone(), state.resample(state.actors[0], rng)):
                for _ in range(30):  # the copy plays on with its own moves
                    if other.is_over:
                        break
                    seat = other.actors[0] if len(other.actors) == 1 else rng.choice(other.actors)
                    other.apply(seat, bot.act(View.of(other, seat), rng))
                other.observe(None)
            assert [json.dumps(o) for o in before] == text
            assert [json.dumps(state.observe(v)) for v in (*range(4), None)] == text
            checked += 1
        actors = state.actors
        seat = actors[0] if len(actors) == 1 else rng.choice(actors)
        state.apply(seat, bot.act(View.of(state, seat), rng))
    assert checked > 20


_MEMOS = ("_last_history", "_last_echo", "_last_hands", "_last_alone", "_last_marks")


def _fresh(state, viewer):
    # the observation made with every memo of the views as at import, the memos then put back as they were
    kept = {name: getattr(views, name) for name in _MEMOS}
    known = views._CURSES_KNOWN[0], views._ARTEFACTS_KNOWN[0]
    memos = [(memo, dict(memo)) for memo in (views._FACE_LISTS, views._COUNT_DICTS, views._BLOCKS)]
    views._last_history, views._last_echo = ((), []), ((), {})
    views._last_hands, views._last_alone = ((), (), (), 0, []), ([], 0, 0)
    views._last_marks = ((), (), [], [])
    views._CURSES_KNOWN[0] = views._ARTEFACTS_KNOWN[0] = ((), (), 0, [])
    for memo, _ in memos:
        memo.clear()
    try:
        return json.dumps(state.observe(viewer))
    finally:
        for name, value in kept.items():
            setattr(views, name, value)
        views._CURSES_KNOWN[0], views._ARTEFACTS_KNOWN[0] = known
        for memo, items in memos:
            memo.clear()
            memo.update(items)


def test_the_views_memos_never_answer_for_another_position():
    # cites R69-R71: two tables of different sizes played in turns (each memo read after a move of its own table
    # and after the other table's), every seat's and the spectator's observation the same as one made with every
    # memo forgotten
    tables = [
        hexbox.load("voodoo", players=p, claim_mode=m, max_turns=40).new_state(seed=s)
        for p, m, s in ((3, "call_out", 11), (5, "automatic", 12))
    ]
    bots = [(make_agent("easy", "voodoo"), random.Random(11)), (make_agent("normal", "voodoo"), random.Random(12))]
    compared = 0
    while not all(state.is_over for state in tables):
        for state, (bot, rng) in zip(tables, bots):
            if state.is_over:
                continue
            for viewer in [*range(state.n), None]:
                assert json.dumps(state.observe(viewer)) == _fresh(state, viewer), f"step {state.steps}, {viewer}"
                compared += 1
            actors = state.actors
            seat = actors[0] if len(actors) == 1 else rng.choice(actors)
            view = View.of(state, seat)
            assert json.dumps(view.observation) == _fresh(state, seat), f"step {state.steps}, seat {seat}"
            state.apply(seat, bot.act(view, rng))
    assert compared > 1000
