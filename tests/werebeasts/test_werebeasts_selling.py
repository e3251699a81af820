"""Selling and the bidding window (R22-R29, R39; windows W3 and W4; D6, D8, D13; X6, X7)."""

import pytest
from werebeasts_helpers import (
    hold,
    new,
    offer_card,
    open_sale,
    pass_all,
    public,
    random_playout,
    retract_card,
    seat_goals,
)

import hexbox
from hexbox.games.werebeasts import actions as A
from hexbox.games.werebeasts.cards import CARD_INDEX
from hexbox.games.werebeasts.state import ACCEPT, BIDDING, TURN


def table(**options):
    """5 players, seat 1 is the Active Player (dealer 0), with known cards and cans."""
    state = new(players=5, dealer=0, **options)
    hold(state, 0, ["kitten_1"], 8)
    hold(state, 1, ["clown_1"], 8)
    hold(state, 2, ["nana_1", "nana_double"], 8)
    hold(state, 3, [], 3)
    hold(state, 4, ["zombie_2"], 0)
    return state


def status(state):
    return {b["seat"]: b["status"] for b in public(state)["bids"]}


@pytest.fixture
def sale():
    state = table()
    open_sale(state, 1, "wolf_1")
    return state


def test_R22_the_seller_turns_the_top_card_face_up():
    state = table()
    top, size = state.deck[-1], len(state.deck)
    events = state.apply(1, A.SELL)
    # R22: the top card of the deck, now public
    assert state.sale == top and len(state.deck) == size - 1
    for seat in (None, 0, 3):
        obs = state.observe(seat)["public"]
        assert obs["sale"] == public(state)["sale"] and obs["deck_size"] == size - 1
    assert events[0].kind == "sale" and events[0].public and events[0].data["seller"] == 1


def test_R23_D8_eligible_bidders(sale):
    # R23: everyone but the seller, all at once
    assert sale.phase == BIDDING and sale.actors == (0, 2, 3, 4)
    assert status(sale) == {0: "open", 2: "open", 3: "open", 4: "open"}
    assert sale.legal_actions(1) == []
    state = table()
    hold(state, 3, [], 0)  # D8: nothing to bid with
    state.out[4] = True  # R21: eliminated
    open_sale(state, 1)
    assert state.actors == (0, 2)
    assert 3 not in status(state) and 4 not in status(state)


def test_R23_R27_X7_nobody_eligible_the_seller_keeps_the_card_at_once():
    state = table()
    for s in (0, 2, 3, 4):
        hold(state, s, [], 0)
    assert state.active == 1
    top = state.deck[-1]
    events = state.apply(1, A.SELL)
    # R27, X7: no window at all; the seller keeps it for nothing, and the turn passes (R29)
    assert state.cards[1] == [CARD_INDEX["clown_1"], top] and state.cans[1] == 8
    assert state.phase == TURN and state.active == 2
    assert [e.kind for e in events] == ["sale", "sold", "turn"] and events[1].data["buyer"] == 1


def test_R24_W3_what_an_open_bidder_may_do(sale):
    # R24, W3: any number of own cans (but a change), any own card, pass
    legal = sale.legal_actions(2)
    assert legal == [*A.OFFER_CANS[1:9], offer_card("nana_1"), offer_card("nana_double"), A.PASS]
    sale.apply(2, offer_card("nana_double"))
    sale.apply(2, A.OFFER_CANS[3])
    legal = sale.legal_actions(2)
    assert legal == [*A.OFFER_CANS[0:3], *A.OFFER_CANS[4:9], offer_card("nana_1"), retract_card("nana_double"),
                     A.PASS]
    # R24: a combination of cards and cans
    assert public(sale)["bids"][1] == {"seat": 2, "status": "open", "cans": 3, "cards": ["nana_double"],
                                            "changes": 2}
    assert sale.legal_actions(3) == [*A.OFFER_CANS[1:4], A.PASS]
    assert sale.legal_actions(4) == [offer_card("zombie_2"), A.PASS]


def test_R24_refused_offers(sale):
    with pytest.raises(hexbox.IllegalAction, match="only 3 cans"):
        sale.apply(3, A.OFFER_CANS[4])  # more cans than owned
    with pytest.raises(hexbox.IllegalAction, match="do not own"):
        sale.apply(0, offer_card("nana_1"))  # another player's card
    with pytest.raises(hexbox.IllegalAction, match="not in your bid"):
        sale.apply(2, retract_card("nana_1"))
    with pytest.raises(hexbox.IllegalAction, match="already has 0 cans"):
        sale.apply(2, A.OFFER_CANS[0])  # not a change
    sale.apply(2, offer_card("nana_1"))
    with pytest.raises(hexbox.IllegalAction, match="in your bid already"):
        sale.apply(2, offer_card("nana_1"))
    with pytest.raises(hexbox.IllegalAction):
        sale.apply(1, A.OFFER_CANS[1])  # R23: the seller does not bid on their own card


def test_R25_bids_are_public_and_can_be_changed_and_withdrawn(sale):
    sale.apply(0, A.OFFER_CANS[5])
    sale.apply(0, offer_card("kitten_1"))
    for seat in (None, 2, 3):
        assert sale.observe(seat)["public"]["bids"][0] == {"seat": 0, "status": "open", "cans": 5,
                                                           "cards": ["kitten_1"], "changes": 2}
    sale.apply(0, A.OFFER_CANS[2])  # R25: change the number of cans
    sale.apply(0, retract_card("kitten_1"))  # R25: remove a card
    sale.apply(0, A.OFFER_CANS[0])  # R25: withdraw by removing every item
    assert public(sale)["bids"][0]["cans"] == 0 and public(sale)["bids"][0]["cards"] == []
    pass_all(sale)
    # R27, X7: every offer is empty when the window closes: the seller keeps the card
    assert sale.phase == TURN and sale.cards[1] == [CARD_INDEX["clown_1"], CARD_INDEX["wolf_1"]]
    assert sale.cans[0] == 8 and sale.cards[0] == [CARD_INDEX["kitten_1"]]


def test_W3_a_change_reopens_bidders_who_passed(sale):
    sale.apply(0, A.PASS)
    sale.apply(3, A.PASS)
    assert sale.actors == (2, 4) and status(sale)[0] == "passed"
    sale.apply(2, A.OFFER_CANS[1])
    # W3: every other bidder who passed may react again; the changer stays open
    assert sale.actors == (0, 2, 3, 4) and set(status(sale).values()) == {"open"}


def test_W3_a_pass_reopens_nobody_and_keeps_the_offer(sale):
    sale.apply(2, A.OFFER_CANS[2])
    sale.apply(0, A.PASS)
    sale.apply(2, A.PASS)
    # W3: passing keeps the current offer; it does not reopen seat 0
    assert status(sale) == {0: "passed", 2: "passed", 3: "open", 4: "open"}
    assert sale.offer_cans[2] == 2 and sale.actors == (3, 4)


def test_W3_R25_the_change_limit_makes_a_bidder_done():
    state = table(max_bid_changes=2)
    open_sale(state, 1, "wolf_1")
    state.apply(0, A.PASS)
    state.apply(2, A.OFFER_CANS[1])
    assert status(state)[2] == "open" and state.actors == (0, 2, 3, 4)
    state.apply(2, offer_card("nana_1"))
    # W3: the second change reaches max_bid_changes=2: done, offer kept
    assert status(state)[2] == "done" and state.actors == (0, 3, 4)
    assert state.legal_actions(2) == []
    with pytest.raises(hexbox.IllegalAction):
        state.apply(2, A.PASS)
    state.apply(3, A.OFFER_CANS[3])
    assert status(state)[2] == "done"  # other changes do not reopen a done bidder
    assert public(state)["bids"][1]["cans"] == 1 and public(state)["bids"][1]["cards"] == ["nana_1"]
    pass_all(state)
    assert state.phase == ACCEPT and state.legal_actions(1) == [A.ACCEPT[2], A.ACCEPT[3]]


def test_W3_the_window_closes_when_no_bidder_is_open(sale):
    sale.apply(4, offer_card("zombie_2"))
    for s in (0, 2, 3):
        assert sale.phase == BIDDING
        sale.apply(s, A.PASS)
    assert sale.phase == BIDDING and sale.actors == (4,)
    sale.apply(4, A.PASS)
    # W3 -> W4: the seller, alone, accepts
    assert sale.phase == ACCEPT and sale.actors == (1,)
    assert sale.legal_actions(1) == [A.ACCEPT[4]]


def test_R39_W3_timer_expiry_closes_the_window(sale):
    sale.apply(3, A.OFFER_CANS[1])
    # R39: the server passes for every open bidder; passes reopen nobody, so one round closes the window
    for s in sale.actors:
        sale.apply(s, sale.default_action(s))
    assert sale.phase == ACCEPT


def test_R39_the_window_timer_does_not_change_the_rules():
    # R39: bid_window_seconds is the server's timer; the engine plays the same game whatever its value
    fast = random_playout(new(players=5, bid_window_seconds=1), 7)
    slow = random_playout(new(players=5, bid_window_seconds=120), 7)
    assert fast.observe(None) == slow.observe(None)


def test_W3_default_is_pass(sale):
    assert all(sale.default_action(s) is A.PASS for s in sale.actors)


def test_R26_D6_the_seller_must_accept_one_standing_bid_whatever_its_value(sale):
    sale.apply(0, A.OFFER_CANS[8])
    sale.apply(3, A.OFFER_CANS[1])
    pass_all(sale)
    # R26: any of the standing bids, even the smallest; D6: there is no way to refuse them all
    assert sale.legal_actions(1) == [A.ACCEPT[0], A.ACCEPT[3]]
    for refuse in (A.PASS, A.SELL, A.ACCEPT[1], A.ACCEPT[2], A.TAKE_CARDS):
        with pytest.raises(hexbox.IllegalAction):
            sale.apply(1, refuse)
    with pytest.raises(hexbox.IllegalAction):
        sale.apply(0, A.ACCEPT[0])  # only the seller accepts
    sale.apply(1, A.ACCEPT[3])
    assert sale.cards[3] == [CARD_INDEX["wolf_1"]] and sale.cans[3] == 2 and sale.cans[1] == 9
    assert sale.cans[0] == 8  # R28: a bid not accepted is not paid


def test_R28_R29_X6_payment_and_the_next_turn(sale):
    sale.apply(2, offer_card("nana_double"))
    sale.apply(2, offer_card("nana_1"))
    sale.apply(2, A.OFFER_CANS[2])
    pass_all(sale)
    events = sale.apply(1, A.ACCEPT[2])
    # R28: every card and can of the bid goes to the seller; the bidder receives the auction card
    assert sorted(sale.cards[1]) == sorted(CARD_INDEX[c] for c in ("clown_1", "nana_1", "nana_double"))
    assert sale.cans[1] == 10 and sale.cans[2] == 6
    assert sale.cards[2] == [CARD_INDEX["wolf_1"]]
    assert public(sale)["players_info"][2]["cards"] == ["wolf_1"]
    sold = next(e for e in events if e.kind == "sold")
    assert sold.data["buyer"] == 2 and sold.data["paid"] == {"cans": 2, "cards": ["nana_double", "nana_1"]}
    # R29: the player to the seller's left begins a new turn
    assert sale.phase == TURN and sale.active == 2 and sale.actors == (2,)
    assert public(sale)["bids"] == [] and public(sale)["sale"] is None


def test_X6_payment_cards_score_for_the_seller():
    state = new(players=5, dealer=0, need=("nana", "clown"))
    seat_goals(state, 1, "nana", "clown")  # slot 1 (clown) is shared with seat 2
    for s in range(5):
        hold(state, s, [], 0)
    hold(state, 1, ["clown_1"])
    hold(state, 2, ["clown_2", "nana_double"])
    assert state.points(1) == 1 and state.points(2) == 1
    open_sale(state, 1, "wolf_1")
    # X6: the bid may hold a card of the bidder's own goal, and cards of the seller's goals
    state.apply(2, offer_card("clown_2"))
    state.apply(2, offer_card("nana_double"))
    pass_all(state)
    state.apply(1, A.ACCEPT[2])
    assert state.points(1) == 1 + 1 + 2 and state.points(2) == 0


def test_R29_the_next_turn_skips_eliminated_players(sale):
    sale.apply(0, A.OFFER_CANS[1])
    pass_all(sale)
    sale.out[2] = True
    sale.apply(1, A.ACCEPT[0])
    assert sale.active == 3  # R29, R11


def test_W4_default_accepts_the_bid_with_the_most_items():
    state = table()
    open_sale(state, 1, "wolf_1")
    state.apply(0, A.OFFER_CANS[3])  # three items
    state.apply(2, offer_card("nana_double"))  # a double is still one item
    state.apply(2, offer_card("nana_1"))
    pass_all(state)
    assert state.default_action(1) is A.ACCEPT[0]


@pytest.mark.parametrize("seller, bidders, expected", [
    (1, (0, 3), 3),  # clockwise from seat 1: 2, 3, 4, 0
    (1, (4, 0), 4),
    (3, (0, 2), 0),  # from seat 3: 4, 0, 1, 2
    (3, (4, 2), 4),
])
def test_W4_default_tie_goes_to_the_bidder_nearest_the_sellers_left(seller, bidders, expected):
    state = new(players=5, dealer=0)
    for s in range(5):
        hold(state, s, [], 8)
    open_sale(state, seller)
    for b in bidders:
        state.apply(b, A.OFFER_CANS[2])
    pass_all(state)
    assert state.phase == ACCEPT
    assert state.default_action(seller) is A.ACCEPT[expected]


def test_X7_R27_everyone_passes_without_an_offer_the_seller_keeps_the_card(sale):
    for s in (0, 2, 3, 4):
        sale.apply(s, A.PASS)
    # X7: no standing bid when the window closes -> no accept step, the seller keeps the card for nothing
    assert sale.phase == TURN and sale.active == 2
    assert sale.cards[1] == [CARD_INDEX["clown_1"], CARD_INDEX["wolf_1"]] and sale.cans[1] == 8
    assert sale.sales[-1]["buyer"] == 1 and sale.sales[-1]["bids"] == {}


@pytest.mark.parametrize("n", [3, 5, 10])
def test_D13_a_game_played_by_default_actions_alone_is_harmless_and_ends(n):
    state = new(players=n, dealer=0)
    sold = len(state.deck)
    while not state.is_over:
        for seat in state.actors:
            if seat in state.actors:
                action = state.default_action(seat)
                assert action in state.legal_actions(seat)
                state.apply(seat, action)
    # D13: sell, pass: nobody is ever eliminated, every seller keeps the card, and the deck runs out (R30)
    assert not any(state.out) and len(state.sales) == sold
    assert all(x["buyer"] == x["seller"] for x in state.sales)
    assert state.cans == [8] * n


def test_R25_the_change_limit_counts_per_sale():
    state = table(max_bid_changes=1)
    open_sale(state, 1, "wolf_1")
    state.apply(0, A.OFFER_CANS[1])
    assert status(state)[0] == "done"
    pass_all(state)
    state.apply(1, A.ACCEPT[0])
    # R25: a new sale, a new allowance: seat 0 is open again with no change counted
    open_sale(state, 2)
    assert status(state)[0] == "open" and public(state)["bids"][0]["changes"] == 0
    assert public(state)["bids"][0]["cans"] == 0 and 0 in state.actors


@pytest.mark.parametrize("bidder", [5, 7, 9])
def test_R26_accepting_the_bid_of_a_seat_beyond_the_table_is_refused(bidder):
    # R26: the seller accepts one of the standing bids, and only seats of this table (0-4) can have one
    state = table()
    open_sale(state, 1, "wolf_1")
    state.apply(0, A.OFFER_CANS[2])
    pass_all(state)
    before = [state.observe(v) for v in (None, 0, 1)]
    with pytest.raises(hexbox.IllegalAction, match=f"there is no seat {bidder} at this table"):
        state.apply(1, A.ACCEPT[bidder])
    assert [state.observe(v) for v in (None, 0, 1)] == before
    assert A.ACCEPT[bidder] not in state.legal_actions(1)
