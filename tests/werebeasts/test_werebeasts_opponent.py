"""The reading of the other seats as the normal bot with each pair of goals (opponent.py), for the `hard` level.

Histories are built by hand or played by normal bots, and always read through the observation a seat gets
(``View.of``), never the true state.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from werebeasts_helpers import new, open_sale, seat_goals

from hexbox.agents import make_agent
from hexbox.core import View
from hexbox.games.werebeasts import actions as A
from hexbox.games.werebeasts import opponent as O
from hexbox.games.werebeasts.belief import posterior as fitted_posterior
from hexbox.games.werebeasts.heuristic import Heuristic

ME, TARGET = 1, 3  # dealer 0: seat 1 acts first; seat 3 shares no slot with seat 1


def obs_of(state, seat=ME):
    obs = View.of(state, seat).observation
    return obs["public"], obs["private"]["my_goals"]


def sale(seller: int, card: str, bids: dict[int, int], buyer: int | None = None) -> dict:
    """A finished sale; ``bids`` maps a seat to the cans of its final bid."""
    if buyer is None:
        buyer = max(bids, key=bids.get) if bids else seller
    return {
        "seller": seller,
        "card": card,
        "buyer": buyer,
        "bids": {str(s): {"cans": c, "cards": []} for s, c in bids.items()},
    }


def test_the_budget_law_is_the_one_the_normal_bot_draws_from():
    bot = Heuristic()
    pub = {"turn": 1, "sales": [], "sale": "shark_double"}
    for icons, card, goals in (
        (2, "shark_double", {"shark"}),
        (2, "shark_double", {"kitten"}),
        (1, "shark_1", {"shark"}),
    ):
        rng = random.Random(icons)
        drawn = Counter()
        for k in range(6000):
            bot._budgets.clear()
            drawn[bot._budget(0, {**pub, "sale": card, "turn": k}, goals, {"changes": 0}, rng)] += 1
        odds = bot.budget_odds(icons, "shark" in goals)
        assert set(drawn) <= set(odds) and sum(odds.values()) == pytest.approx(1.0)
        for b, p in odds.items():
            assert drawn[b] / 6000 == pytest.approx(p, abs=0.02), (card, goals, b)


def test_a_pair_under_which_the_normal_bot_would_not_have_bid_so_loses_weight():
    # outbid at one item: a collector's budget is at least two, so the bid is a decoy's
    outbid = {"cans": 1, "cards": []}
    collects = O.bid_likelihood(frozenset({"shark", "kitten"}), "shark_1", (8, []), outbid, rival=2)
    decoy = O.bid_likelihood(frozenset({"clown", "kitten"}), "shark_1", (8, []), outbid, rival=2)
    assert collects == 0 and decoy > 0
    # a card offered is never one of the bidder's beasts; with cans to spare, only a Werechow collector offers one
    card = {"cans": 0, "cards": ["kitten_1"]}
    assert O.bid_likelihood(frozenset({"kitten", "clown"}), "shark_1", (8, ["kitten_1"]), card, 0) == 0
    assert O.bid_likelihood(frozenset({"chow", "clown"}), "shark_1", (8, ["kitten_1"]), card, 0) > 0
    assert O.bid_likelihood(frozenset({"nana", "clown"}), "shark_1", (8, ["kitten_1"]), card, 0) == 0

    # the same through a seat's observation: the target outbid at one on every shark is believed no collector
    state = new(players=5, dealer=0, need=("shark",))
    seat_goals(state, TARGET, "shark", "chow")
    state.sales = tuple(sale(0, f"shark_{k}", {TARGET: 1, 4: 2}) for k in (1, 2))
    state.cans[4] -= 4
    state.cans[0] += 4
    state.cards[4] = state.cards[4] + [O.CARD_INDEX["shark_1"], O.CARD_INDEX["shark_2"]]
    pub, mine = obs_of(state)
    ours = O.posterior(ME, pub, mine)[TARGET].get("shark", 0.0)
    prior = O.posterior(ME, pub, mine, epsilon=1.0)[TARGET].get("shark", 0.0)
    assert ours < prior / 3


def test_a_seller_who_takes_the_card_over_more_cans_collects_its_beast():
    take_card = {"1": {"cans": 0, "cards": ["kitten_1"]}, "2": {"cans": 3, "cards": []}}
    assert O.accept_likelihood(frozenset({"kitten", "clown"}), take_card, 1) == 1
    assert O.accept_likelihood(frozenset({"nana", "clown"}), take_card, 1) == 0


def test_an_all_epsilon_reading_is_the_prior():
    state = new(players=5, dealer=0, need=("shark",))
    seat_goals(state, TARGET, "shark", "chow")
    state.sales = tuple(sale(0, f"shark_{k}", {TARGET: 4, 2: 4}) for k in (1, 2))  # slot 2 is theirs
    state.denials = ((2, state.in_play[0]),)
    pub, mine = obs_of(state)
    flat = O.posterior(ME, pub, mine, epsilon=1.0)
    prior = fitted_posterior(ME, pub, mine, use_evidence=False)
    assert flat.keys() == prior.keys()
    for t in prior:
        assert flat[t] == pytest.approx(prior[t]), t
    assert O.posterior(ME, pub, mine)[TARGET]["shark"] > prior[TARGET]["shark"] + 0.2


@pytest.mark.parametrize("players", [3, 5, 6])
def test_the_history_is_merged_and_replayed_as_it_was_played(players):
    # normal bots play; at each sale the true holdings of every seat that may bid are kept, and the replay from
    # the last observation alone must find the same
    from hexbox.games.werebeasts import actions as A
    from hexbox.games.werebeasts.state import AUCTION

    for seed in range(4):
        state = new(players=players, dealer=seed % players)
        state.rng = state.reseeded(random.Random(seed))
        bot, rng = make_agent("normal", "werebeasts"), random.Random(seed)
        truth = []
        while not state.is_over:
            s = state.actors[0] if len(state.actors) == 1 else rng.choice(state.actors)
            action = bot.act(View.of(state, s), rng)
            if action == A.SELL:
                truth.append(
                    {
                        t: (state.cans[t], [AUCTION[c].id for c in sorted(state.cards[t])])
                        for t in range(players)
                        if t != s and not state.out[t] and (state.cans[t] or state.cards[t])
                    }
                )
            state.apply(s, action)
        pub = View.of(state, ME).observation["public"]
        order = O.merge(pub)
        assert order is not None and sum(kind == "accuse" for kind, _ in order) == len(pub["accusations"])
        snaps, ok = O.replay(pub, order)
        assert ok
        assert len(snaps) == len(truth)
        for snap, held in zip(snaps, truth):
            assert snap["held"].keys() == held.keys()
            for t, (cans, hand) in snap["held"].items():
                # a dealt card the observation cannot name (two in one taken pile) stays a placeholder
                named = [c for c in hand if isinstance(c, str)]
                assert cans == held[t][0] and len(hand) == len(held[t][1]) and set(named) <= set(held[t][1])


def test_hard_leaves_out_a_bid_that_would_give_its_goals_away():
    # seat 1 collects sharks and already won one with a bid of three: the table half suspects it (belief.py)
    state = new(players=5, dealer=0, need=("shark",))
    seat_goals(state, ME, "shark", "chow")
    state.sales = (sale(0, "shark_1", {ME: 3, 4: 2}),)
    state.cards[ME] = state.cards[ME] + [O.CARD_INDEX["shark_1"]]
    state.cans[ME] -= 3
    state.cans[0] += 3
    open_sale(state, 0, "shark_2")
    view = View.of(state, ME)
    pub, mine = view.observation["public"], view.observation["private"]["my_goals"]
    quiet, loud = O.reveal(ME, pub, mine, 0, []), O.reveal(ME, pub, mine, 4, [])
    assert quiet < O.HIDE_AT <= loud
    moves = [A.PASS, A.OFFER_CANS[4]]
    assert O.hiding(view, moves) == [A.PASS]
    assert O.hiding(view, [A.OFFER_CANS[4]]) == [A.OFFER_CANS[4]]  # nothing hides: the least revealing stays
    assert A.OFFER_CANS[4] not in O.root_actions(view, view.legal_actions)
