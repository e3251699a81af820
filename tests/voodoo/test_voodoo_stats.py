"""Designer statistics (the ``stats`` hook), read from the final spectator observation only."""

import json
import random

import pytest

import hexbox
from hexbox.games.voodoo.stats import game_stats


def final_view(players, seed, **options):
    state = hexbox.load("voodoo", players=players, **options).new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = rng.choice(state.actors)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state, state.observe(None)


@pytest.mark.parametrize("players, seed, mode", [(3, 1, "call_out"), (4, 2, "automatic"), (5, 3, "automatic")])
def test_stats_of_a_finished_game(players, seed, mode):
    state, obs = final_view(players, seed, claim_mode=mode, max_turns=40)
    s = game_stats(obs)
    assert json.loads(json.dumps(s)) == s
    assert s["scores"] == list(state.scores) and s["winner_score"] == max(state.scores)
    assert s["end"] == state.result.kind == "turn_cap" and s["turns"] == obs["public"]["turn"] == 40  # R46
    assert s["curse_breaks"] + s["permanent_breaks"] == len(state.violations)
    assert s["permanents_drawn"] == sum(o >= 0 for o in state.powner)
    history = s["score_history"]
    assert history[0] == [0] * players and history[-1] == s["scores"] and len(history) == s["turns"] + 1
    assert s["curses_cast"] == state.curses_cast > 0
    assert s["curse_claims"] == state.curse_claims and s["false_claims"] == state.false_claims
    if mode == "automatic":
        assert s["false_claims"] == 0 and s["curse_claims"] <= s["curse_breaks"]


def test_stats_read_the_result_kind_not_its_reason():
    # cites R38: a bot game ends by reaching the target
    from hexbox.core import View
    from hexbox.games.voodoo.heuristic import Heuristic

    state = hexbox.load("voodoo", players=4).new_state(seed=7)
    rng = random.Random(7)
    bot = Heuristic()
    while not state.is_over:
        seat = state.actors[0]
        state.apply(seat, bot.act(View.of(state, seat), rng))
    s = game_stats(state.observe(None))
    assert s["end"] == state.result.kind == "reached_target" and ":" not in state.result.reason
    assert s["winner_score"] >= 11


def test_stats_of_a_game_at_the_turn_cap_stay_small():
    state, obs = final_view(6, 5, max_turns=300)
    s = game_stats(obs)
    assert s["end"] == "turn_cap" and len(s["score_history"]) == 301  # R46
    assert len(json.dumps(s)) < 8000  # ints only: about 6 kB for 6 seats x 301 entries
