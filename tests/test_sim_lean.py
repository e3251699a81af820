"""The simulation loop is lean: games and agents built once per worker, jobs made when needed, results streamed into
running statistics, and nothing computed per game that its reader does not use; the lines stay the same."""

from __future__ import annotations

import json
import random

import pytest

from hexbox.core import View, derive_seed, games, load
from hexbox.sim import runner
from hexbox.sim.runner import GameJob, jobs_for, play_game, read_partial, run
from hexbox.sim.stats import Summary, summarize


@pytest.mark.parametrize("game", games())
def test_turns_read_from_the_state_are_the_envelopes_turn(game):
    """A result line's `turns` is the observation envelope's `turn` at the end (the turns begun: the browser's "N
    turns played"), however the state keeps it."""
    state = load(game, players=load(game).players).new_state(seed=4)
    rng = random.Random(4)
    for _ in range(400 if game == "voodoo" else 10_000):
        if state.is_over:
            break
        assert state.turns == state.observe(None)["turn"]
        seat = rng.choice(state.actors)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert state.turns == state.observe(None)["turn"]


def test_a_plan_makes_its_jobs_when_asked():
    plan = jobs_for("werebeasts", 5, ["heuristic", "random", "random", "random", "random"], 10**12, 3, rotate=True)
    assert len(plan) == 10**12  # a trillion games cost nothing until played
    job = plan[7]
    assert job == GameJob("werebeasts", 5, ("random", "random", "random", "heuristic", "random"), derive_seed(3, 7), 7)
    assert plan[-1].index == 10**12 - 1 and plan[2:4] == [plan[2], plan[3]]
    with pytest.raises(IndexError):
        plan[10**12]


def test_the_game_and_the_agents_are_built_once_per_worker(monkeypatch):
    loads = []
    real = runner.load
    monkeypatch.setattr(runner, "load", lambda *a, **k: loads.append(a) or real(*a, **k))
    runner._game.cache_clear()
    runner._agents.cache_clear()
    lines = list(run(jobs_for("werebeasts", 4, ["random"] * 4, 20, 11, options={"max_bid_changes": 3})))
    assert len(lines) == 20 and len(loads) == 1
    assert runner._agents.cache_info().misses == 1 and runner._agents.cache_info().hits == 19


def test_without_stats_the_line_is_the_same_but_for_the_stats():
    job = jobs_for("prowl", 4, ["heuristic", "random", "random", "random"], 1, 5)[0]
    full, lean = play_game(job), play_game(job, stats=False)
    assert "stats" in full and "stats" not in lean
    del full["stats"]
    assert full == lean


def test_the_summary_is_the_same_in_any_order_and_as_a_whole():
    lines = list(run(jobs_for("werebeasts", 5, ["heuristic", "random", "random", "random", "random"], 40, 2,
                              rotate=True)))
    running = Summary()
    for line in reversed(lines):
        running.add(line)
    assert running.result() == summarize(lines)
    assert summarize(lines)["games"] == 40


def test_two_workers_stream_the_same_lines_in_order():
    plan = jobs_for("werebeasts", 5, ["random"] * 5, 300, 8)
    one = list(run(plan))
    two = list(run(iter(plan), workers=2))  # an iterator: the runner takes jobs as the workers need them
    assert [line["index"] for line in two] == list(range(300))
    assert two == one


def test_resuming_feeds_the_summary_and_keeps_no_lines(tmp_path):
    plan = jobs_for("werebeasts", 4, ["random"] * 4, 8, 3)
    path = tmp_path / "r.jsonl"
    lines = list(run(plan[:5]))
    path.write_text("".join(json.dumps(r) + "\n" for r in lines))
    seen = Summary()
    done = read_partial(path, plan, seen.add)
    assert done == {0, 1, 2, 3, 4}
    assert seen.result() == summarize(lines)


def test_a_view_of_a_state_reads_it_on_first_use_only():
    state = load("prowl", players=4).new_state(seed=2)
    seat = state.actors[0]
    view = View.of(state, seat)
    assert view.legal_actions == state.legal_actions(seat)
    assert view.legal_actions is view.legal_actions  # built once
    assert view.observation == state.observe(seat)
    world = view.sample(random.Random(1))
    assert world.observe(seat) == state.observe(seat)
