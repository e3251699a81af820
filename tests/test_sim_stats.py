"""The per-game statistics hook: stats(final spectator observation) -> "stats" in each line."""

from __future__ import annotations

import random

import hexbox
from hexbox.agents import make_agent
from hexbox.core import View, game_info
from hexbox.games.werebeasts.cards import CARDS
from hexbox.games.werebeasts.stats import game_stats
from hexbox.sim.runner import GameJob, play_game
from hexbox.sim.stats import quantiles, rate


def finished(players, seed):
    """Heuristic bots, or (odd seeds) seats that always take the default (sell, pass): the deck runs out."""
    game = hexbox.load("werebeasts", players=players)
    state = game.new_state(seed=seed)
    bot = make_agent("heuristic", "werebeasts")
    rng = random.Random(seed)
    while not state.is_over:
        seat = rng.choice(state.actors)
        if seed % 2 and rng.random() < 0.9:
            state.apply(seat, state.default_action(seat))
        else:
            state.apply(seat, bot.act(View.of(state, seat), rng))
    return state


def test_lines_carry_werebeasts_stats():
    line = play_game(GameJob("werebeasts", 5, ("heuristic",) * 5, seed=12))
    stats = line["stats"]
    assert stats["scores"] == [line["scores"][str(s)] for s in range(5)]
    assert set(stats) >= {"eliminated", "end", "goals", "chow_holders", "werechow_won", "beast_won"}


def test_werebeasts_stats_agree_with_the_state():
    ends = set()
    for players, seed in [(3, 1), (4, 2), (5, 3), (6, 4), (10, 5), (5, 6), (5, 7)]:
        state = finished(players, seed)
        stats = game_stats(state.observe(None))
        assert stats["goals"] == [[CARDS.goals[g].id for g in state.goals_of(s)]
                                  for s in range(players)]
        assert stats["eliminated"] == [s for s in range(players) if state.out[s]]
        assert stats["end"] == ("deck" if not state.deck else "two_left")
        ends.add(stats["end"])
        chow = CARDS.chow
        assert stats["chow_holders"] == [s for s in range(players) if chow in state.goals_of(s)]
        # the points split adds up to the rulebook's score
        assert [c + b for c, b in zip(stats["chow_points"], stats["beast_points"])] == stats["scores"]
        assert stats["scores"] == [state.result.scores[s] for s in range(players)]
        winners = state.result.winners
        assert stats["werechow_won"] == any(w in stats["chow_holders"] for w in winners)
        assert stats["beast_won"] == any(w not in stats["chow_holders"] for w in winners)
    assert ends == {"deck", "two_left"}


def test_the_stats_hook_is_declared_in_the_registration():
    assert game_info("werebeasts").hook("stats") is game_stats


def test_rate_and_quantiles():
    r = rate(5, 10)
    assert r["rate"] == 0.5 and 0.18 < r["low"] < 0.25 and 0.75 < r["high"] < 0.82
    assert quantiles([3, 1, 2, 5, 4])["0.5"] == 3 and quantiles([]) == {}


def test_mcnemar_exact_p_values():
    from hexbox.sim.stats import mcnemar

    assert mcnemar(0, 0) == 1.0 and mcnemar(5, 5) == 1.0
    assert abs(mcnemar(0, 6) - 2 / 64) < 1e-12  # all six discordant pairs one way: 2 · (1/2)^6
    assert abs(mcnemar(9, 1) - mcnemar(1, 9)) < 1e-12 and abs(mcnemar(9, 1) - 22 / 1024) < 1e-12
    assert mcnemar(208, 164) < 0.05 < mcnemar(141, 113)  # the normal approximation agrees at these sizes
