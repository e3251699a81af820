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


def test_R38_R46_the_turns_count_is_the_turns_begun_and_the_turn_that_ends_the_game_counts():
    # core's envelope ``turn`` (what `hexbox simulate` reports as a game's length and the browser's end screen as
    # "N turns played") counts the turns begun: 1 in the first turn, and a game that ends in a turn (R38: at once,
    # mid-action) has played that turn, as score_history counts it; the stats say the same. Seen at a phone's end:
    # "turn 24" on the board beside "23 turns played".
    from hexbox.agents import make_agent
    from hexbox.core import View

    bot = make_agent("normal", "voodoo")
    kinds = set()
    for seed in range(4):
        state, rng = hexbox.load("voodoo", players=4).new_state(seed=seed), random.Random(seed)
        starts = 1  # the first turn begins at the set-up
        while not state.is_over:
            assert state.observe(None)["turn"] == starts
            seat = state.actors[0] if len(state.actors) == 1 else rng.choice(state.actors)
            starts += sum(e.kind == "turn" for e in state.apply(seat, bot.act(View.of(state, seat), rng)))
        obs = state.observe(None)
        kinds.add(state.result.kind)
        assert obs["turn"] == starts == len(obs["public"]["score_history"]) - 1 == game_stats(obs)["turns"]
    assert kinds == {"reached_target"}
    # R46: a game at the cap has played exactly the cap's turns
    state, obs = final_view(3, 1, max_turns=40)
    assert obs["turn"] == game_stats(obs)["turns"] == 40
