"""End of the game, scoring and every tie-break step (R30-R38; X8-X10; D11, D12), and Result.kind."""

import pytest
from werebeasts_helpers import arrange, goal_id, hold, last_sale, new, open_sale, pass_all, public, random_playout

import hexbox
from hexbox.games.werebeasts import actions as A
from hexbox.games.werebeasts.rules import ENDINGS, TURN


@pytest.fixture
def four():
    """4 players with private goals: seat 0 Weresharks + Werechow, seat 1 kittens + clowns, seat 2 nanas +
    zombies, seat 3 wolves + one more; positions 8 and 9 are the box. Nobody holds anything yet."""
    state = new(players=4, dealer=0, need=("shark", "kitten", "clown", "nana", "zombie", "wolf"))
    arrange(state, {0: "shark", 1: "chow", 2: "kitten", 3: "clown", 4: "nana", 5: "zombie", 6: "wolf"})
    for s in range(4):
        hold(state, s, [], 0)
    return state


def box(state):
    """The beast of a box goal: its cards score for nobody."""
    return goal_id(state, 8)


def test_R32_R33_example_sharks_and_chow_score_five(four):
    # R32, R33: goals Weresharks + Werechow; shark_1, shark_double, kitten_2 and 11 cans -> 1 + 2 + floor(11/4) = 5
    hold(four, 0, ["shark_1", "shark_double", "kitten_2"], 11)
    assert four.points(0) == 5
    result = last_sale(four, 3, f"{box(four)}_1")
    assert result.scores[0] == 5 and result.winners == frozenset({0})


def test_R32_X9_matching_cards_score_and_a_double_scores_two(four):
    hold(four, 1, ["kitten_1"])
    assert four.points(1) == 1  # R32
    hold(four, 1, ["kitten_1", "clown_double"])
    assert four.points(1) == 3  # R32: a matching double scores 1 more
    hold(four, 1, ["kitten_1", "clown_double", "shark_double", "nana_1", f"{box(four)}_2"], 40)
    assert four.points(1) == 3  # X9: other beasts score nothing; R33: no Werechow goal, cans score nothing


@pytest.mark.parametrize("cans, points", [(0, 0), (3, 0), (4, 1), (7, 1), (8, 2), (31, 7), (32, 8)])
def test_R33_werechow_scores_each_complete_set_of_four_cans(four, cans, points):
    hold(four, 0, [], cans)
    assert four.points(0) == points


def test_R33_shared_werechow_goal_scores_for_both_neighbours():
    state = new(players=5, dealer=0, need=("chow",))
    arrange(state, {2: "chow"})  # slot 2 lies between seats 2 and 3
    for s in range(5):
        hold(state, s, [], 9)
    assert [state.points(s) for s in range(5)] == [0, 0, 2, 2, 0]


def test_R30_the_game_ends_when_the_last_card_is_sold(four):
    four.deck = four.deck[-2:]
    open_sale(four, 1)
    pass_all(four)
    assert not four.is_over and four.phase == TURN and len(four.deck) == 1
    hold(four, 0, [], 5)
    four.apply(four.active, A.SELL)
    four.apply(0, A.OFFER_CANS[1])
    pass_all(four)
    assert not four.is_over  # the card is not sold before the seller accepts
    four.apply(four.active, A.ACCEPT[0])
    # R30: sold (accepted) -> the end, with no further turn
    assert four.is_over and four.actors == () and "last auction card" in four.result.reason
    assert all(four.legal_actions(s) == [] for s in range(4))


def test_X8_the_deck_is_never_empty_at_the_start_of_a_turn():
    def check(state):
        if state.phase == TURN:
            assert state.deck  # X8
    ends = set()
    for n, seed in ((3, 4), (4, 5), (5, 6), (8, 7)):
        for accusations in (True, False):
            end = random_playout(new(players=n, max_bid_changes=3), seed, check, accusations)
            assert end.is_over and (not end.deck or len(end.alive()) == 2)  # R30: one or the other
            ends.add("deck" if not end.deck else "two left")
    assert ends == {"deck", "two left"}


def test_R31_D12_every_goal_is_revealed_at_the_end_box_included(four):
    result = last_sale(four, 3, f"{box(four)}_1")
    expected = [goal_id(four, p) for p in range(10)]
    for seat in (None, 0, 1, 2, 3):
        obs = four.observe(seat)
        # R31, D12: all goal cards, including the two in the box
        assert [p["goal"] for p in obs["public"]["goal_positions"]] == expected
        assert obs["result"] == result.to_json() and obs["phase"] == "over"


def test_R34_the_most_points_wins(four):
    hold(four, 0, ["shark_1", "shark_double", "kitten_2"], 11)  # 5
    hold(four, 1, ["kitten_1", "clown_double"], 20)  # 3, with more cans
    hold(four, 2, ["nana_1"], 0)  # 1
    result = last_sale(four, 3, f"{box(four)}_1")
    assert result.winners == frozenset({0})  # R34
    assert result.scores == {0: 5, 1: 3, 2: 1, 3: 0}
    assert "most points (5)" in result.reason and result.kind == "most_points"


def test_R35_X10_a_tie_on_points_goes_to_the_most_cans(four):
    hold(four, 0, ["shark_1"], 3)  # 1 point (3 cans make no set)
    hold(four, 1, ["kitten_1", "kitten_2"], 8)  # 2 points
    hold(four, 2, ["nana_1", "nana_2"], 9)  # 2 points, one more can
    hold(four, 3, [], 30)  # X10: the most cans, but not tied on points
    result = last_sale(four, 3, f"{box(four)}_1")
    assert result.winners == frozenset({2})  # R35
    assert "most cans (9)" in result.reason and result.kind == "tie_most_cans"


def test_R36_a_tie_on_points_and_cans_goes_to_the_most_auction_cards_double_counting_two(four):
    b = box(four)
    hold(four, 1, ["clown_double", f"{b}_double"], 8)  # 2 points; 2 cards that count as 4
    hold(four, 2, ["nana_1", "zombie_1", f"{b}_1"], 8)  # 2 points; 3 cards
    hold(four, 0, ["shark_1"], 0)  # 1 point
    hold(four, 3, [], 8)
    result = last_sale(four, 3, f"{b}_2")
    # R36: 4 against 3 — counting each double as one card would give it to seat 2; X9: box cards count here
    assert result.winners == frozenset({1})
    assert "most auction cards (4)" in result.reason and result.kind == "tie_most_cards"


def test_R37_R38_D11_the_tied_players_lose_and_all_others_win(four):
    hold(four, 0, ["shark_1", "shark_2", "shark_double"], 40)  # would score 14, but is eliminated
    four.out[0] = True
    hold(four, 1, ["kitten_1", "clown_1"], 8)
    hold(four, 2, ["nana_1", "zombie_1"], 8)
    hold(four, 3, ["wolf_1", "wolf_2"], 5)  # tied on points, beaten on cans (the kept card does not help)
    result = last_sale(four, 3, f"{box(four)}_1")
    # R37, D11: seats 1 and 2 lose; the eliminated seat 0 and seat 3 (beaten at R35) win
    assert result.winners == frozenset({0, 3})
    assert result.scores == {0: 0, 1: 2, 2: 2, 3: 2}  # R38: the eliminated score nothing
    assert "seats 1 and 2 lose" in result.reason and result.kind == "unbroken_tie"


def test_R38_an_eliminated_player_cannot_win_on_points(four):
    hold(four, 0, ["shark_1", "shark_2", "shark_double"], 40)
    four.out[0] = True
    hold(four, 1, ["kitten_1"], 0)
    result = last_sale(four, 3, f"{box(four)}_1")
    assert four.points(0) == 0 and result.scores[0] == 0
    assert result.winners == frozenset({1})  # R38: seat 0 held more, but is out
    assert public(four)["players_info"][0]["eliminated"]  # the final observation marks them


def test_R34_to_R37_X10_D11_every_tie_break_step_with_six_players():
    state = new(players=6, dealer=0, need=("chow",))
    arrange(state, {6: "chow"})  # Werechow in the box: cans only break ties
    beast = [goal_id(state, p) for p in range(8)]  # seat s owns slots s-1 and s
    b = beast[7]
    hold(state, 0, [f"{beast[0]}_1", f"{beast[0]}_2", f"{beast[0]}_3"], 20)  # eliminated (3 points otherwise)
    state.out[0] = True
    hold(state, 1, [f"{beast[1]}_1"], 30)  # 1 point, the most cans, sells last
    hold(state, 2, [f"{beast[2]}_1", f"{beast[2]}_2", f"{beast[5]}_1", f"{beast[5]}_2", f"{beast[5]}_3"], 5)
    hold(state, 3, [f"{beast[3]}_1", f"{beast[3]}_2"], 9)
    hold(state, 4, [f"{beast[4]}_1", f"{beast[4]}_2", f"{b}_1"], 9)
    hold(state, 5, [f"{beast[5]}_double", f"{b}_2"], 9)
    assert [state.points(s) for s in range(6)] == [0, 1, 2, 2, 2, 2]
    result = last_sale(state, 1, f"{b}_3")
    # R34: seats 2-5 on 2 points; R35: 3, 4, 5 on 9 cans (X10: seat 1's 30 cans do not count);
    # R36: 4 and 5 on 3 cards (X10: seat 2's 5 cards do not count); R37: seats 4 and 5 lose, all others win
    assert result.winners == frozenset({0, 1, 2, 3})
    assert result.scores == {0: 0, 1: 1, 2: 2, 3: 2, 4: 2, 5: 2}
    assert "seats 4 and 5 lose" in result.reason and result.kind == "unbroken_tie"


@pytest.mark.parametrize("n", [3, 5, 9])
def test_R9_R16_R19_R28_cans_and_cards_only_change_hands(n):
    # R9: cans move between players (bids, spoils) or stay in a leftover pile; none appear or vanish
    start = new(players=n, max_bid_changes=3)
    cards = sorted(start.deck + [c for hand in start.cards for c in hand])

    def check(state):
        assert sum(state.cans) == 8 * n
        held = state.deck + [c for hand in state.cards for c in hand] + ([state.sale] if state.sale >= 0 else [])
        assert sorted(held) == cards

    for accusations in (True, False):
        end = random_playout(start.clone(), n, check, accusations)
        check(end)


def test_R38_with_nobody_scoring_the_eliminated_do_not_join_the_tie_at_zero(four):
    hold(four, 0, [], 40)  # eliminated, with the most cans
    four.out[0] = True
    hold(four, 1, [], 7)
    hold(four, 2, [], 6)
    result = last_sale(four, 3, f"{box(four)}_1")
    # R38: seat 0's 0 points do not tie with the survivors' 0 points; R35: seat 1 has the most cans
    assert result.scores == {0: 0, 1: 0, 2: 0, 3: 0}
    assert result.winners == frozenset({1}) and result.kind == "tie_most_cans"


def test_result_kinds_are_the_registered_codes_and_the_ending_opens_the_reason():
    # R30: how the game ended opens the reason; the kind is the step of R34-R37 that decided the winner
    info = hexbox.game_info("werebeasts")
    assert set(info.result_kinds) == {"most_points", "tie_most_cans", "tie_most_cards", "unbroken_tie"}
    endings = set()
    for n, seed in ((3, 1), (5, 2), (8, 3)):
        for accusations in (True, False):
            end = random_playout(new(players=n, max_bid_changes=2), seed, accusations=accusations)
            assert end.result.kind in info.result_kinds
            ending = "deck" if not end.deck else "two_left"
            assert end.result.reason.startswith(ENDINGS[ending] + "; ")
            endings.add(ending)
    assert endings == {"deck", "two_left"}


def test_R31_the_table_at_the_end_counts_one_can_and_one_card_in_the_singular(four):
    # what the end shows each seat (the ``reveal`` hook the browser's and the terminal's final table read)
    from hexbox.games.werebeasts.ending import reveal

    hold(four, 0, ["shark_1", "shark_double", "kitten_2"], 11)
    hold(four, 1, ["kitten_1"], 1)
    hold(four, 2, [], 0)
    last_sale(four, 3, f"{box(four)}_1")
    hidden = [r["hidden"] for r in reveal(four)]
    assert hidden[0] == "11 cans, 3 cards"
    assert hidden[1] == "1 can, 1 card"
    assert hidden[2].startswith("0 cans, ")
