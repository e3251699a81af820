"""Turns and accusations (R11-R21), rulings X1-X5, design choices D2, D3, D4, D9, D10 and window W2."""

import pytest
from werebeasts_helpers import accuse, goal_id, hold, my_goals, new, pass_all, public, seat_goals, unused_goal, views

import hexbox
from hexbox.games.werebeasts import actions as A
from hexbox.games.werebeasts.cards import CARDS, GOAL_INDEX
from hexbox.games.werebeasts.state import BIDDING, SPOILS, TURN


@pytest.fixture
def five():
    """5 players, seat 0 is the Active Player. Seat s owns slots s-1 and s; positions 5 and 6 are the box."""
    state = new(players=5, dealer=4)
    assert state.active == 0
    for s in range(5):
        hold(state, s, [], 8)
    hold(state, 2, ["kitten_1"])
    return state


def legal_accusations(state, seat):
    return {(a.target, a.goal) for a in state.legal_actions(seat) if a.kind == "accuse"}


def test_R11_turns_go_to_the_left_skipping_eliminated_players(five):
    order = []
    five.out[3] = True
    for _ in range(6):
        order.append(five.active)
        five.apply(five.active, A.SELL)
        pass_all(five)
    # R11: clockwise (seat + 1), and seat 3 is skipped
    assert order == [0, 1, 2, 4, 0, 1]


def test_R12_D2_a_turn_offers_accusations_and_a_compulsory_sale(five):
    kinds = {a.kind for a in five.legal_actions(0)}
    # R12, D2: accuse (optional) or sell; there is no way to end the turn without selling
    assert kinds == {"accuse", "sell"}
    assert five.legal_actions(0)[-1] is A.SELL
    five.apply(0, A.SELL)
    # R12: accusing comes before selling, not during the sale
    assert five.phase == BIDDING
    with pytest.raises(hexbox.IllegalAction):
        five.apply(0, accuse(2, goal_id(five, 2)))


def test_R13_R14_D3_who_may_be_named_of_what(five):
    own = set(five.goals_of(0))
    expected = {(t, CARDS.goals[g].id)
                for t in (1, 2, 3, 4) for g in five.in_play if g not in own}
    # R13, R14, D3: every other player, every goal type in play except the accuser's two
    assert legal_accusations(five, 0) == expected
    assert len(expected) == 4 * 5


def test_R13_only_the_active_player_accuses(five):
    for seat in (1, 2, 3, 4):
        assert five.legal_actions(seat) == []
        with pytest.raises(hexbox.IllegalAction):
            five.apply(seat, accuse(0, goal_id(five, 5)))  # R13: not their turn
    with pytest.raises(hexbox.IllegalAction):
        five.apply(0, accuse(0, goal_id(five, 5)))  # R13: another player
    with pytest.raises(hexbox.IllegalAction):
        five.apply(0, accuse(7, goal_id(five, 5)))  # R13: a seat at the table


def test_D3_only_goal_types_in_play_may_be_named(five):
    absent = next(g.id for g in CARDS.goals if g.index not in five.in_play)
    assert (2, absent) not in legal_accusations(five, 0)
    with pytest.raises(hexbox.IllegalAction, match="not a goal in play"):
        five.apply(0, accuse(2, absent))


def test_R14_X2_you_may_never_name_either_of_your_own_goals(five):
    right, left = goal_id(five, 4), goal_id(five, 0)  # seat 0's goals, shared with seats 4 and 1
    for target in (1, 2, 3, 4):
        for g in (right, left):
            # X2: not even against the neighbour who shares it, nor the other goal against anyone
            assert (target, g) not in legal_accusations(five, 0)
            with pytest.raises(hexbox.IllegalAction, match="own goal"):
                five.apply(0, accuse(target, g))


def test_R15_R16_correct_accusation_reveals_eliminates_and_the_accuser_chooses(five):
    named = goal_id(five, 2)  # seat 2's left slot, shared with seat 3
    events = five.apply(0, accuse(2, named))
    # R15: the goal is revealed in its place and the accused is eliminated
    assert five.out[2] and five.face_up[2] and sum(five.face_up) == 1
    seen = public(five)
    assert seen["goal_positions"][2]["goal"] == named
    assert [p["goal"] for i, p in enumerate(seen["goal_positions"]) if i != 2] == [None] * 6
    assert seen["players_info"][2]["eliminated"]
    assert seen["accusations"] == [{"accuser": 0, "target": 2, "goal": named, "correct": True}]
    assert [e.kind for e in events] == ["accused", "goal_revealed", "eliminated"] and all(e.public for e in events)
    # R16: the accuser chooses a pile
    assert five.phase == SPOILS and five.actors == (0,)
    assert five.legal_actions(0) == [A.TAKE_CARDS, A.TAKE_CANS]
    cards2 = list(five.cards[2])
    five.apply(0, A.TAKE_CARDS)
    assert five.cards[0] == cards2 and five.cards[2] == []
    assert five.cans[2] == 8 and five.cans[0] == 8  # R16: the cans stay in front of the eliminated player


def test_R16_taking_the_cans_leaves_the_cards(five):
    five.apply(0, accuse(2, goal_id(five, 1)))  # seat 2's right slot, shared with seat 1
    cards2 = list(five.cards[2])
    five.apply(0, A.TAKE_CANS)
    assert five.cans[0] == 16 and five.cans[2] == 0
    assert five.cards[2] == cards2 and five.cards[0] == []  # R16: out of play, in front of seat 2
    # R16: that pile is out of play: seat 2 cannot bid with it
    five.apply(0, A.SELL)
    assert 2 not in five.actors and public(five)["players_info"][2]["cards"] == ["kitten_1"]


def test_R17_X4_several_correct_accusations_in_one_turn(five):
    five.apply(0, accuse(2, goal_id(five, 2)))
    five.apply(0, A.TAKE_CARDS)
    # R17: the same Active Player goes on: accuse again or sell
    assert five.phase == TURN and five.active == 0
    assert {a.kind for a in five.legal_actions(0)} == {"accuse", "sell"}
    five.apply(0, accuse(3, goal_id(five, 3)))  # X4: a second correct accusation, with its own spoils
    assert five.phase == SPOILS and five.actors == (0,)
    five.apply(0, A.TAKE_CANS)
    assert five.out == [False, False, True, True, False] and five.cans[0] == 16
    assert five.phase == TURN and five.active == 0 and not five.is_over  # three players left


def test_R18_R19_wrong_accusation_eliminates_the_accuser_and_the_accused_chooses(five):
    wrong = goal_id(five, 5)  # in the box
    cards0 = list(five.cards[0])
    five.apply(0, accuse(2, wrong))
    # R18: denied, no goal card revealed, the accuser is out, and everyone knows the denial
    assert five.out == [True, False, False, False, False]
    assert not any(five.face_up)
    for obs in views(five):
        assert obs["public"]["denials"] == [[2, wrong]]
        assert obs["public"]["accusations"] == [{"accuser": 0, "target": 2, "goal": wrong, "correct": False}]
    # R19: the accused chooses
    assert five.phase == SPOILS and five.actors == (2,)
    with pytest.raises(hexbox.IllegalAction):
        five.apply(0, A.TAKE_CANS)
    five.apply(2, A.TAKE_CANS)
    assert five.cans[2] == 16 and five.cans[0] == 0 and five.cards[0] == cards0


def test_R18_every_denial_is_kept_not_only_the_last(five):
    first = goal_id(five, 5)  # in the box: wrong against anyone
    five.apply(0, accuse(2, first))
    five.apply(2, A.TAKE_CANS)
    assert five.active == 1
    second = unused_goal(five, 3, 1)
    five.apply(1, accuse(3, second))
    assert five.denials == ((2, GOAL_INDEX[first]), (3, GOAL_INDEX[second]))
    assert all(obs["public"]["denials"] == [[2, first], [3, second]] for obs in views(five))


def test_R20_X5_after_a_wrong_accusation_the_turn_passes_left_of_the_accuser(five):
    five.apply(0, accuse(3, unused_goal(five, 3, 0)))
    five.apply(3, A.TAKE_CARDS)
    # X5: left of the eliminated accuser (seat 1), not left of the accused (seat 4)
    assert five.phase == TURN and five.active == 1 and five.actors == (1,)


def test_R20_the_next_non_eliminated_player_to_the_left(five):
    five.out[1] = True  # seat 1 was eliminated earlier
    five.apply(0, accuse(3, unused_goal(five, 3, 0)))
    five.apply(3, A.TAKE_CARDS)
    assert five.active == 2  # R20, R11: seat 1 is skipped


def test_R21_D9_eliminated_players(five):
    goals_before = list(five.goal_at)
    neighbours = five.goals_of(1), five.goals_of(3)
    five.apply(0, accuse(2, goal_id(five, 2)))
    five.apply(0, A.TAKE_CANS)
    # R21, D9: goal cards never move; each surviving neighbour keeps the goal it shared with seat 2
    assert five.goal_at == goals_before
    assert (five.goals_of(1), five.goals_of(3)) == neighbours
    assert [g["position"] for g in my_goals(five, 1)] == [0, 1]
    assert my_goals(five, 1)[1]["shared_with"] == 2
    # R21: cannot be accused
    assert all(t != 2 for t, _ in legal_accusations(five, 0))
    with pytest.raises(hexbox.IllegalAction, match="cannot be accused"):
        five.apply(0, accuse(2, goal_id(five, 1)))
    # R21: cannot bid, even with cards in front of them
    assert five.cards[2]
    five.apply(0, A.SELL)
    assert five.actors == (1, 3, 4)
    with pytest.raises(hexbox.IllegalAction):
        five.apply(2, A.OFFER_CANS[0])
    pass_all(five)
    # R21: takes no more turns (seat 1 sells, then seat 3)
    assert five.active == 1
    five.apply(1, A.SELL)
    pass_all(five)
    assert five.active == 3
    # R21, R38: scores nothing
    assert five.points(2) == 0


def test_X3_a_face_up_goal_can_never_be_named(five):
    shared = goal_id(five, 2)  # between seats 2 and 3
    five.apply(0, accuse(2, shared))
    five.apply(0, A.TAKE_CARDS)
    # X3: not even against seat 3, who is now publicly known to have it
    assert (3, shared) not in legal_accusations(five, 0)
    with pytest.raises(hexbox.IllegalAction, match="face up"):
        five.apply(0, accuse(3, shared))
    five.apply(0, A.SELL)
    pass_all(five)
    assert five.active == 1 and all(g != shared for _, g in legal_accusations(five, 1))


def test_D3_naming_a_type_already_denied_stays_legal(five):
    wrong = unused_goal(five, 2, 0, 1)
    five.apply(0, accuse(2, wrong))
    five.apply(2, A.TAKE_CARDS)
    assert five.active == 1
    assert (2, wrong) in legal_accusations(five, 1)


def test_D4_W2_the_spoils_choice_is_compulsory_and_both_piles_are_always_offered(five):
    hold(five, 2, [], 0)  # seat 2 has nothing at all
    five.apply(0, accuse(2, goal_id(five, 2)))
    assert five.legal_actions(0) == [A.TAKE_CARDS, A.TAKE_CANS]  # W2: even if a pile is empty
    for bad in (A.SELL, accuse(3, goal_id(five, 3)), A.PASS):
        with pytest.raises(hexbox.IllegalAction):
            five.apply(0, bad)  # D4: nothing else until a pile is taken
    five.apply(0, A.TAKE_CARDS)
    assert five.phase == TURN


def test_W2_default_takes_the_cards_if_there_are_any(five):
    five.apply(0, accuse(2, goal_id(five, 2)))
    assert five.cards[2] and five.default_action(0) is A.TAKE_CARDS
    other = new(players=5, dealer=4)
    hold(other, 2, [], 8)
    other.apply(0, accuse(2, goal_id(other, 2)))
    assert other.default_action(0) is A.TAKE_CANS
    # W2 after a wrong accusation: the accused chooses, the default looks at the accuser's cards
    wrong = new(players=5, dealer=4)
    wrong.apply(0, accuse(2, unused_goal(wrong, 2, 0)))
    assert wrong.cards[0] and wrong.default_action(2) is A.TAKE_CARDS


def test_W1_default_is_to_sell(five):
    assert five.default_action(0) is A.SELL
    with pytest.raises(hexbox.IllegalAction):
        five.default_action(1)


@pytest.mark.parametrize("correct", [True, False])
def test_X1_R30_with_three_players_any_accusation_ends_the_game(correct):
    state = new(players=3, dealer=2)
    assert state.active == 0
    named = state.goals_of(1)[0] if correct else next(g for g in state.in_play if g not in
                                                        (*state.goals_of(0), *state.goals_of(1)))
    state.apply(0, accuse(1, CARDS.goals[named].id))
    assert not state.is_over  # D10: the spoils come first
    chooser = 0 if correct else 1
    state.apply(chooser, A.TAKE_CANS)
    # X1, R30: only two players are left, so the game is over before anyone sells
    assert state.is_over and state.actors == () and state.observe(None)["phase"] == "over"
    assert state.cans[chooser] == 16  # D10: the spoils count
    assert len(state.deck) == 25
    assert state.result.scores[1 if correct else 0] == 0
    assert "two players" in state.result.reason


def test_D10_spoils_are_taken_before_the_game_ends_and_count_for_scoring():
    state = new(players=3, dealer=2, need=("chow",))
    own = [CARDS.goals[g].id for g in state.goals_of(0)]
    if "chow" not in own:  # give seat 0 the Werechow goal, so that the cans taken are worth points
        seat_goals(state, 0, "chow", next(CARDS.goals[g].id for g in state.in_play if g != 11))
    hold(state, 0, [], 8)
    hold(state, 1, [], 8)
    hold(state, 2, [], 0)
    target = CARDS.goals[state.goals_of(1)[0]].id
    state.apply(0, accuse(1, target))
    state.apply(0, A.TAKE_CANS)
    assert state.is_over
    # D10: 16 cans -> 4 points from the Werechow goal
    assert state.result.scores[0] == 4 and state.result.winners == frozenset({0})
