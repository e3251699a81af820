"""Invariants along random games of every option set: cards are conserved, the checks of R38 always hold."""

import random
from collections import Counter

import pytest

import hexbox
from hexbox.games.growl import actions as A
from hexbox.games.growl.cards import HAND, curses_cards, main_cards

SETS = [{}, {"curses": True}, {"spells": True, "spells_count": 5},
        {"curses": True, "spells": True, "cant_pass": "die", "night_jitter": 0}]
SET_IDS = ["base", "curses", "spells", "both-die"]


def census(s):
    """Every card where it lies now: hands, deck, face up in front of positions, the discards, The Gift's cards on
    their way, and the Night card being resolved (revealed, neither face up in front of a player nor discarded)."""
    cards = Counter()
    for h in s.hands:
        for c in range(HAND):
            cards[c] += h[c]
    cards.update(s.deck)
    cards.update(c for f in s.front for c in f)
    cards.update(s.discards)
    cards.update(c for _, _, c in s.gift)
    card = s.night_card
    if card >= 0 and card not in s.discards and all(card not in f for f in s.front):
        cards[card] += 1
    return cards


def game_cards(s):
    """The cards this game uses: the main cards and Curses (R6, R8), the Spells shuffled in (R12) and the three
    Night cards (R5); the other 13 Night cards stay in the box."""
    cards = Counter(main_cards(s.n) + (curses_cards() if s.game.curses else []))
    cards.update(s.spells_in)
    cards.update(s.night_cards)
    return cards


@pytest.mark.parametrize("players", [4, 7, 10])
@pytest.mark.parametrize("options", SETS, ids=SET_IDS)
def test_R38_R30_R31_invariants_hold_after_every_action(players, options):
    # R38, R30, R31: invariants hold after every action
    game = hexbox.load("growl", players=players, **options)
    for seed in range(6):
        s = game.new_state(seed)
        rng = random.Random(seed)
        total = census(s)
        assert total == game_cards(s)
        while not s.is_over:
            seat = rng.choice(s.actors)
            s.apply(seat, rng.choice(s.legal_actions(seat)))
            assert census(s) == total
            if s.phase_name != "death_rattle":  # R44: a trigger pauses the checks' aftermath, not the checks
                for p in range(players):
                    if not s.dead[p]:
                        assert s.net_wounds(p) < 3  # R31
                        assert s.wolf[p] or s.net_bites(p) < 3  # R30
            assert all(s.wolf[p] for p in range(players) if s.zero[p])  # R7
        alive = [p for p in range(players) if not s.dead[p]]
        assert len(alive) <= 2 or not s.deck or s.result.reason.startswith("final_night")  # R69, R70


@pytest.mark.parametrize("options", SETS, ids=SET_IDS)
def test_R26_passing_options_worked_out_at_nightfall_stay_true_in_the_game_and_its_worlds(options):
    # R26, D11: the options stored when Night falls equal a fresh computation, in the game and in every
    # resampled world (whose hands and teams differ), and apply accepts exactly them
    game = hexbox.load("growl", players=6, **options)
    nights = 0
    for seed in range(8):
        s = game.new_state(seed)
        rng = random.Random(seed)
        while not s.is_over:
            seat = rng.choice(s.actors)
            if s.phase_name == "passing":
                nights += 1
                assert s.pass_opts == s.pass_table(s.window)
                world = s.resample(seat, rng)
                assert world.pass_opts == world.pass_table(world.window)
                for o in world.actors:
                    assert world.legal_actions(o) == (list(world.pass_table((o,))[o]) or [A.PASS_NONE])
            s.apply(seat, rng.choice(s.legal_actions(seat)))
    assert nights > 0


@pytest.mark.parametrize("options", SETS, ids=SET_IDS)
def test_R47_R59_no_card_ever_leaves_the_game(options):
    # R47, R59: at the end of every game each card of the game is in a hand, in the deck, face up in front of a
    # position or on the discards: none is lost (The Gift's cards included), none is made, none is in play
    ends = Counter()
    for players in range(4, 11):
        game = hexbox.load("growl", players=players, **options)
        for seed in range(25):
            s = game.new_state(seed)
            rng = random.Random(seed * 31 + players)
            while not s.is_over:
                seat = rng.choice(s.actors)
                s.apply(seat, rng.choice(s.legal_actions(seat)))
            assert s.gift == () and census(s) == game_cards(s)
            # R47: the revealed Night cards are face up on the discards, or lie in front of a player
            for c in s.revealed_night:
                assert (c in s.discards) != any(c in f for f in s.front)
            ends[s.result.kind] += 1
    assert set(ends) == {"final_night", "two_or_fewer_alive"}



def test_shared_events_hold_only_plain_values():
    """GROWL makes its recurring events once and shares them between states (state.py, night.py). The kit checks
    that no event is changed once returned (check_events_unchanged); the copy ``to_json`` gives a caller is a whole
    copy only while their values are plain."""
    from hexbox.games.growl import night, state

    shared = [*state._TURN, *state._TEAM.values(), *night._READY_TO_PASS, state._gave(0, 0, 1), state._gave(2, 3, 4)]
    assert all(type(v) in (int, bool, str) for e in shared for v in e.data.values())
