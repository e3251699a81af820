"""GROWL's designer statistics (its ``stats`` hook): read from the final spectator view, plain JSON, plausible."""

from __future__ import annotations

import json
import random

import pytest

import hexbox
from hexbox.games.growl.stats import game_stats as growl_stats


def final_view(game: str, players: int, seed: int, **options):
    state = hexbox.load(game, players=players, **options).new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = rng.choice(state.actors)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state, state.observe(None)


def plain(stats):
    assert json.loads(json.dumps(stats)) == stats
    return stats


@pytest.mark.parametrize("players, seed, options", [
    (5, 1, {}), (6, 2, {"curses": True}), (8, 3, {"spells": True}), (10, 4, {"curses": True, "spells": True})])
def test_growl_stats(players, seed, options):  # R71: every member of the winning team wins
    state, obs = final_view("growl", players, seed, **options)
    s = plain(growl_stats(obs))
    assert s["winning_team"] in ("humans", "werewolves")
    wolves_won = s["winning_team"] == "werewolves"
    assert all(state.wolf[w] == wolves_won for w in state.result.winners)
    assert s["expansions"] == ("+".join(k for k in ("curses", "spells") if options.get(k)) or "base")
    assert 0 <= s["deaths"] == len(s["dead"]) <= players
    assert s["wolf_zeroes"] >= 1 and 0 <= s["turned"] <= s["humans_at_start"]
    assert s["werewolves_at_end"] == sum(state.wolf) == s["wolf_zeroes"] + s["turned"]
    assert s["end"] == state.result.kind and s["end"] in ("final_night", "two_or_fewer_alive")
