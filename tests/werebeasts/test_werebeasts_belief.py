"""The bot's belief over hidden goals (belief.py) and its expected-value accusations (heuristic.py).

Histories are built by hand: public sales in which one seat bids like a collector of its true goal, checked
through the observation a seat really gets (``View.of``), never the true state.
"""

from __future__ import annotations

import itertools
import math
import random

import pytest
from werebeasts_helpers import goal_id, new, seat_goals

import hexbox
from hexbox.core import View
from hexbox.games.werebeasts import actions as A
from hexbox.games.werebeasts import belief
from hexbox.games.werebeasts.belief import _marginals, posterior, sampler
from hexbox.games.werebeasts.cards import GOAL_INDEX
from hexbox.games.werebeasts.heuristic import Heuristic

ME, TARGET = 1, 3  # with dealer 0, seat 1 is the first Active Player; seat 3 is not its neighbour (slots 0 and 1)


def game_with(target_goals=("shark", "chow")):
    state = new(players=5, dealer=0, need=("shark",))
    seat_goals(state, TARGET, *target_goals)
    return state


def sale(seller: int, card: str, bids: dict[int, int]) -> dict:
    """A finished sale: ``bids`` maps a seat to the number of cans it offered (its final bid)."""
    buyer = max(bids, key=bids.get) if bids else seller
    return {"seller": seller, "card": card, "buyer": buyer,
            "bids": {str(s): {"cans": c, "cards": []} for s, c in bids.items()}}


def collector_history(state, beast: str, rounds: int) -> None:
    """``rounds`` sales of the target's beast, on which the two seats sharing that goal (5 players: the target
    and a neighbour) bid 4 cans, and as many sales of the other beasts in play, on which nobody bids."""
    sharers = state.game.position_seers[state.goal_at.index(GOAL_INDEX[beast])]
    others = [goal_id(state, p) for p in range(state.game.positions)]
    others = [g for g in dict.fromkeys(others) if g not in (beast, "chow")]
    sales = []
    for k in range(rounds):
        sales.append(sale(0, f"{beast}_{k % 3 + 1}", dict.fromkeys(sharers, 4)))
        sales.extend(sale(0, f"{other}_{k % 3 + 1}", {}) for other in others)
    state.sales = tuple(sales)


def belief_of(state, seat=ME):
    obs = View.of(state, seat).observation
    return posterior(seat, obs["public"], obs["private"]["my_goals"])


def test_the_posterior_concentrates_on_the_true_goal_as_evidence_accumulates():
    state = game_with()
    seen = []
    for rounds in range(0, 5):
        collector_history(state, "shark", rounds)
        seen.append(belief_of(state)[TARGET]["shark"])
    assert seen[0] == pytest.approx(0.4)  # no evidence: two of five hidden positions are the target's
    assert all(b > a for a, b in zip(seen, seen[1:])), seen
    assert seen[-1] > 0.95
    q = belief_of(state)[TARGET]
    assert max(q, key=q.get) == "shark"


def test_a_goal_is_shared_with_a_neighbour_so_both_sharers_bids_count():
    # 5 players: the target's shark slot is shared with seat 2; when only the target bids on sharks, seat 2's
    # silence says that slot is not the shark, and the shark is believed less likely the target's than when
    # both bid
    state = game_with()
    collector_history(state, "shark", 1)
    both = belief_of(state)[TARGET]["shark"]
    state.sales = tuple({**x, "bids": {k: v for k, v in x["bids"].items() if k == str(TARGET)}} for x in state.sales)
    alone = belief_of(state)[TARGET]["shark"]
    assert both > alone + 0.05


def test_each_seat_holds_as_many_goals_as_it_has_hidden_positions():
    state = game_with()
    collector_history(state, "shark", 2)
    b = belief_of(state)
    assert sum(b[TARGET].values()) == pytest.approx(2.0)
    assert sum(b[0].values()) == pytest.approx(1.0)  # seat 0 shares slot 0 with me: I know that one
    assert sum(b[2].values()) == pytest.approx(1.0)


def test_public_facts_are_certain_whatever_the_evidence_says():
    state = game_with()
    collector_history(state, "shark", 4)
    state.denials = ((TARGET, state.in_play[0]),)
    denied = goal_id(state, state.goal_at.index(state.in_play[0]))
    state.accusations = ({"accuser": 4, "target": 2, "goal": "shark", "correct": False},)
    b = belief_of(state)
    assert denied not in b[TARGET]
    assert "shark" not in b.get(4, {})  # seat 4 named it, so it is not one of its goals (R14)


def test_the_marginals_are_the_exact_sums_over_every_assignment():
    rng = random.Random(3)
    for m in (1, 3, 5):
        w = [[rng.choice([0.0, rng.random(), 5 * rng.random()]) for _ in range(m)] for _ in range(m)]
        for i in range(m):
            w[i][i] = 1.0  # at least one assignment has weight
        total = 0.0
        brute = [[0.0] * m for _ in range(m)]
        for perm in itertools.permutations(range(m)):
            x = math.prod(w[i][perm[i]] for i in range(m))
            total += x
            for i in range(m):
                brute[i][perm[i]] += x
        got = _marginals(w)
        for i in range(m):
            for j in range(m):
                assert got[i][j] == pytest.approx(brute[i][j] / total)
    assert _marginals([[0.0, 1.0], [0.0, 1.0]]) is None


def _marginals_as_recorded(weights):
    """``_marginals`` as the bot digests were recorded with it: three passes over the sets of types used."""
    m = len(weights)
    forward = [{0: 1.0}]
    for i in range(m):
        nxt = {}
        for mask, f in forward[i].items():
            for j, w in enumerate(weights[i]):
                if w and not mask & 1 << j:
                    nxt[mask | 1 << j] = nxt.get(mask | 1 << j, 0.0) + f * w
        forward.append(nxt)
    full = (1 << m) - 1
    if not forward[m].get(full, 0.0) > 0:
        return None
    backward = [{} for _ in range(m + 1)]
    backward[m] = {full: 1.0}
    for i in range(m - 1, -1, -1):
        for mask in forward[i]:
            for j, w in enumerate(weights[i]):
                if w and not mask & 1 << j:
                    b = backward[i + 1].get(mask | 1 << j, 0.0)
                    if b:
                        backward[i][mask] = backward[i].get(mask, 0.0) + w * b
    out = []
    for i in range(m):
        probs = [0.0] * m
        for mask, f in forward[i].items():
            for j, w in enumerate(weights[i]):
                if w and not mask & 1 << j:
                    probs[j] += f * w * backward[i + 1].get(mask | 1 << j, 0.0)
        out.append([x / forward[m][full] for x in probs])
    return out


def assert_close(got, want):
    """The same marginals up to the rounding of sums taken in another order."""
    assert (got is None) == (want is None)
    if want is not None:
        assert len(got) == len(want)
        for a, b in zip(got, want):
            assert a == pytest.approx(b, rel=1e-9, abs=0.0)


def test_the_marginals_are_the_sums_the_bots_chose_by():
    # the sums may be taken in another order (the bot digests guard the choices), but not be another number
    rng = random.Random(7)
    for m in (0, 1, 2, 4, 7, 9):
        for _ in range(5):
            w = [[rng.choice([0.0, rng.random(), math.exp(-30 * rng.random())]) for _ in range(m)] for _ in range(m)]
            assert_close(_marginals(w), _marginals_as_recorded(w))
    assert _marginals([[0.0, 1.0], [0.0, 1.0]]) is None is _marginals_as_recorded([[0.0, 1.0], [0.0, 1.0]])


def test_the_marginals_of_real_tables_are_the_sums_the_bots_chose_by():
    # every table the normal bots' accusations weighed in whole games of 3 to 10 players
    tables = []

    def problem(seat, pub, my_goals, use_evidence=True):
        got = belief._problem(seat, pub, my_goals, use_evidence)
        tables.append(got[2])
        return got

    for players in range(3, 11):
        for seed in range(3):
            state = hexbox.load("werebeasts", players=players).new_state(seed=seed)
            bot, rng = Heuristic(), random.Random(seed)
            while not state.is_over:
                seat = rng.choice(state.actors)
                view = View.of(state, seat)
                obs = view.observation
                if obs["phase"] == "turn":
                    posterior(seat, obs["public"], obs["private"]["my_goals"], problem=problem)
                state.apply(seat, bot.act(view, rng))
    assert {len(w) for w in tables} >= set(range(3, 11))
    assert sum(0.0 in row for w in tables for row in w) > 50  # forbidden cells: denials, named types
    turned = [belief._states([list(c) for c in zip(*w)]) < belief._states(w) for w in tables]
    assert any(turned) and not all(turned)  # both readings of a table: by alike positions, by alike types
    for w in tables:
        assert_close(_marginals(w), _marginals_as_recorded(w))


def test_alike_types_get_the_same_floats():
    # a tie between two goals equally likely must stay a tie: the bot names the first (tests/test_bot_digests.py)
    rng = random.Random(5)
    for m in (4, 7, 10):
        w = [[rng.random() for _ in range(m - 2)] for _ in range(m)]
        for row in w:
            row += [row[1], row[1]]
        got = _marginals(w)
        assert all(row[1] == row[-2] == row[-1] for row in got)


def test_the_bot_does_not_accuse_on_a_flat_belief():
    state = game_with()
    view = View.of(state, ME)
    assert view.observation["phase"] == "turn"
    assert any(type(a) is A.Accuse for a in view.legal_actions)
    bot = Heuristic()
    assert bot.best_accusation(ME, view.observation["public"], view.observation["private"]["my_goals"]) is None
    assert bot.act(view, random.Random(0)) == A.SELL


def test_the_bot_accuses_when_its_belief_is_sharp_and_the_expected_value_positive():
    state = game_with()
    collector_history(state, "shark", 4)
    view = View.of(state, ME)
    bot = Heuristic()
    choice = bot.best_accusation(ME, view.observation["public"], view.observation["private"]["my_goals"])
    assert choice is not None
    (target, goal), p, if_right, now = choice
    sharers = state.game.position_seers[state.goal_at.index(GOAL_INDEX["shark"])]
    assert goal == "shark" and target in sharers and p > 0.9
    assert p * if_right > bot.caution * now
    action = bot.act(view, random.Random(0))
    assert (type(action), action.target, action.goal) == (A.Accuse, target, "shark")
    state.apply(ME, action)
    assert state.out[target]  # it was right


def test_a_cautious_bot_wants_more_than_break_even():
    state = game_with()
    collector_history(state, "shark", 1)
    view = View.of(state, ME)
    pub, mine = view.observation["public"], view.observation["private"]["my_goals"]
    bold = Heuristic(min_belief=0.0).best_accusation(ME, pub, mine)
    assert bold is not None
    _, p, if_right, now = bold
    assert Heuristic(min_belief=0.0, caution=p * if_right / now * 1.01).best_accusation(ME, pub, mine) is None


def test_worlds_drawn_from_the_belief_hold_each_goal_as_often_as_the_posterior_says():
    state = game_with()
    collector_history(state, "shark", 1)
    obs = View.of(state, ME).observation
    pub, mine = obs["public"], obs["private"]["my_goals"]
    post = posterior(ME, pub, mine)
    draw = sampler(ME, pub, mine)
    rng = random.Random(5)
    deals = [draw(rng) for _ in range(3000)]
    assert all(sorted(d.values()) == sorted(deals[0].values()) for d in deals)  # each type dealt exactly once
    for t in (0, 2, TARGET, 4):
        positions = [p for p in state.game.seat_positions[t] if p in deals[0]]
        for g, p in post[t].items():
            seen = sum(any(d[q] == g for q in positions) for d in deals) / len(deals)
            assert seen == pytest.approx(p, abs=0.035), (t, g)


def test_a_search_with_worlds_drawn_from_the_belief_weighs_accusations():
    # uniform worlds cannot read bids, so the plain search leaves accusations out (search_actions); with
    # worlds=belief the likeliest right accusations are searched against selling, in worlds dealt by the belief
    from hexbox.agents import make_agent

    state = game_with()
    collector_history(state, "shark", 4)
    view = View.of(state, ME)
    plain = make_agent("ismcts:iters=200", "werebeasts")
    assert plain.act(view, random.Random(1)) == A.SELL
    searcher = make_agent("ismcts:iters=200+worlds=belief", "werebeasts")
    root = searcher.search(view, random.Random(1), None, searcher._belief(view))
    width = state.game.num_action_ids
    searched = {key - ME * width for key in root.children}
    accusations = [a for a in view.legal_actions if type(a) is A.Accuse and state.game.action_id(a) in searched]
    assert 1 <= len(accusations) <= 3
    choice = searcher.act(view, random.Random(1))
    if type(choice) is A.Accuse:  # the search may sell, but never on a wrong accusation here
        assert GOAL_INDEX[choice.goal] in state.goals_of(choice.target)
    flat = game_with()
    assert make_agent("ismcts:iters=50+worlds=belief", "werebeasts").act(View.of(flat, ME), random.Random(1)) == A.SELL


def test_the_easy_level_never_accuses_even_when_sure():
    from hexbox.agents import make_agent

    state = game_with()
    collector_history(state, "shark", 4)
    view = View.of(state, ME)
    assert type(make_agent("normal", "werebeasts").act(view, random.Random(0))) is A.Accuse
    assert make_agent("easy", "werebeasts").act(view, random.Random(0)) == A.SELL


def test_the_marginals_of_tables_without_a_zero_are_the_sums_the_bots_chose_by():
    rng = random.Random(11)
    for m in (1, 2, 3, 5, 8, 10):
        for _ in range(3):
            w = [[rng.choice([1.0, rng.random(), math.exp(-60 * rng.random())]) for _ in range(m)] for _ in range(m)]
            assert_close(_marginals(w), _marginals_as_recorded(w))
