"""Setup (R1-R15, S1-S9), options and design choices D3, D4, D7, D8."""

import pytest
from growl_helpers import mine, new

import hexbox
from hexbox.games.growl.cards import (
    BITE,
    CARDS,
    CURSES_IDS,
    FINAL,
    GOLD,
    HAND,
    INDEX,
    NIGHT,
    SPELLS,
    main_cards,
)


def all_cards(state):
    """Every card of the game: hands, deck, face-up and discarded."""
    out = [c for h in state.hands for c in range(HAND) for _ in range(h[c])]
    return out + state.deck + [c for f in state.front for c in f] + state.discards + state.revealed_night


@pytest.mark.parametrize("players", [3, 11])
def test_R1_four_to_ten_players(players):
    # R1: four to ten players
    with pytest.raises(hexbox.ConfigError):
        hexbox.load("growl", players=players)


@pytest.mark.parametrize("players,zeroes", [(4, 1), (5, 1), (6, 2), (7, 2), (8, 2), (9, 3), (10, 3)])
def test_R1_R7_two_teams_and_wolf_zeroes_by_player_count(players, zeroes):
    # R1, R7: two teams and wolf zeroes by player count
    for seed in range(5):
        s = new(players, seed)
        # R7: a Wolf Zero is dealt the starter Bite, keeps it, and is a werewolf
        assert sum(s.zero) == zeroes
        assert all(s.wolf[p] for p in range(players) if s.zero[p])
        assert all(s.hands[p][BITE] >= 1 for p in range(players) if s.zero[p])
        assert all(s.hands[p][GOLD] >= 1 or s.hands[p][BITE] >= 1 for p in range(players))


def test_D3_ten_players_with_four_wolf_zeroes():
    # D3: ten players with four wolf zeroes
    s = new(10, starter_bites_10p=4)
    assert sum(s.zero) == 4
    assert sum(new(10).zero) == 3


@pytest.mark.parametrize("players,main", [(4, 42), (5, 42), (6, 50), (8, 50), (9, 58), (10, 58)])
def test_R6_copies_by_player_count(players, main):
    # R6: copies by player count
    s = new(players)
    cards = [c for c in all_cards(s) if c < HAND]
    assert len(cards) == main == len(main_cards(players))
    # R6: the 6+ and 9+ Bites and Wounds
    bites = {4: 12, 5: 12, 6: 16, 8: 16, 9: 20, 10: 20}[players]
    assert cards.count(BITE) == bites


def test_R3_R39_R8_curses_and_spells_are_separate_options():
    # R3, R39, R8: curses and spells are separate options
    base, cur, spl, both = (new(6, 1, **o) for o in ({}, {"curses": True}, {"spells": True},
                                                       {"curses": True, "spells": True, "spells_count": 5}))
    assert len(all_cards(cur)) - len(all_cards(base)) == 14  # R39: all 14 Curses cards
    assert sum(1 for c in all_cards(spl) if c in SPELLS) == 4
    assert sum(1 for c in all_cards(both) if c in SPELLS) == 5
    assert not any(c in CURSES_IDS for c in all_cards(spl))
    # R8: Curses cards are shuffled in before the 3-card deal, so they show up in starting hands
    assert any(any(h[c] for c in CURSES_IDS for h in new(6, seed, curses=True).hands) for seed in range(5))


def test_R4_expansions_allowed_at_four_players():
    # R4: expansions allowed at four players
    s = new(4, curses=True, spells=True)
    assert s.game.curses and s.game.spells and s.actors


def test_R5_R13_two_night_cards_and_one_final_night_by_thirds():
    # R5, R13: two night cards and one final night by thirds
    for seed in range(20):
        s = new(6, seed, night_jitter=0)
        nights = [i for i, c in enumerate(reversed(s.deck)) if c in NIGHT]
        finals = [i for i, c in enumerate(reversed(s.deck)) if c in FINAL]
        # R5: two Night cards and one Final Night card, all different, the Final Night last
        assert len(nights) == 2 and len(finals) == 1 and finals[0] == len(s.deck) - 1
        d = len(s.deck) - 3
        s1, s2 = d // 3 + (d % 3 >= 1), d // 3 + (d % 3 == 2)
        # R13 with no jitter: pile 1, Night A, pile 2, Night B, pile 3, Final Night
        assert nights == [s1, s1 + s2 + 1]


def test_R13_D7_jitter_moves_the_cuts_a_little():
    # R13, D7: jitter moves the cuts a little
    seen = set()
    for seed in range(40):
        s = new(6, seed, night_jitter=2)
        d = len(s.deck) - 3
        s1 = d // 3 + (d % 3 >= 1)
        first = next(i for i, c in enumerate(reversed(s.deck)) if c in NIGHT)
        assert abs(first - s1) <= 2
        seen.add(first - s1)
    assert len(seen) > 1


def test_R9_starting_hands_have_four_cards():
    # R9: starting hands have four cards
    for players in (4, 7, 10):
        s = new(players)
        assert [sum(h) for h in s.hands] == [4] * players


def test_R10_D4_no_starting_hand_with_three_net_wounds():
    # R10, D4: no starting hand with three net wounds
    for seed in range(60):
        s = new(6, seed, curses=True)
        assert all(s.net_wounds(p) < 3 for p in range(6))


def test_R11_a_human_dealt_three_net_bites_turns():
    # R11: a human dealt three net bites turns
    turned = 0
    for seed in range(300):
        s = new(5, seed)
        for p in range(5):
            if not s.zero[p]:
                assert s.wolf[p] == (s.net_bites(p) >= 3)
                turned += s.wolf[p]
    assert turned > 0


def test_R12_spells_go_into_the_deck_never_into_starting_hands():
    # R12: spells go into the deck never into starting hands
    s = new(6, 3, spells=True, spells_count=3)
    assert sum(1 for c in s.deck if c in SPELLS) == 3
    assert all(sum(h) == 4 for h in s.hands)


def test_R14_the_sniff_at_eight_players():
    # R14: the sniff at eight players
    for seed in range(5):
        s = new(8, seed)
        wolves = [p for p in range(8) if s.wolf[p]]
        for p in wolves:
            assert mine(s, p)["sniffed"] == wolves
        assert all(mine(s, p)["sniffed"] == [] for p in range(8) if not s.wolf[p])
    s = new(7)
    assert all(mine(s, p)["sniffed"] == [] for p in range(7))


def test_R15_D8_start_player_option_and_random_start():
    # R15, D8: start player option and random start
    assert new(6, start_seat=3).active == 3
    starts = {hexbox.load("growl", players=6).new_state(seed).start_pos for seed in range(30)}
    assert len(starts) > 2
    with pytest.raises(hexbox.ConfigError):
        hexbox.load("growl", players=6, start_seat=6)


def test_options_are_checked():
    for bad in ({"spells_count": 6}, {"holy_water": 0}, {"cant_pass": "maybe"}, {"nope": 1}, {"curses": 1}):
        with pytest.raises(hexbox.ConfigError):
            hexbox.load("growl", players=6, **bad)


def test_card_data_matches_the_rules():
    assert [c.id for c in CARDS[:HAND]] == ["gold", "cursed_gold", "charm", "cursed_charm", "salve", "super_salve",
                                          "holy_water", "hex", "infection", "wound", "bite"]
    assert CARDS[INDEX["cursed_gold"]].icons == {"gold": 2, "wound": 1}
    assert CARDS[INDEX["silver_bullet"]].icons == {"wound": 1, "wolf_wound": 1}
    assert len(NIGHT) == len(FINAL) == 8 and len(SPELLS) == 12


def test_setup_is_deterministic():
    a, b = new(7, 42, curses=True, spells=True), new(7, 42, curses=True, spells=True)
    assert a.hands == b.hands and a.deck == b.deck and a.wolf == b.wolf
