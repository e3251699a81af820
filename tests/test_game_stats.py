"""Each game's ``views.game_stats``: read from the final spectator view, plain JSON, and plausible."""

from __future__ import annotations

import json
import random

import pytest

import hexbox
from hexbox.games.growl.views import game_stats as growl_stats
from hexbox.games.prowl.views import game_stats as prowl_stats
from hexbox.games.voodoo.views import game_stats as voodoo_stats


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


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3), (5, 4), (4, 5), (4, 6)])
def test_prowl_stats(players, seed):
    state, obs = final_view("prowl", players, seed)
    s = plain(prowl_stats(obs))
    clans = {"spring", "summer", "autumn", "winter"}
    assert sorted(s["start_track"]) == sorted(clans) and s["final_track"] == obs["track"]
    assert len(s["clans"]) == players and set(s["clans"]) <= clans
    assert all(1 <= r <= 4 for r in s["start_ranks"])
    assert [s["start_track"][r - 1] for r in s["start_ranks"]] == s["clans"]
    winners = sorted(state.result.winners)
    assert s["winner"] == (winners[0] if winners else None)
    if winners:
        assert s["winner_clan"] == s["clans"][s["winner"]]
        assert s["winner_start_rank"] == s["start_ranks"][s["winner"]]
        assert not s["decided_by"].startswith("no_winner")
    else:
        assert s["decided_by"].startswith("no_winner") and s["winner_clan"] is None
    if s["decided_by"] in ("sole_control", "dominance_tiebreak"):
        assert 1 <= s["ladder_step"] <= 4


def test_prowl_start_track_is_public_and_fixed_at_setup():
    state = hexbox.load("prowl", players=4).new_state(seed=7)
    start = state.observe(None)["start_track"]
    assert start == state.observe(None)["track"] == state.observe(0)["start_track"]
    _, obs = final_view("prowl", 4, 7)
    assert obs["start_track"] == start


def test_prowl_decisions_cover_the_ladder_and_claims():
    kinds = {prowl_stats(final_view("prowl", 4, seed)[1])["decided_by"] for seed in range(30)}
    assert {"sole_control", "dominance_tiebreak"} <= kinds
    assert "other" not in kinds


@pytest.mark.parametrize("players, seed, options", [
    (5, 1, {}), (6, 2, {"curses": True}), (8, 3, {"spells": True}), (10, 4, {"curses": True, "spells": True})])
def test_growl_stats(players, seed, options):
    state, obs = final_view("growl", players, seed, **options)
    s = plain(growl_stats(obs))
    assert s["winning_team"] in ("humans", "werewolves")
    wolves_won = s["winning_team"] == "werewolves"
    assert all(state.wolf[w] == wolves_won for w in state.result.winners)
    assert s["expansions"] == ("+".join(k for k in ("curses", "spells") if options.get(k)) or "base")
    assert 0 <= s["deaths"] == len(s["dead"]) <= players
    assert s["wolf_zeroes"] >= 1 and 0 <= s["turned"] <= s["humans_at_start"]
    assert s["werewolves_at_end"] == sum(state.wolf) == s["wolf_zeroes"] + s["turned"]
    assert s["end"] in ("final_night", "two_or_fewer_alive")


@pytest.mark.parametrize("players, seed, mode", [(3, 1, "call_out"), (4, 2, "automatic"), (5, 3, "automatic")])
def test_voodoo_stats(players, seed, mode):
    state, obs = final_view("voodoo", players, seed, claim_mode=mode, max_turns=40)
    s = plain(voodoo_stats(obs))
    assert s["scores"] == list(state.scores) and s["winner_score"] == max(state.scores)
    assert s["turns"] == obs["turn"] <= 40 and s["end"] in ("reached_target", "turn_cap")
    assert s["curse_breaks"] >= 0 and s["permanent_breaks"] >= 0
    assert s["curse_breaks"] + s["permanent_breaks"] == len(state.violations)
    assert s["permanents_drawn"] == sum(o >= 0 for o in state.powner)
    # the score after every turn: the start, one entry per turn begun, and the final scores
    history = s["score_history"]
    assert history[0] == [0] * players and history[-1] == s["scores"]
    # a win inside a turn adds that turn; a win by a claim comes after the doll passed
    extra = len(history) - s["turns"] - 1
    assert extra == 0 if s["end"] == "turn_cap" else extra in (0, 1)
    assert all(len(row) == players and all(type(x) is int for x in row) for row in history)
    assert s["curses_cast"] == state.curses_cast > 0
    assert s["curse_claims"] == state.curse_claims and s["false_claims"] == state.false_claims
    if mode == "automatic":
        assert s["false_claims"] == 0 and s["curse_claims"] <= s["curse_breaks"]


def test_voodoo_stats_of_a_game_at_the_turn_cap_stay_small():
    state, obs = final_view("voodoo", 6, 5, max_turns=300)
    s = voodoo_stats(obs)
    assert s["end"] == "turn_cap" and len(s["score_history"]) == 301
    assert len(json.dumps(s)) < 8000  # ints only: about 6 kB for 6 seats x 301 entries


@pytest.mark.parametrize("reason, kind, step", [
    ("Winter: seat 3 alone controls it", "sole_control", 1),
    ("Summer tied without Dominance (seats 0, 1); Autumn tied (seats 2, 3), seat 3 holds Dominance",
     "dominance_tiebreak", 3),
    ("leader claim: Warlord (seat 2)", "leader_claim", None),
    ("leader claims by seats 0, 2; seat 2 holds Dominance", "leader_claims_dominance", None),
    ("leader claims by seats 0, 2 tied without Dominance; Spring: seat 1 alone controls it", "sole_control", 4),
    ("no winner: High Mage contract broken by seat 1 (Spring: seat 1 alone controls it)", "no_winner_contract",
     None),
    ("no winner: every controlled clan was tied or lost (Winter tied without Dominance (seats 0, 1))",
     "no_winner_ties", None),
])
def test_prowl_every_kind_of_decision_is_named(reason, kind, step):
    from hexbox.games.prowl.views import _decided_by

    assert _decided_by(reason, ["winter", "summer", "autumn", "spring"]) == (kind, step)
