"""Every kind of refusal raises IllegalAction with a reason and changes nothing (R12-R14, R21, R23-R26, W2, D6, D7).

Core's gate refuses a finished game and a seat that may not act; the game's own checks refuse the rest."""

import random

import pytest
from werebeasts_helpers import (
    accuse,
    goal_id,
    hold,
    last_sale,
    new,
    offer_card,
    open_sale,
    pass_all,
    random_playout,
    views,
)

import hexbox
from hexbox.games.werebeasts import actions as A
from hexbox.games.werebeasts.cards import CARDS
from hexbox.games.werebeasts.state import WerebeastsState

FIELDS = [f for f in WerebeastsState.__slots__ if f not in ("game",)]


def fingerprint(state):
    return repr([getattr(state, f) for f in FIELDS if f != "rng"]) + repr(state.rng.getstate())


def turn():
    """5 players, seat 0 to play; seat 2 holds a card, everyone 3 cans."""
    state = new(players=5, dealer=4)
    for s in range(5):
        hold(state, s, [], 3)
    hold(state, 2, ["kitten_1"])
    return state


def bidding(**options):
    state = turn() if not options else new(players=5, dealer=4, **options)
    open_sale(state, 0)
    return state


def spoils():
    state = turn()
    state.apply(0, accuse(2, goal_id(state, 2)))
    return state


def face_up():
    state = spoils()
    state.apply(0, A.TAKE_CARDS)
    return state


def offered():
    state = bidding()
    state.apply(2, offer_card("kitten_1"))
    return state


def accepting():
    state = bidding()
    state.apply(3, A.OFFER_CANS[2])
    pass_all(state)
    return state


def passed():
    state = bidding()
    state.apply(1, A.PASS)
    return state


def done():
    state = bidding(max_bid_changes=1)
    state.apply(1, A.OFFER_CANS[1])
    return state


def over():
    state = turn()
    last_sale(state, 0, "wolf_1")
    return state


CASES = [
    # (name, position, seat, action, words in the reason)
    ("R13 not your turn: sell", turn, 2, A.SELL, "seat 2 may not act now (waiting for seat 0)"),
    ("R13 not your turn: accuse", turn, 3, lambda s: accuse(2, goal_id(s, 5)), "may not act now"),
    ("R13 accusing yourself", turn, 0, lambda s: accuse(0, goal_id(s, 5)), "another player"),
    ("R13 seat not at the table", turn, 0, lambda s: accuse(6, goal_id(s, 5)),
     "seat 6 cannot be accused: there is no seat 6 at this table (seats 0 to 4)"),
    ("R13 D3 goal not in play", turn, 0,
     lambda s: accuse(2, next(g.id for g in CARDS.goals if g.index not in s.in_play)), "not a goal in play"),
    ("R14 naming your own goal", turn, 0, lambda s: accuse(2, goal_id(s, 0)), "own goal"),
    ("R14 naming your other own goal", turn, 0, lambda s: accuse(3, goal_id(s, 4)), "own goal"),
    ("R14 X3 a face-up goal", face_up, 0, lambda s: accuse(3, goal_id(s, 2)), "face up"),
    ("R21 an eliminated target", face_up, 0, lambda s: accuse(2, goal_id(s, 1)), "cannot be accused"),
    ("R12 no accusation during a sale", bidding, 0, lambda s: accuse(2, goal_id(s, 2)), "may not act now"),
    ("R12 a bidder does not accuse", bidding, 1, lambda s: accuse(2, goal_id(s, 2)),
     "cannot accuse now: the game is in the bidding phase"),
    ("R12 a bidder does not sell", bidding, 1, A.SELL, "cannot sell now: the game is in the bidding phase"),
    ("W2 spoils are the accuser's", spoils, 2, A.TAKE_CANS, "may not act now"),
    ("W2 no sale before the spoils", spoils, 0, A.SELL, "spoils phase"),
    ("W2 no spoils on one's turn", turn, 0, A.TAKE_CARDS, "cannot take spoils now: the game is in the turn phase"),
    ("R24 over-bidding cans", bidding, 1, A.OFFER_CANS[4], "only 3 cans"),
    ("R24 offering a card you do not own", bidding, 1, offer_card("kitten_1"), "do not own"),
    ("R24 offering a card twice", offered, 2, offer_card("kitten_1"), "in your bid already"),
    ("R24 retracting a card not in the bid", bidding, 2, A.RETRACT_CARD[0], "not in your bid"),
    ("W3 offering the cans already offered", bidding, 1, A.OFFER_CANS[0], "already has 0 cans"),
    ("R23 the seller does not bid", bidding, 0, A.OFFER_CANS[1], "may not act now"),
    ("W3 a passed bidder does not bid", passed, 1, A.OFFER_CANS[1], "may not act now"),
    ("W3 a done bidder does not pass", done, 1, A.PASS, "may not act now"),
    ("D7 no accepting during the window", bidding, 0, A.ACCEPT[3], "may not act now"),
    ("D7 a bidder does not accept", bidding, 3, A.ACCEPT[3], "bidding phase"),
    ("R26 accepting a seat without a bid", accepting, 0, A.ACCEPT[2], "no standing bid"),
    ("R26 accepting a seat beyond the table", accepting, 0, A.ACCEPT[7],
     "seat 7 has no standing bid: there is no seat 7 at this table (seats 0 to 4)"),
    ("D7 accepting on one's turn", turn, 0, A.ACCEPT[2], "cannot accept a bid now: the game is in the turn phase"),
    ("R24 bidding cans on one's turn", turn, 0, A.OFFER_CANS[1], "cannot bid now: the game is in the turn phase"),
    ("R24 bidding a card on one's turn", turn, 0, offer_card("kitten_1"),
     "cannot bid now: the game is in the turn phase"),
    ("R25 retracting on one's turn", turn, 0, A.RETRACT_CARD[0],
     "cannot change a bid now: the game is in the turn phase"),
    ("R26 accepting the first seat beyond the table", accepting, 0, A.ACCEPT[5], "there is no seat 5 at this table"),
    ("R26 accepting the last bidder id", accepting, 0, A.ACCEPT[-1], "there is no seat 9 at this table"),
    ("R26 only the seller accepts", accepting, 3, A.ACCEPT[3], "may not act now"),
    ("D6 no refusing every bid", accepting, 0, A.PASS, "cannot pass now: the game is in the accept phase"),
    ("R30 nothing after the end", over, 1, A.SELL, "game is over"),
    ("not a Werebeasts action", turn, 0, "sell", "not str"),
]


@pytest.mark.parametrize("name, make, seat, action, reason", CASES, ids=[c[0] for c in CASES])
def test_refusal_changes_nothing(name, make, seat, action, reason):
    state = make()
    if callable(action) and not isinstance(action, A.Action):
        action = action(state)
    if isinstance(action, A.Action):
        assert action not in state.legal_actions(seat)
    before, prints = views(state), fingerprint(state)
    with pytest.raises(hexbox.IllegalAction) as refused:
        state.apply(seat, action)
    assert reason in str(refused.value)
    assert views(state) == before
    assert fingerprint(state) == prints


@pytest.mark.parametrize("seat", [-1, -5, 5, 9])
def test_R23_a_seat_outside_the_table_cannot_bid_for_another(seat):
    # R23: only the eligible bidders bid; seat -1 must not act as seat 4 (fixed: it used to pass for seat 4)
    state = bidding()
    before, prints = views(state), fingerprint(state)
    for action in (A.PASS, A.OFFER_CANS[1], offer_card("kitten_1")):
        with pytest.raises(hexbox.IllegalAction, match="no seat"):
            state.apply(seat, action)
    assert views(state) == before and fingerprint(state) == prints


@pytest.mark.parametrize("seat", [-1, 5, 7])
def test_a_seat_outside_the_table_has_no_legal_actions_it_is_refused(seat):
    state = bidding()
    with pytest.raises(hexbox.IllegalAction, match="no seat"):
        state.legal_actions(seat)
    with pytest.raises(hexbox.IllegalAction, match="no seat"):
        state.default_action(seat)


def test_every_action_id_is_accepted_exactly_when_it_is_legal():
    # the checks of RULES agree with _legal_actions, at every step of a few random games, for every actor
    every = A.SPACE.actions
    tried = 0

    def visit(state):
        nonlocal tried
        idle = [s for s in range(state.n) if s not in state.actors]
        for seat in [*state.actors, *idle[:1]]:  # core refuses every other idle seat alike
            legal = {id(a) for a in state.legal_actions(seat)}
            for action in every:
                tried += 1
                if id(action) in legal:
                    state.clone().apply(seat, action)  # accepted (else IllegalAction fails the test)
                    continue
                with pytest.raises(hexbox.IllegalAction):
                    state.apply(seat, action)  # refused, and so the state is unchanged (test_refusal_…)

    rng = random.Random(0)
    for n, options in ((3, {}), (5, {"max_bid_changes": 2}), (10, {"max_bid_changes": 1})):
        random_playout(new(players=n, **options), rng.randrange(100), visit)
    assert tried > 10_000
