"""The observation vector (encoder.py): the kit's check, and what some fields mean, read back by name."""

import pytest
from growl_helpers import hold, lay, set_deck, start, table

from hexbox.core import conformance as kit
from hexbox.games.growl import actions as A
from hexbox.games.growl.encoder import encoder


@pytest.mark.parametrize("players, options", [
    (4, {}), (10, {}), (4, {"curses": True, "spells": True}), (6, {"curses": True}), (8, {"spells": True}),
    (10, {"curses": True, "spells": True}),
], ids=lambda x: str(x))
def test_the_vector_is_read_from_the_observation_alone(players, options):
    kit.check_vector("growl", players, options, seed=7)


def at(enc, name: str, block: int = 0) -> slice:
    """The places of a field ("clock") or of a part of a per-seat field in one chair's block ("seats.known")."""
    return enc.where(name, block)


def read(state, viewer, name, block=0):
    enc = encoder(state.game)
    return enc.encode(state.observe(viewer))[at(enc, name, block)]


KINDS = ("gold", "charm", "salve", "wound", "bite")  # the base game's hand cards, in the vector's order


def test_the_viewer_sees_its_own_hand_in_block_0_and_not_the_others_hidden_cards():
    s = table(4)
    hold(s, 0, bite=2, gold=1)
    hold(s, 1, wound=1)
    assert read(s, 0, "seats.known", 0) == [0.2, 0, 0, 0, 0.4]  # 1 gold, 2 bites, of 5
    assert read(s, 0, "seats.known", 1) == [0] * 5  # seat 1's wound is hidden from seat 0 ...
    assert read(s, 0, "seats.hand_size", 1) == [1 / 20]  # ... but not how many cards it holds
    assert read(s, 1, "seats.known", 0) == [0, 0, 0, 0.2, 0]  # seat 1 sees its own wound
    assert read(s, 1, "seats.known", 3) == [0] * 5  # seat 0 sits in seat 1's block 3
    assert read(s, 1, "me")[0] == 0  # a human


def test_the_seat_on_the_viewers_left_is_block_1():
    s = table(4)
    hold(s, 0, gold=3)
    lay(s, 0, "silver_bullet")
    set_deck(s, "wound", "gold")
    start(s, 0)  # seat 0's turn: it must give the wound
    # seat 3's left is seat 0
    assert read(s, 3, "seats.hand_size", 1) == [3 / 20]
    assert read(s, 3, "seats.front", 1) == [0, 1]  # seance, silver_bullet
    assert read(s, 3, "seats.status", 1)[:3] == [0, 1, 1]  # alive, the active player, on the Start Player's tile
    assert read(s, 3, "actors") == [0, 1, 0, 0]
    assert read(s, 3, "phase")[1] == 1  # give
    assert read(s, 3, "top_card")[:5] == [0, 0, 0, 1, 0]  # the wound, face up
    assert read(s, 2, "seats.front", 2) == [0, 1]  # from seat 2, seat 0 is two to the left


def test_a_day_gift_that_kills_shows_in_the_right_chairs():
    s = table(4)
    hold(s, 2, wound=2, gold=1)
    set_deck(s, "wound", "gold")
    start(s, 0)
    s.apply(0, A.GIVE[2])
    assert s.dead[2]
    # from seat 1, the dead seat 2 is block 1, and nobody else is dead
    assert [read(s, 1, "seats.status", k)[0] for k in range(4)] == [0, 1, 0, 0]
    # everyone knows seat 2 got a wound (pinned): of 5
    assert read(s, 1, "seats.pinned", 1)[KINDS.index("wound")] == 0.2
    # seat 0 (block 3 from seat 1) gave a wound-icon card by day, of 8; not to seat 1
    assert read(s, 1, "day_gifts", 0)[3 * 5:4 * 5] == [0, 1 / 8, 0, 0, 0]
    # from the receiver's chair the giver is block 2, and the wound was given to it, of 4
    assert read(s, 2, "day_gifts")[2 * 5:3 * 5] == [0, 1 / 8, 0, 1 / 4, 0]


def test_seance_and_the_viewers_team():
    s = table(4)
    s.dead[1] = True
    s.wolf[1] = True
    s.seance = ((1, True),)
    s.wolf[3] = s.zero[3] = True
    assert read(s, 0, "seats.team", 1)[:2] == [0, 1]  # Séance: seat 1 died a werewolf, public
    assert read(s, 2, "seats.team", 3)[:2] == [0, 1]  # the same seat from seat 2's chair
    assert read(s, 0, "seats.team", 3) == [0] * 5  # seat 3's team is hidden from seat 0
    assert read(s, 3, "me")[:2] == [1, 1]  # seat 3 knows it is a Wolf Zero
    assert read(s, None, "me") == [0] * 8  # the spectator has no private half


def test_the_length_follows_the_expansions():
    sizes = {(n, c, sp): encoder(table(n, curses=c, spells=sp).game).size
             for n in (4, 10) for c in (False, True) for sp in (False, True)}
    assert sizes[(4, False, False)] < sizes[(4, True, False)] < sizes[(4, True, True)] < sizes[(10, True, True)]
    s = table(6, curses=True, spells=True)
    hold(s, 0, hex=1, cursed_gold=2)
    lay(s, 1, "wolfsbane")
    known = read(s, 0, "seats.known")
    assert known[7] == 0.2 and known[1] == 0.4  # hex, cursed_gold in the canonical order
    assert read(s, 0, "seats.front", 1)[2] == 1  # wolfsbane: the first Spell, after seance and silver_bullet
