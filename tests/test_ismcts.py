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
    for seed in range(3):  # the plain search: every legal action, random rollouts to the end
        action = ISMCTS(iters=400, prune="none", eval="none").act(view, random.Random(seed))
        assert action in winning, f"seed {seed}: {action}"


def test_werebeasts_advice_leaves_accusations_out_of_the_search():
    """Uniformly sampled worlds cannot weigh the evidence of bids, so Werebeasts' search_actions drops accusations."""
    state, _ = sure_win_position()
    agent = ISMCTS.from_params({"iters": "60"}, "werebeasts")
    assert not isinstance(agent.act(View.of(state, 0), random.Random(0)), A.Accuse)


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
    agent = ISMCTS(iters=150, prune="none")  # with the game's advice only selling is left: no search
    action = agent.act(view, random.Random(3))
    assert action in state.legal_actions(0)
    assert len(calls) == agent.last_iterations == 150  # one determinization per iteration, no other clone
    assert ([state.observe(s) for s in (None, 0, 1, 2)], state.rng.getstate(), state.goal_at) == before


def test_works_from_a_view_of_a_resampled_world():
    # the search cannot tell the real state from any world consistent with the seat's knowledge
    state, winning = sure_win_position()
    world = state.resample(0, random.Random(99))
    action = ISMCTS(iters=400, prune="none").act(View.of(world, 0), random.Random(0))
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
    agent = ISMCTS(rollout=200, prune="none", **budget)  # accuse or sell: a real choice
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


# ---- the game's advice: evaluator, search actions, defaults --------------------------------------------


def test_a_game_tunes_its_defaults_and_a_spec_overrides_them():
    agent = ISMCTS.from_params({"iters": "10"}, "werebeasts")
    assert (agent.rollout, agent.policy) == (15, "heuristic")
    agent = ISMCTS.from_params({"iters": "10", "policy": "kind"}, "werebeasts")
    assert (agent.rollout, agent.policy) == (15, "kind")
    assert ISMCTS.from_params({"iters": "10"}, "prowl").rollout == 200  # no advice: the generic defaults


@pytest.mark.parametrize("params, message", [
    ({"eval": "maybe"}, "eval must be"), ({"prune": "some"}, "prune must be"), ({"policy": "greedy"}, "policy must"),
    ({"focus": "moves"}, "focus must be"),
])
def test_bad_advice_parameters_are_refused(params, message):
    with pytest.raises(hexbox.ConfigError, match=message):
        ISMCTS.from_params(params)


def test_a_cut_off_rollout_is_judged_by_the_game_evaluator(monkeypatch):
    import hexbox.agents.ismcts as ismcts

    state = hexbox.load("werebeasts", players=5).new_state(seed=4)
    seen = []

    def evaluate(world):
        seen.append(world)
        return [1.0 if s == 2 else 0.0 for s in range(5)]

    monkeypatch.setattr(ismcts, "evaluator_for", lambda game: evaluate)
    agent = ISMCTS(iters=30, rollout=0, policy="uniform")
    root = agent.search(View.of(state, state.actors[0]), random.Random(0))
    assert seen and all(not w.is_over for w in seen)
    # the deciding seat is not seat 2, so under this evaluator none of its moves is worth anything
    assert state.actors[0] != 2 and all(c.total == 0 for c in root.children.values())
    seen.clear()
    ISMCTS(iters=30, rollout=0, eval="none").search(View.of(state, state.actors[0]), random.Random(0))
    assert not seen


def test_evaluators_give_every_seat_a_chance_that_sums_to_one():
    for name, players in (("werebeasts", 5), ("voodoo", 4)):
        from hexbox.agents.ismcts import evaluator_for

        evaluate = evaluator_for(name)
        state = hexbox.load(name, players=players).new_state(seed=2)
        rng = random.Random(2)
        for _ in range(40):
            if state.is_over:
                break
            values = evaluate(state)
            assert len(values) == players and abs(sum(values) - 1) < 1e-9 and min(values) >= 0
            seat = state.actors[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_werebeasts_evaluator_prefers_the_seat_with_more_points():
    from hexbox.games.werebeasts.heuristic import win_chances as evaluate

    state, _ = sure_win_position()  # seat 0 holds 5 points of its own beast
    values = evaluate(state)
    assert values[0] == max(values) and values[0] > 0.5
    state.out[0] = True
    assert evaluate(state)[0] == 0.0


def test_voodoo_search_actions_aim_the_rerolls():
    from hexbox.games.voodoo import actions as V
    from hexbox.games.voodoo.heuristic import _useful, search_actions

    state = hexbox.load("voodoo", players=4, first_seat=0).new_state(seed=5)
    state.apply(0, V.ROLL)
    legal = state.legal_actions(0)
    kept = search_actions(state, 0, legal)
    rerolls = [a for a in kept if type(a) is V.Reroll]
    assert V.KEEP in kept and len(rerolls) < len([a for a in legal if type(a) is V.Reroll])
    key_of = {id(v): k for k, v in V.REROLL.items()}
    bag = tuple(state.bag)
    for r in rerolls:  # every die thrown away or again is one that some curse in hand cannot use
        face, again = key_of[id(r)]
        kept = [bag[f] - again[f] - (f == face) for f in range(6)]
        assert any(all(kept[f] >= _useful(c, bag)[f] for f in range(6)) for c in state.hand[0])


def breaks_a_curse(state, seat, action) -> bool:
    after = state.clone()
    after.apply(seat, action)
    return len(after.violations) > len(state.violations)


def test_voodoo_search_actions_obey_and_drop_speech_and_unasked_emotes():
    from hexbox.agents import heuristic_for
    from hexbox.games.voodoo import actions as V
    from hexbox.games.voodoo.heuristic import search_actions

    game = hexbox.load("voodoo", players=4)
    rng = random.Random(3)
    bot = heuristic_for("voodoo")  # bots cast curses, so seats get bound and obedience is really tested
    checked = bound = 0
    for seed in range(3):
        state = game.new_state(seed=seed)
        for _ in range(250):
            if state.is_over:
                break
            seat = state.actors[0]
            legal = state.legal_actions(seat)
            kept = search_actions(state, seat, legal)
            free = [a for a in legal if type(a) in (V.Say, V.Emote)]
            assert legal[len(legal) - len(free):] == free  # free actions close the list: the cut relies on it
            assert all(a in legal for a in kept)
            breaks = {a: breaks_a_curse(state, seat, a) for a in kept if type(a) is not V.Emote}
            assert not any(breaks.values()) or all(breaks.values())  # obey whenever some move obeys
            if not state.bound[seat]:  # nothing to obey: every move but talk and unaimed re-rolls
                moves = [a for a in legal if a not in free and type(a) is not V.Reroll]
                assert moves == [a for a in kept if type(a) is not V.Reroll]
            assert not any(type(a) is V.Say for a in kept) or kept == legal
            checked += 1
            bound += len(breaks) > 1 and bool(state.bound[seat])
            state.apply(seat, bot.act(View.of(state, seat), rng))
    assert checked > 300 and bound > 50


def test_one_move_worth_making_is_played_without_search():
    state = hexbox.load("voodoo", players=4).new_state(seed=1)
    seat = state.actors[0]
    assert len(state.legal_actions(seat)) > 1  # rolling, plus talk
    agent = ISMCTS.from_params({"iters": "50"}, "voodoo")
    assert agent.act(View.of(state, seat), random.Random(0)).kind == "roll" and agent.last_iterations == 0


def test_heuristic_rollouts_pick_legal_actions():
    state = bidding_window(seed=8)
    seat = state.actors[-1]
    agent = ISMCTS(iters=20, policy="heuristic", rollout=10)
    assert agent.act(View.of(state, seat), random.Random(2)) in state.legal_actions(seat)
    assert agent.last_calls > 20


def test_progressive_bias_leans_on_the_bots_move_and_zero_bias_does_not():
    from hexbox.agents import heuristic_for

    state = bidding_window(seed=8)
    seat = state.actors[-1]
    view = View.of(state, seat)
    hint = heuristic_for("werebeasts").act(view, random.Random(4))
    leaning = ISMCTS(iters=60, rollout=0, bias=1000.0, prune="none")
    assert leaning.act(View.of(state, seat), random.Random(4)) == hint  # the same draws give the same hint
    key = seat * state.game.num_action_ids + state.game.action_id(hint)
    visits = {}
    for bias in (1000.0, 0.0):
        root = ISMCTS(iters=60, rollout=0, bias=bias, prune="none").search(View.of(state, seat), random.Random(4), hint)
        visits[bias] = (root.children[key].visits, len(root.children))
    assert visits[1000.0][0] == 60 - (visits[1000.0][1] - 1)  # every other move tried once, the rest to the hint
    assert visits[0.0][0] < visits[1000.0][0]
    with pytest.raises(hexbox.ConfigError, match="bias"):
        ISMCTS(bias=-1)


def test_worlds_from_a_belief_need_a_game_that_gives_one():
    from hexbox.agents import make_agent
    from hexbox.core import ConfigError

    with pytest.raises(ConfigError, match="worlds must be uniform"):
        make_agent("ismcts:worlds=psychic", "werebeasts")
    state = hexbox.load("voodoo", players=3).new_state(1)
    with pytest.raises(ConfigError, match="voodoo gives no belief to draw worlds from"):
        make_agent("ismcts:iters=5+worlds=belief", "voodoo").act(View.of(state, state.actors[0]), random.Random(0))


def transylvania_walk(seed: int = 3):
    """A heuristic game of Transylvania up to an adventurer's Exploration step with several ways to walk, once
    there are Knowledge tokens or corpses off the Church to walk to."""
    from hexbox.agents import make_agent
    from hexbox.games.transylvania.heuristic import CHURCH

    state = hexbox.load("transylvania", players=4).new_state(seed=seed)
    bot, rng = make_agent("heuristic", "transylvania"), random.Random(seed)
    while not state.is_over:
        seat = state.actors[0]
        legal = state.legal_actions(seat)
        moves = [a for a in legal if a.kind == "move"]
        goals = (set(state.tokens) | {c[0] for c in state.corpses if c[1]}) - CHURCH
        if (state.phase == "exploration" and not state.pending and state.role[seat] < 0 and len(moves) > 2
                and any(a.kind in ("discard", "bump") for a in legal) and goals):
            return state, seat
        state.apply(seat, bot.act(View.of(state, seat), rng))
    raise AssertionError("no such step")


def test_transylvania_search_walks_toward_the_goal_and_keeps_its_cards():
    from hexbox.games.transylvania.heuristic import CHURCH, search_actions

    state, seat = transylvania_walk()
    legal = state.legal_actions(seat)
    kept = search_actions(state, seat, legal)
    assert not any(a.kind in ("discard", "bump") for a in kept)  # no voluntary discards in the search
    others = lambda acts: {a for a in acts if a.kind not in ("move", "discard", "bump")}
    assert others(kept) == others(legal)
    moves = [a for a in legal if a.kind == "move"]
    # hurt, it walks home: the steps kept are those nearest the Church, counted here one walk at a time from
    # each step's end
    state.health[seat] = 1
    kept = [a for a in search_actions(state, seat, legal) if a.kind == "move"]
    far = {a: min((d for x, d in state.board.distances(a.node).items() if x in CHURCH), default=99) for a in moves}
    assert kept and {a for a in moves if far[a] == min(far.values())} == set(kept)


def test_transylvania_search_keeps_every_choice_of_a_pending_decision():
    from hexbox.games.transylvania.heuristic import search_actions

    state, seat = transylvania_walk()
    state.pending.append(("make_room", seat))
    legal = state.legal_actions(seat)
    assert search_actions(state, seat, legal) == legal


def test_transylvania_evaluator_prefers_an_adventurer_nearer_its_goal():
    from hexbox.games.transylvania.heuristic import CHURCH, win_chances

    state, seat = transylvania_walk()
    state.health[seat] = 5
    state.hand[seat] = []
    targets = set(state.tokens) | {c[0] for c in state.corpses if c[1]}
    dist = {x: min((d for y, d in state.board.distances(x).items() if y in targets), default=99)
            for x in state.board.slots() if x not in CHURCH}
    near = min(dist, key=dist.get)
    far = max((x for x in dist if dist[x] < 99), key=dist.get)
    state.pos[seat] = near
    at_goal = win_chances(state)[seat]
    state.pos[seat] = far
    assert dist[far] > dist[near] and win_chances(state)[seat] < at_goal


def test_a_focused_search_weighs_the_bots_move_against_other_kinds_only():
    from hexbox.agents import make_agent

    state, seat = transylvania_walk()
    view = View.of(state, seat)
    agent = ISMCTS.from_params({"iters": "20", "focus": "kinds"}, "transylvania")
    seen = {}
    search = agent.search

    def spy(view, rng, hint=None, belief=None):
        seen["hint"], seen["roots"] = hint, belief[1]
        return search(view, rng, hint, belief)

    agent.search = spy
    action = agent.act(view, random.Random(5))
    hint = make_agent("heuristic", "transylvania").act(view, random.Random(5))
    if "hint" not in seen:  # nothing of another kind worth weighing: the bot's move, unsearched
        assert action == hint
        return
    roots = seen["roots"]
    assert seen["hint"] in roots and action in roots
    assert [a for a in roots if a.kind == seen["hint"].kind] == [seen["hint"]]
    assert {a.kind for a in roots} - {seen["hint"].kind}  # something else was weighed against it
