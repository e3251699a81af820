"""The per-game statistics hook: stats(final spectator observation) -> "stats" in each line."""

from __future__ import annotations

from hexbox.core import game_info
from hexbox.games.werebeasts.stats import game_stats
from hexbox.sim.runner import GameJob, play_game
from hexbox.sim.stats import quantiles, rate


def test_lines_carry_werebeasts_stats():
    line = play_game(GameJob("werebeasts", 5, ("heuristic",) * 5, seed=12))
    stats = line["stats"]
    assert stats["scores"] == [line["scores"][str(s)] for s in range(5)]
    assert set(stats) >= {"eliminated", "end", "goals", "chow_holders", "werechow_won", "beast_won"}


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
