"""Rules of set-up (R13), the Day (R23), Death Rattle's default (G9, D28) and resampling (R55) that the mutation run
of rules.py showed untested (docs/mutation.md): each test builds a position, makes the move and checks what the
rules reference (docs/games/growl.md) says happens."""

import random

from growl_helpers import hold, lay, night, pass_all, start, table

from hexbox.games.growl import actions as A
from hexbox.games.growl.cards import INDEX
from hexbox.games.growl.phases import GIVE, PURGE, RATTLE
from hexbox.games.growl.state import clamp_cuts, deck_from

BITE = INDEX["bite"]


# ---- set-up: the Night cards' places (R13, D7) -----------------------------------------------------------------


def piles(d, cut1, cut2):
    """The sizes of the three piles between the Night cards of a deck of d other cards."""
    top_down = deck_from(list(range(d)), (-1, -2, -3), cut1, cut2)[::-1]
    a, b = top_down.index(-1), top_down.index(-2)
    return a, b - a - 1, len(top_down) - b - 2


def test_R13_every_pile_keeps_at_least_one_card_and_one_is_enough():
    # R13: the cut points move by the jitter "as long as every pile keeps at least one card": a cut asked for
    # beyond that stops where the pile keeps exactly one card, and a cut inside the bounds stays where it is
    assert clamp_cuts(10, -2, 4) == (1, 4) and piles(10, 1, 4) == (1, 3, 6)  # pile 1: one card
    assert clamp_cuts(10, 12, 12) == (8, 9) and piles(10, 8, 9) == (8, 1, 1)  # piles 2 and 3: one card each
    assert clamp_cuts(10, 5, 3) == (5, 6) and piles(10, 5, 6) == (5, 1, 4)  # pile 2 never empty
    assert clamp_cuts(10, 5, 12) == (5, 9) and piles(10, 5, 9) == (5, 4, 1)  # pile 3: one card
    assert clamp_cuts(10, 3, 7) == (3, 7)  # nothing to stop
    for cut1 in range(-4, 15):
        for cut2 in range(-4, 15):
            assert min(piles(10, *clamp_cuts(10, cut1, cut2))) >= 1


# ---- the Day (R23, D17) --------------------------------------------------------------------------------------


def test_R23_D17_the_table_is_told_which_card_was_discarded_and_why():
    # R23, D17: a Day card that no living player may receive is discarded face up; the log says which and why
    s = table(4, deck=("bite", "wound", "gold"), spells=True)
    for p in (1, 2, 3):
        lay(s, p, "wolfsbane")
    events = start(s, 0)
    discarded = next(e for e in events if e.kind == "discarded")
    assert discarded.public
    assert discarded.to_json() == {"kind": "discarded", "data": {"card": "bite", "why": "no living player may "
                                                                 "receive it"}, "to": None}


# ---- Death Rattle's default (G9, D22, D28) -------------------------------------------------------------------


def test_G9_D22_the_rattle_default_gives_a_lone_bite_to_its_only_receiver():
    # G9, D28: the default of a Death Rattle gives the first card in canonical order to its first receiver
    # clockwise. A seat killed by The Purge holding only a Bite, with Wolfsbane in front of every living seat but
    # one (D22), has a single move besides declining: the default is that move, not the refusal
    s = table(5, spells=True)
    for p in range(5):
        hold(s, p, gold=2)
    hold(s, 2, bite=1)
    lay(s, 2, "death_rattle")
    for p in (0, 1, 3):
        lay(s, p, "wolfsbane")
    night(s, "the_purge", seat=0, then=())
    s.apply(0, A.BEGIN)
    assert s.phase == PURGE
    for seat in range(5):
        s.apply(seat, A.VOTE[0 if seat == 2 else 2])
    assert s.dead[2] and s.phase == RATTLE and s.actors == (2,)
    assert s.legal_actions(2) == [A.DEATH_RATTLE[BITE][4], A.DECLINE]
    assert s.default_action(2) == A.DEATH_RATTLE[BITE][4]


# ---- resampling (R55) ----------------------------------------------------------------------------------------


def test_R55_a_resampled_world_keeps_the_hypnosis_counts_up_to_date():
    # R55: Hypnosis counts are public facts: a resampled world starts from the same exact counts, and a card the
    # counted seat then receives in public (the face-up top card, the same in every world) adds to its count there
    s = table(6, deck=("hypnosis", "bite") + ("gold",) * 20)
    for p in range(6):
        hold(s, p, gold=1, bite=1, salve=1, wound=1)
    hold(s, 2, gold=2, salve=2)
    start(s, 0)
    s.apply(0, A.HYPNOSIS[(BITE, 2, 3)])
    s.caged = 2  # surgery: seat 2 sits this Night out, so its hand stays known
    s.night_fall()
    s.update_actors()
    pass_all(s)
    assert s.phase == GIVE and s.exact == {(2, BITE): 0}
    rng = random.Random(1)
    for seat in (0, 1, 4):
        world = s.resample(seat, rng)
        assert world.exact == {(2, BITE): 0}
        world.apply(world.active, A.GIVE[2])  # the Bite, in public
        assert world.exact == {(2, BITE): 1} and s.exact == {(2, BITE): 0}  # the world's own facts, not the game's
        assert world.hands[2][BITE] == 1
    copy = s.clone()
    copy.apply(copy.active, A.GIVE[2])
    assert copy.exact == {(2, BITE): 1} and s.exact == {(2, BITE): 0}
