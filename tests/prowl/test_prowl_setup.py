"""Components, options and set-up (R1-R10, R52, R53; docs/games/prowl.md 'Components', 'Set-up', 'Options')."""

from collections import Counter

import pytest
from prowl_helpers import new, private, public

import hexbox
from hexbox.core import ConfigError
from hexbox.games.prowl import actions as A
from hexbox.games.prowl.cards import CARDS, CLANS, LEADERS, load
from hexbox.games.prowl.state import SETUP, TURN


def test_R1_R2_four_clans_of_eight_cards():
    # R1, R2
    # R1: 4 clans x 8 cards = 32; R2: every card belongs to exactly one clan
    assert [k.id for k in CLANS] == ["spring", "summer", "autumn", "winter"]
    assert len(CARDS) == 32
    assert Counter(c.clan for c in CARDS) == {0: 8, 1: 8, 2: 8, 3: 8}
    assert all(c.clan == c.index // 8 for c in CARDS)


def test_R4_one_leader_per_clan_and_keyword_totals():
    # R4
    # R4, docs/games/prowl.md: 4 leaders (one per clan, all attachments), 4 Early, 4 Final, 12 Attachments, 5 Peek
    assert [CARDS[i].clan for i in LEADERS] == [0, 1, 2, 3]
    assert all(CARDS[i].attachment for i in LEADERS)
    assert Counter(k for c in CARDS for k in c.keywords) == {"attachment": 12, "early": 4, "final": 4, "peek": 5}
    assert load().cards == CARDS  # the data file validates


def test_faq_cards_are_where_the_faq_puts_them():
    names = {c.name: c for c in CARDS}
    assert CLANS[names["Wanderer"].clan].id == "summer"  # F6
    assert names["High Mage"].leader and names["Headstrong Scout"].attachment


def test_R3_R5_track_is_a_random_order_of_the_four_clans():
    # R3, R5
    orders = {tuple(new(seed=s).track) for s in range(40)}
    assert all(sorted(o) == [0, 1, 2, 3] for o in orders)
    assert len(orders) > 5  # R5: random


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_R6_deal_hand_size_and_spares(players):
    # R6
    st = new(players)
    assert [len(h) for h in st.hands] == [6] * players
    dealt = [c for h in st.hands for c in h]
    spare = st.deck if players == 2 else st.box
    assert len(set(dealt) | set(spare)) == 32 and len(dealt) + len(spare) == 32
    if players > 2:
        assert st.deck == []  # R6: 3-5 players, the spares go to the box unseen
        assert public(st)["box_size"] == 32 - 6 * players
        assert public(st)["box"] is None  # D17: shown at the end only


def test_R7_without_leaders_the_leaders_are_never_dealt():
    # R7
    for seed in range(20):
        st = new(4, seed=seed, leaders=False)
        everything = [c for h in st.hands for c in h] + st.box
        assert len(everything) == 28 and not set(everything) & set(LEADERS)


def test_R8_clan_cards_placed_secretly_and_simultaneously():
    # R8
    st = new(3)
    assert st.phase == SETUP and st.actors == (0, 1, 2)
    pick = st.hands[1][0]
    events = st.apply(1, A.SET_CLAN[pick])
    assert st.actors == (0, 2)  # P1: the others still choose, in any order
    assert st.clan_card[1] == pick and pick not in st.hands[1]
    shown = [e.to_json() for e in events if e.public]
    assert shown == [{"kind": "clan_placed", "data": {"seat": 1}, "to": None}]  # only that a card was placed
    assert [e.to_json() for e in events if not e.public] == [
        {"kind": "your_clan", "data": {"seat": 1, "card": CARDS[pick].id}, "to": [1]}]
    assert public(st)["players_info"][1]["placed"] and public(st)["players_info"][1]["clan_card"] is None
    assert private(st, 1)["clan_card"] == CARDS[pick].id
    with pytest.raises(hexbox.IllegalAction):
        st.apply(1, A.SET_CLAN[st.hands[1][0]])  # once only


def test_R8_a_seat_that_placed_its_clan_card_has_nothing_more_to_do_in_set_up():
    # even when the card it placed is the first card of the deck (index 0)
    st = new(3)
    first, seat = 0, 1
    for h in st.hands:  # card 0 (the High Mage) into seat 1's hand
        if first in h:
            h.remove(first)
    st.hands[seat][0] = first
    st.apply(seat, A.SET_CLAN[first])
    assert st.legal_actions(seat) == [] and seat not in st.actors
    assert all(st.legal_actions(s) for s in range(3) if s != seat)


def test_R8_R9_nobody_is_the_active_player_during_set_up():
    st = new(4)
    assert public(st)["active"] is None
    st.apply(1, st.default_action(1))
    assert public(st)["active"] is None


def test_R9_starting_player_is_random_after_placement_and_holds_dominance():
    # R9
    starts = set()
    for seed in range(30):
        st = new(4, seed=seed)
        assert st.dominance == -1 and st.start == -1
        for s in range(4):
            st.apply(s, st.default_action(s))
        assert st.phase == TURN and st.dominance == st.start == st.active
        starts.add(st.start)
    assert starts == {0, 1, 2, 3}
    st = new(4, first_player=2)
    for s in range(4):
        st.apply(s, st.default_action(s))
    assert st.active == 2 and st.dominance == 2


def test_P1_default_is_a_card_of_the_clan_held_most():
    st = new(4)
    for s in range(4):
        hand = st.hands[s]
        counts = Counter(CARDS[c].clan for c in hand)
        choice = A.SPACE.parse(st.default_action(s).to_json())
        chosen = CARDS[[c for c in hand if CARDS[c].id == choice.card][0]]
        assert counts[chosen.clan] == max(counts.values())


def test_P1_default_ties_go_to_the_first_clan_in_clan_order_then_the_lowest_card():
    st = new(4)
    ids = {c.id: c.index for c in CARDS}
    # two Winter cards, two Summer cards, one Spring: Summer comes before Winter; its lower card is chosen
    st.hands[0] = sorted(ids[c] for c in ("winter_avalanche", "winter_ice_wall", "summer_war_horn",
                                           "summer_hunter", "spring_whisperer"))
    summer = min(ids["summer_war_horn"], ids["summer_hunter"])
    assert st.default_action(0) == A.SET_CLAN[summer]
    st.hands[0] = sorted(ids[c] for c in ("winter_avalanche", "spring_eclipse_rite", "autumn_tactician"))
    assert st.default_action(0) == A.SET_CLAN[ids["spring_eclipse_rite"]]  # all tied: Spring first


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_R10_R11_every_player_takes_hand_size_minus_one_turns(players):
    # R10, R11
    st = new(players, first_player=0)
    for s in range(players):
        st.apply(s, st.default_action(s))
    turns = Counter()
    while not st.is_over:
        seat = st.active
        if st.phase == TURN:
            turns[seat] += 1
            before = len(st.hands[seat])
            st.apply(seat, st.default_action(seat))
            if st.phase == TURN or st.is_over:
                assert len(st.hands[seat]) == before - 1  # R11: one action uses one card
        else:
            st.apply(seat, st.default_action(seat))
    assert turns == {s: 5 for s in range(players)}  # R10: 5 rounds, every player once each


def test_R52_hand_size_option_adds_rounds():
    # R52
    order = _turn_order(new(3, hand_size=8, first_player=1))
    assert order == [1, 2, 0] * 7  # clockwise (to the left) from the starting player, 7 rounds


def test_options_are_checked():
    with pytest.raises(ConfigError) as err:
        hexbox.load("prowl", players=5, hand_size=7)  # 35 > 32
    assert str(err.value) == "option hand_size=7 is not allowed with 5 players: 5 x 7 > 32 cards"
    with pytest.raises(ConfigError) as err:
        hexbox.load("prowl", players=5, leaders=False)  # 30 > 28
    assert str(err.value) == "option hand_size=6 is not allowed with 5 players: 5 x 6 > 28 cards (leaders removed)"
    with pytest.raises(ConfigError):
        hexbox.load("prowl", players=6)
    with pytest.raises(ConfigError):
        hexbox.load("prowl", players=3, first_player=3)
    with pytest.raises(ConfigError):
        hexbox.load("prowl", players=3, hand_size=1)
    assert hexbox.load("prowl", players=4, leaders=False, hand_size=7).hand_size == 7


def test_R53_exactly_four_clans():
    # R53
    assert len(CLANS) == 4 and len(new().track) == 4


def test_encoding_is_fixed():
    game = hexbox.load("prowl", players=3)
    assert game.num_action_ids == 817
    assert game.action_id(A.Play("summer_wanderer", "effect")) == 2 * 9 + 1
    assert game.action_id(A.Change("autumn_garrison")) == 64 + 22
    assert game.action_id(A.Accuse("spring_whisperer", 2, "winter")) == 96 + 4 * (5 * 2 + 2) + 3
    assert game.action_id(A.SKIP) == 816
    assert str(A.Play("summer_wanderer", "effect")) == "play Wanderer, effect first"
    assert str(A.Accuse("spring_whisperer", 2, "winter")) == "discard Whisperer and accuse seat 2 of Winter"
    assert game.parse_action({"kind": "choose_option", "option": "left"}) is A.LEFT
    with pytest.raises(ValueError):
        game.parse_action({"kind": "choose_option", "option": "up"})


def test_R52_hand_size_two_every_turn_is_the_last():
    # R52, R20, R21: with 2 cards each plays once; Early effects are dead and Final effects live
    st = new(3, hand_size=2, first_player=0)
    for s in range(3):
        st.apply(s, st.default_action(s))
    assert [len(h) for h in st.hands] == [1, 1, 1]
    seat = st.active
    card = st.hands[seat][0]
    events = st.apply(seat, A.PLAY[card][0])
    played = [e.data for e in events if e.kind == "play"][0]
    assert played["effect"] == (not CARDS[card].early)


def _turn_order(st) -> list[int]:
    for s in range(st.n):
        st.apply(s, st.default_action(s))
    order = []
    while not st.is_over:
        if st.phase == TURN:
            order.append(st.active)
        st.apply(st.active, st.default_action(st.active))
    return order


def test_R10_catch_up_option_last_round_counter_clockwise_from_the_last_player():
    # R10: every round clockwise from the starting player as printed; the catch-up option plays the last round
    # counter-clockwise from the last player, so that the starting player takes the very last turn
    assert _turn_order(new(4, first_player=1)) == [1, 2, 3, 0] * 5
    reversed_last = _turn_order(new(4, first_player=1, last_round="counter_clockwise"))
    assert reversed_last == [1, 2, 3, 0] * 4 + [0, 3, 2, 1]
    assert _turn_order(new(3, first_player=0, hand_size=2, last_round="counter_clockwise")) == [2, 1, 0]
    st = new(4, first_player=1, last_round="counter_clockwise")
    _turn_order(st)
    assert st.is_over and not any(st.hands)  # R11: still hand_size - 1 turns each


def test_R9_catch_up_option_dominance_token_to_the_last_player():
    # R9: the starting player takes the Dominance token as printed; the catch-up option gives it to the last
    # player in turn order (on the starting player's right), who still plays last
    for first in range(4):
        st = new(4, first_player=first, dominance_to="last_player")
        for s in range(4):
            st.apply(s, st.default_action(s))
        assert st.active == st.start == first and st.dominance == (first - 1) % 4
    st = new(4, first_player=2)
    for s in range(4):
        st.apply(s, st.default_action(s))
    assert st.dominance == 2


@pytest.mark.parametrize(("option", "bad"), [("last_round", "backwards"), ("dominance_to", "nobody")])
def test_catch_up_options_refuse_unknown_values_with_a_clear_line(option, bad):
    with pytest.raises(ConfigError, match=option) as caught:
        hexbox.load("prowl", players=4, **{option: bad})
    assert "\n" not in str(caught.value)


def test_R9_the_log_says_who_holds_the_dominance_token_when_it_is_not_the_starting_player():
    from hexbox.games.prowl.words import describe

    st = new(4, first_player=1, dominance_to="last_player")
    for s in range(4):
        events = st.apply(s, st.default_action(s))
    assert describe(st, events, 1)[-1] == "Every clan card is placed. You start. Seat 0 holds the Dominance token."
