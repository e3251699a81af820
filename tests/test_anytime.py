"""Time a person feels: at a person's table a searching bot stops at a wall-clock budget with the best move found
so far (anytime), while simulations keep iteration budgets. Proven by counting and by a fake clock, never by
measuring seconds (the machine's speed is not the test's business)."""

from __future__ import annotations

import random

import pytest

import hexbox
from hexbox.agents import make_agent
from hexbox.agents.ismcts import ISMCTS
from hexbox.agents.worker import THINK, Limits, agent_for, limited
from hexbox.core import View


class FakeClock:
    """Each reading is ``step`` seconds after the one before: the search's time is the number of readings."""

    def __init__(self, step: float):
        self.now, self.step, self.readings = 0.0, step, 0

    def __call__(self) -> float:
        self.readings += 1
        self.now += self.step
        return self.now


def first_decision(game: str, players: int):
    state = hexbox.load(game, players=players).new_state(seed=3)
    while len(state.legal_actions(state.actors[0])) < 2:
        state.apply(state.actors[0], state.legal_actions(state.actors[0])[0])
    return View.of(state, state.actors[0])


@pytest.mark.parametrize("game,players", [("prowl", 4), ("growl", 6)])
def test_a_search_with_an_endless_iteration_budget_stops_at_its_clock_with_a_legal_move(game, players):
    view = first_decision(game, players)
    agent = make_agent("hard", game)
    agent.iters = 10**9  # no iteration budget in reach: only the clock can stop it
    agent.seconds = 1.0
    agent.clock = FakeClock(0.125)  # act() reads it once, then once between iterations: 8 iterations in 1 s
    action = agent.act(view, random.Random(0))
    assert action in view.legal_actions
    assert agent.last_iterations == 8
    assert agent.clock.readings == agent.last_iterations + 1


def test_the_clock_counts_from_the_start_of_the_decision():
    # the belief and advice before the search count too: a clock already past the budget leaves one iteration
    view = first_decision("growl", 6)
    agent = make_agent("hard", "growl")
    agent.iters, agent.seconds, agent.clock = 10**9, 1.0, FakeClock(2.0)
    assert agent.act(view, random.Random(0)) in view.legal_actions
    assert agent.last_iterations == 1


def test_simulations_keep_iteration_budgets():
    # no limits (hexbox simulate, tune, the benchmarks): a level is its iteration budget alone, reproducible
    for game in ("prowl", "growl", "voodoo"):
        agent = make_agent("hard", game)
        assert isinstance(agent, ISMCTS) and agent.seconds is None and agent.iters
    view = first_decision("prowl", 4)
    picks = {make_agent("hard", "prowl").act(view, random.Random(7)) for _ in range(2)}
    assert len(picks) == 1


def test_at_a_table_a_level_thinks_within_the_think_budget():
    limits = Limits(5.0, 20_000, 300)
    assert limits.think == THINK <= 1.0  # the default a person feels: a second
    for game in ("werebeasts", "prowl", "growl", "voodoo", "transylvania"):
        agent = agent_for("hard", game, limits)
        assert agent.seconds == THINK and agent.iters == make_agent("hard", game).iters  # and its iterations
    assert agent_for("ismcts:seconds=3", "prowl", limits).seconds == 3.0  # a spec's own time is its own
    assert limited(ISMCTS(iters=50), Limits(0.5, 20_000, 300, 2.0)).seconds == 0.5  # never past the cap


def test_the_server_holds_hard_bots_to_its_think_budget():
    from hexbox.server.bots import Caps

    assert Caps().limits.think == THINK
    assert Caps(think=0.25).limits.think == 0.25
    with pytest.raises(ValueError):
        Caps(think=0.0)
