"""ISMCTS: it finds a sure win from public evidence, sees only its View, and works for any registered game."""

from __future__ import annotations

import random

import pytest

import hexbox
from hexbox.agents.ismcts import ISMCTS, Node
from hexbox.core import View
from hexbox.games.werebeasts import actions as A
from hexbox.games.werebeasts.cards import CARDS, GOAL_INDEX


def sure_win_position():
    """Three players, seat 0 to act. Public denials leave seat 1 exactly two possible goals, its real ones.

    Seat 0 holds 5 points of its own beast and everyone else has no points that could beat it, so a correct
    accusation of seat 1 ends the game (two left) with seat 0 the winner; selling plays on, and any other
    accusation may be wrong (and with three players a wrong one ends the game with seat 0 out).
    """
    game = hexbox.load("werebeasts", players=3, dealer=2)
    state = game.new_state(seed=11)
    assert state.actors == (0,) and state.phase == 0
    mine = set(state.goals_of(0))
    beast = next(g for g in state.goals_of(0) if g != CARDS.chow)
    target = set(state.goals_of(1))
    state.denials = tuple((1, g) for g in state.in_play if g not in mine | target)
    four = [4 * beast + k for k in range(4)]  # every card of my beast: 1 + 1 + 1 + 2 icons
    state.deck = [c for c in state.deck if c not in four]
    for s in range(3):
        state.cards[s] = [c for c in state.cards[s] if c not in four]
    state.cards[0] += four
    state.cans = [8, 2, 2]  # a Werechow holder elsewhere scores at most 0
    return state, {A.ACCUSE[12 * 1 + g] for g in target}


def test_finds_the_only_sure_win_from_public_denials():
    state, winning = sure_win_position()
    view = View.of(state, 0)
    assert winning <= set(view.legal_actions) and len(view.legal_actions) > 10
    for seed in range(3):
        action = ISMCTS(iters=400).act(view, random.Random(seed))
        assert action in winning, f"seed {seed}: {action}"


def test_the_winning_move_really_wins():
    state, winning = sure_win_position()
    for action in winning:
        s = state.clone()
        s.apply(0, action)
        s.apply(0, A.TAKE_CARDS)
        assert s.is_over and s.result.winners == frozenset({0})


def test_sees_the_true_state_only_through_the_view():
    state, _ = sure_win_position()
    before = [state.observe(s) for s in (None, 0, 1, 2)], state.rng.getstate(), state.clone().goal_at
    calls = []

    def sampler(rng):
        calls.append(1)
        return state.resample(0, rng)

    # a View made by hand: the agent gets an observation, legal actions, the game and a sampler, nothing else
    view = View(0, state.observe(0), state.legal_actions(0), state.game, sampler)
    agent = ISMCTS(iters=150)
    action = agent.act(view, random.Random(3))
    assert action in state.legal_actions(0)
    assert len(calls) == agent.last_iterations == 150  # one determinization per iteration, no other clone
    assert ([state.observe(s) for s in (None, 0, 1, 2)], state.rng.getstate(), state.goal_at) == before


def test_works_from_a_view_of_a_resampled_world():
    # the search cannot tell the real state from any world consistent with the seat's knowledge
    state, winning = sure_win_position()
    world = state.resample(0, random.Random(99))
    action = ISMCTS(iters=400).act(View.of(world, 0), random.Random(0))
    assert action in winning  # the denials are public, so every consistent world agrees on seat 1's goals


def bidding_window(players=5, seed=3):
    game = hexbox.load("werebeasts", players=players)
    state = game.new_state(seed=seed)
    state.apply(state.actors[0], A.SELL)
    assert len(state.actors) > 1
    return state


def test_a_seat_in_a_multi_actor_window_gets_its_own_legal_action():
    state = bidding_window()
    for seat in state.actors:
        agent = ISMCTS(iters=60)
        action = agent.act(View.of(state, seat), random.Random(seat))
        assert action in state.legal_actions(seat)


def test_tree_edges_below_a_window_belong_to_its_actors():
    state = bidding_window()
    seat = state.actors[0]
    agent = ISMCTS(iters=300)
    root = agent.search(View.of(state, seat), random.Random(1))
    width = state.game.num_action_ids
    assert {key // width for key in root.children} == {seat}  # at the root only the deciding seat moves
    below = {child.seat for node in root.children.values() for child in node.children.values()}
    assert len(below) > 1 and below <= set(state.actors)  # then any open bidder may speak next


def test_availability_counts_bound_visits():
    state = bidding_window()
    root = ISMCTS(iters=200).search(View.of(state, state.actors[0]), random.Random(2))

    def walk(node: Node):
        for child in node.children.values():
            assert child.avail >= child.visits >= 1
            walk(child)

    walk(root)
    assert sum(c.visits for c in root.children.values()) == 200


@pytest.mark.parametrize("budget, check", [
    ({"iters": 37}, lambda a: a.last_iterations == 37),
    ({"calls": 500}, lambda a: 500 <= a.last_calls < 500 + 400),
    ({"seconds": 0.05}, lambda a: a.last_iterations >= 1),
])
def test_budgets(budget, check):
    state = hexbox.load("werebeasts", players=5).new_state(seed=4)
    agent = ISMCTS(rollout=200, **budget)
    agent.act(View.of(state, state.actors[0]), random.Random(0))
    assert check(agent)


def test_same_seed_same_choice():
    state = bidding_window(seed=8)
    seat = state.actors[-1]
    picks = {ISMCTS(iters=120).act(View.of(state, seat), random.Random(5)) for _ in range(3)}
    assert len(picks) == 1


@pytest.mark.parametrize("params", [{"policy": "kind"}, {"reward": "score"}, {"rollout": 0}])
def test_variants_pick_legal_actions(params):
    state, _ = sure_win_position()
    agent = ISMCTS(iters=50, **params)
    assert agent.act(View.of(state, 0), random.Random(1)) in state.legal_actions(0)


def test_score_reward_is_normalised():
    class W:
        result = hexbox.Result(frozenset({1}), {0: 2, 1: 6, 2: 4})

    assert ISMCTS(reward="score")._rewards(W, 3) == [0.0, 1.0, 0.5]
    assert ISMCTS(reward="win")._rewards(W, 3) == [0.0, 1.0, 0.0]


@pytest.mark.parametrize("name", hexbox.games())
def test_plays_every_registered_game(name):
    info = hexbox.game_info(name)
    game = hexbox.load(name, players=info.default_players or info.min_players)
    state = game.new_state(seed=1)
    rng = random.Random(1)
    agent = ISMCTS(iters=8, rollout=30)
    for _ in range(25):  # the first decisions of a game, with ISMCTS in every seat
        if state.is_over:
            break
        actors = state.actors
        seat = actors[0] if len(actors) == 1 else rng.choice(actors)
        action = agent.act(View.of(state, seat), rng)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)


def test_goal_index_is_the_encoding_used_above():
    assert A.ACCUSE[12 * 1 + GOAL_INDEX["chow"]].goal == "chow"
