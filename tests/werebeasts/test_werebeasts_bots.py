"""The bots' bids look like a person's (W3, R23-R26): no bot raises its own standing bid when it already leads.

The case: on the sale of a card whose beast lies in the box (nobody's goal), a `hard` bot raised its own leading
bid again and again with no rival above 1 can, paid 7 cans and a double card, and the other bots read that bid
as evidence (belief.py) and accused wrongly.
"""

import random

import pytest
from werebeasts_helpers import hold, new, open_sale

from hexbox.agents import make_agent
from hexbox.core import View
from hexbox.games.werebeasts import actions as A
from hexbox.games.werebeasts import heuristic as H
from hexbox.games.werebeasts.cards import CARDS
from hexbox.games.werebeasts.state import BIDDING


def box_sale():
    """5 players, seat 1 sells a card of a beast in the box; seat 0 leads with 2 cans, seat 2 bid 1 can, the
    others passed: seat 0 is the only open bidder whose move is asked."""
    state = new(players=5, dealer=0)
    box = {CARDS.goals[state.goal_at[p]].id for p in range(state.game.positions - 2, state.game.positions)}
    card = next(a.id for a in CARDS.auction if H.BEAST_OF[a.id] in box)
    for seat in range(5):
        hold(state, seat, ["kitten_1", "nana_double"] if seat == 0 else [], 9)
    open_sale(state, 1, card)
    assert state.phase == BIDDING
    state.apply(0, A.OFFER_CANS[2])
    state.apply(2, A.OFFER_CANS[1])
    for seat in (3, 4, 2):
        state.apply(seat, A.PASS)
    assert state.actors == (0,)
    return state, card


def raises(state, seat, action) -> bool:
    return type(action) is A.OfferCard or (type(action) is A.OfferCans and action.cans > state.offer_cans[seat])


def test_W3_the_advice_leaves_no_raise_of_a_leading_bid():
    # W3 (bids change one edit at a time, R24-R25): raising a bid that leads is legal, and the advice leaves it out
    state, _ = box_sale()
    legal = state.legal_actions(0)
    assert any(raises(state, 0, a) for a in legal)  # the rules allow it: people may
    for moves in (H.search_actions(state, 0, legal), H.root_actions(View.of(state, 0), legal)):
        assert A.PASS in moves and not any(raises(state, 0, a) for a in moves)
    # behind or level, raising is what bidding is
    state.offer_cans[2] = 2
    assert any(raises(state, 0, a) for a in H.search_actions(state, 0, state.legal_actions(0)))


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_W3_no_level_bids_against_itself(level):
    # W3, R26: the box card on sale, seat 0 ahead 2 items to 1; at every level its next move is no raise
    for seed in range(3):
        state, _ = box_sale()
        action = make_agent(level, "werebeasts").act(View.of(state, 0), random.Random(seed))
        assert not raises(state, 0, action), (seed, action)
