"""Components, setup per player count, and options (R1-R10, D1)."""

from collections import Counter

import pytest
from werebeasts_helpers import my_goals, new, public

import hexbox
from hexbox.core import Rng
from hexbox.games.werebeasts.cards import BEASTS, CARD_INDEX, CARDS, GOAL_INDEX
from hexbox.games.werebeasts.state import TURN

# R3-R10, D1: N -> (beast goals in play, auction deck, dealt at start, cards sold in play, goal cards dealt)
TABLE = {
    3: (7, 28, 3, 25, 6),
    4: (9, 36, 4, 32, 8),
    5: (6, 24, 5, 19, 5),
    6: (7, 28, 6, 22, 6),
    7: (8, 32, 7, 25, 7),
    8: (9, 36, 8, 28, 8),
    9: (10, 40, 9, 31, 9),
    10: (11, 44, 10, 34, 10),
}


def test_R1_components():
    # R1: 12 goal cards (11 beasts + Werechow), 44 auction cards, 80 cans
    assert len(CARDS.goals) == 12
    assert [g.kind for g in CARDS.goals].count("beast") == 11
    assert CARDS.goals[11].id == "chow" and CARDS.goals[11].kind == "chow" and CARDS.chow == 11
    assert len(CARDS.auction) == 44
    assert CARDS.cans_total == 80 and CARDS.cans_per_player == 8


def test_R2_four_auction_cards_per_beast_three_singles_one_double():
    # R2: three singles and one double per beast, at index 4 * beast + k; none for Werechow
    for b in range(BEASTS):
        mine = [a for a in CARDS.auction if a.beast == b]
        assert [a.index for a in mine] == [4 * b, 4 * b + 1, 4 * b + 2, 4 * b + 3]
        assert [a.icons for a in mine] == [1, 1, 1, 2]
        gid = CARDS.goals[b].id
        assert [a.id for a in mine] == [f"{gid}_1", f"{gid}_2", f"{gid}_3", f"{gid}_double"]
    assert not [a for a in CARDS.auction if a.beast == CARDS.chow]
    assert CARD_INDEX["shark_double"] == 23 and CARD_INDEX["kitten_2"] == 1 and CARD_INDEX["wolf_3"] == 42
    assert [g.id for g in CARDS.goals] == ["kitten", "clown", "nana", "zombie", "bago", "shark", "blob", "ghost",
                                           "house", "nado", "wolf", "chow"]


@pytest.mark.parametrize("n", sorted(TABLE))
def test_setup_counts_per_player_count(n):
    beasts, deck, dealt, sold, goals_dealt = TABLE[n]
    for seed in (0, 1):
        state = hexbox.load("werebeasts", players=n).new_state(seed)
        # R3, R4: Werechow plus N+1 (5-10 players) or 2N+1 (3-4 players) beasts, public
        assert len(state.in_play) == beasts + 1 and state.in_play[-1] == GOAL_INDEX["chow"]
        assert beasts == (2 * n + 1 if n <= 4 else n + 1)
        assert len(set(state.in_play)) == len(state.in_play)
        assert public(state)["goals_in_play"] == [CARDS.goals[g].id for g in state.in_play]
        # R5: the deck holds the four auction cards of every beast in play, nothing else
        everything = state.deck + [c for hand in state.cards for c in hand]
        assert len(everything) == deck
        assert sorted(everything) == sorted(4 * b + k for b in state.in_play[:-1] for k in range(4))
        # R10: one card face up in front of each player; the rest is sold in play
        assert [len(h) for h in state.cards] == [1] * n and dealt == n
        assert len(state.deck) == sold
        # R6, R8: goal cards dealt to the table, and two to the box
        assert state.game.table_positions == goals_dealt
        assert state.game.positions == goals_dealt + 2
        assert sorted(state.goal_at) == sorted(state.in_play)
        # R9: eight cans each
        assert state.cans == [8] * n
        assert state.phase == TURN and not state.out.count(True)


@pytest.mark.parametrize("n", [5, 6, 10])
def test_R6_R7_one_goal_between_each_pair_of_neighbours(n):
    state = new(players=n)
    game = state.game
    assert not game.private_goals
    for s in range(n):
        # R7: seat s sees the slot on its right (s-1, shared with seat s-1) and on its left (s, shared with s+1)
        assert game.seat_positions[s] == ((s - 1) % n, s)
        assert game.position_seers[s] == tuple(sorted((s, (s + 1) % n)))
    # R6: the two left over lie in the box, seen by nobody
    assert game.position_seers[n] == () and game.position_seers[n + 1] == ()
    assert [p["kind"] for p in public(state)["goal_positions"]] == ["slot"] * n + ["box", "box"]


@pytest.mark.parametrize("n", [3, 4])
def test_R8_two_private_goals_with_three_or_four_players(n):
    state = new(players=n)
    game = state.game
    assert game.private_goals
    for s in range(n):
        # R8: two goal cards in front of each player, seen by that player only
        assert game.seat_positions[s] == (2 * s, 2 * s + 1)
        assert game.position_seers[2 * s] == (s,) and game.position_seers[2 * s + 1] == (s,)
        mine = my_goals(state, s)
        assert [g["shared_with"] for g in mine] == [None, None]
        assert [g["goal"] for g in mine] == [CARDS.goals[g].id for g in state.goals_of(s)]
    assert game.position_seers[2 * n:] == ((), ())
    assert [p["kind"] for p in public(state)["goal_positions"]] == ["private"] * 2 * n + ["box", "box"]


def test_setup_randomness_follows_the_documented_order():
    # the setup sequence (R3-R10): beasts, deck shuffle, goal shuffle, (cans), dealer, deal from the top starting
    # left of the dealer
    n, seed = 5, 42
    state = hexbox.load("werebeasts", players=n).new_state(seed)
    rng = Rng(seed)
    beasts = sorted(rng.sample(range(BEASTS), n + 1))
    deck = [4 * b + k for b in beasts for k in range(4)]
    rng.shuffle(deck)
    goals = [*beasts, CARDS.chow]
    rng.shuffle(goals)
    dealer = rng.randrange(n)
    assert state.in_play == (*beasts, CARDS.chow)
    assert state.goal_at == goals
    assert state.dealer == dealer
    # R10: the top card (end of the list) goes to the dealer's left neighbour, the dealer gets the last one dealt
    for i in range(1, n + 1):
        assert state.cards[(dealer + i) % n] == [deck[-i]]
    assert state.deck == deck[:-n]


@pytest.mark.parametrize("dealer", [0, 2, 4])
def test_R10_dealer_option_and_first_active_player(dealer):
    state = new(players=5, dealer=dealer)
    assert state.dealer == dealer
    # R10: the player on the dealer's left is the first Active Player
    assert state.active == (dealer + 1) % 5 and state.actors == ((dealer + 1) % 5,)
    assert public(state)["dealer"] == dealer


def test_R10_dealer_is_random_by_default():
    game = hexbox.load("werebeasts", players=6)
    dealers = Counter(game.new_state(seed).dealer for seed in range(60))
    assert set(dealers) == set(range(6))  # R10: chosen at random
    for seed in range(10):
        state = game.new_state(seed)
        assert state.active == (state.dealer + 1) % 6


@pytest.mark.parametrize("n", [2, 11, 0])
def test_player_count_bounds(n):
    with pytest.raises(hexbox.ConfigError, match="3 to 10"):
        hexbox.load("werebeasts", players=n)


@pytest.mark.parametrize("n, option, value", [
    (5, "dealer", 5), (3, "dealer", 3), (10, "dealer", 10), (5, "dealer", -2),
    (5, "max_bid_changes", 0), (5, "max_bid_changes", 21),
    (5, "bid_window_seconds", 0), (5, "bid_window_seconds", 121), (5, "dealer", "1"),
])
def test_option_out_of_bounds_is_a_config_error_naming_it(n, option, value):
    with pytest.raises(hexbox.ConfigError, match=f"{option}={value!r}"):
        hexbox.load("werebeasts", players=n, **{option: value})


@pytest.mark.parametrize("n, options", [
    (5, {"dealer": 4}), (10, {"dealer": 9}), (3, {"dealer": -1}), (5, {"max_bid_changes": 1}),
    (5, {"max_bid_changes": 20}), (5, {"bid_window_seconds": 1}), (5, {"bid_window_seconds": 120}),
])
def test_option_bounds_are_inclusive(n, options):
    game = hexbox.load("werebeasts", players=n, **options)
    assert all(game.options[k] == v for k, v in options.items())


def test_option_defaults():
    info = hexbox.game_info("werebeasts")
    assert {o.name: o.default for o in info.options} == {"bid_window_seconds": 10, "max_bid_changes": 6, "dealer": -1,
                                                         "clock_seconds": 45, "bank_seconds": 180}
    assert (info.min_players, info.max_players) == (3, 10)
    with pytest.raises(hexbox.ConfigError, match="no_such"):
        hexbox.load("werebeasts", players=5, no_such=1)
