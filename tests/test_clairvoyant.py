"""benchmarks/clairvoyant.py, the omniscient bound: its search sees the true state and nothing else changes, and the
paired measurement runs end to end on a deal (the full table: docs/strength.md, "The ceiling")."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest

import hexbox
from hexbox.agents import make_agent
from hexbox.core import View
from hexbox.games.werebeasts.cards import GOAL_INDEX

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("clairvoyant", ROOT / "benchmarks" / "clairvoyant.py")
clairvoyant = importlib.util.module_from_spec(spec)
sys.modules["clairvoyant"] = clairvoyant
spec.loader.exec_module(clairvoyant)


def test_every_world_of_the_omniscient_search_is_the_true_state():
    state = hexbox.load("werebeasts", players=5).new_state(seed=4)
    seat = state.actors[0]
    bot = clairvoyant.Omniscient("werebeasts")
    bot.truth = state
    draw, roots = bot._worlds(View.of(state, seat))
    for k in range(3):
        world = draw(random.Random(k))
        assert world.goal_at == state.goal_at and world.cards == state.cards and world.deck == state.deck
    # the accusations it weighs are the right ones, and selling
    right = {
        a for a in state.legal_actions(seat) if a.kind == "accuse" and GOAL_INDEX[a.goal] in state.goals_of(a.target)
    }
    assert {a for a in roots if a.kind == "accuse"} == right and any(a.kind == "sell" for a in roots)
    hard = make_agent("hard", "werebeasts")
    assert (bot.search.iters, bot.search.rollout, bot.search.policy) == (hard.iters, hard.rollout, hard.policy)


def test_the_paired_measurement_runs_on_a_deal():
    report = clairvoyant.measure("prowl", 2)
    for subject in clairvoyant.SUBJECTS:
        assert report[subject]["decisions"] > 0 and 0 <= report[subject]["rate"] <= 1
    assert report["omniscient-normal"]["mean"] == report["omniscient"]["rate"] - report["normal"]["rate"]
    assert clairvoyant.row(report).startswith("| prowl | 4 | 2 |")


def test_each_deal_of_a_subject_ends_one_way_and_the_wins_agree():
    # issue 47: where hard loses what the bound wins (its own wrong accusation, accused out, points)
    report = clairvoyant.measure("werebeasts", 2)
    for subject in clairvoyant.SUBJECTS:
        endings = report[subject]["endings"]
        assert sum(endings.values()) == 2
        assert set(endings) <= {"won", "points", "accused_out", "wrong_accusation"}
        assert endings.get("won", 0) == report[subject]["wins"]
        # a wrong accusation puts its accuser out: each ends one deal
        assert report[subject]["accusations"]["wrong"] == endings.get("wrong_accusation", 0)


def test_one_subject_alone_plays_the_same_deals():
    # a change to hard is measured against the other subjects' rows of an earlier run: its deals are the same
    alone = clairvoyant.measure("werebeasts", 2, subjects=("hard",))
    both = clairvoyant.measure("werebeasts", 2, subjects=("hard", "normal"))
    assert set(alone) >= {"hard", "wins_by_deal"} and "normal" not in alone and "share_closed" not in alone
    assert alone["wins_by_deal"]["hard"] == both["wins_by_deal"]["hard"] and "hard-normal" in both


def _undealt(game: str, state) -> tuple:
    if game == "prowl":
        return tuple(state.deck), tuple(state.box)
    if game == "growl":
        return tuple(state.deck), state.cuts, state.night_cards
    if game == "voodoo":
        return tuple(state.cdeck), tuple(state.adeck), tuple(state.pdeck)
    if game == "transylvania":
        return tuple(state.deck), tuple(state.events), tuple(state.tiles), tuple(state.token_stack)
    return tuple(state.deck)


@pytest.mark.parametrize("game", sorted(clairvoyant.PLAYERS))
def test_the_informed_worlds_differ_from_the_truth_only_where_nobody_looks(game):
    # the perfect-beliefs bound: every seat observes its worlds as it observes the true state, and only the undealt
    # piles change (the omniscient bound keeps their order too). Prowl has a draw deck at two players only (R37):
    # at more, the cards nobody holds are a set in the box, and its informed worlds are the true state
    n = 2 if game == "prowl" else clairvoyant.PLAYERS[game]
    state = hexbox.load(game, players=n).new_state(seed=3)
    rng = random.Random(3)
    bot = clairvoyant.Informed(game)
    changed = False
    for step in range(60):
        if state.is_over:
            break
        seat = state.actors[0]
        if step % 20 == 0:
            bot.truth = state
            draw, _ = bot._worlds(View.of(state, seat))
            for k in range(4):
                world = draw(random.Random(k))
                assert all(world.observe(s) == state.observe(s) for s in range(n))
                changed = changed or _undealt(game, world) != _undealt(game, state)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert changed


def test_a_spec_tried_in_hard_s_place_is_what_the_hard_subject_and_the_bound_search_with(monkeypatch, capsys):
    # issue 47: settings of the search are tried on the same deals (docs/strength.md, the Prowl bullet)
    monkeypatch.setattr(clairvoyant, "HARD", "hard")
    assert clairvoyant.main(["--game", "prowl", "--games", "1", "--subjects", "hard", "--hard",
                             "ismcts:iters=5+c=0.3", "--json"]) == 0
    assert clairvoyant.HARD == "ismcts:iters=5+c=0.3" and '"hard"' in capsys.readouterr().out
    bound = clairvoyant.Omniscient("prowl")
    assert (bound.search.iters, bound.search.c) == (5, 0.3)
