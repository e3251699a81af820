"""Hidden information (docs: Hidden information): who sees which card, and resample re-deals only the unknown."""

import json
import random

from transylvania_helpers import SLOT, act, card, clear_hands, dice, give, lay_tile, put, ready

from hexbox.games.transylvania import actions as A
from hexbox.games.transylvania.cards import CARDS
from hexbox.games.transylvania.state import ALL


def test_a_hand_is_seen_by_its_owner_only_and_counted_for_others():
    s = ready(4)
    for seat in range(4):
        o = s.observe(seat)
        assert len(o["private"]["hand"]) == len(s.hand[seat])
        assert [x["hand_size"] for x in o["public"]["seats"]] == [len(h) for h in s.hand]
    assert s.observe(None)["private"] is None


def test_a_drawn_card_is_told_to_its_drawer_only():
    s = ready(4)
    clear_hands(s)
    s._take_out()
    s._draw_to(0, 1, "test")
    events = s._take_out()
    named = [e for e in events if e.kind == "drew_card"]
    assert named[0].to == frozenset({0})
    public = [e for e in events if e.kind == "drew" and e.to is None]
    assert public[0].data["card"] is None
    assert s.describe(events, 1) == ["Seat 0 draws a card (test)."]


def test_resample_keeps_what_the_seat_knows_and_redeals_the_rest():
    s = ready(4, seed=5)
    rng = random.Random(1)
    mine = list(s.hand[0])
    before = json.dumps(s.observe(0), sort_keys=True)
    changed = False
    for _ in range(10):
        w = s.resample(0, rng)
        assert w.hand[0] == mine
        assert json.dumps(w.observe(0), sort_keys=True) == before
        assert [len(h) for h in w.hand] == [len(h) for h in s.hand]
        changed |= w.hand[1:] != s.hand[1:] or w.deck != s.deck
    assert changed


def test_resample_keeps_a_challenge_pick_known_to_both():
    s = ready(3)
    clear_hands(s)
    put(s, 0, "church.d")
    put(s, 1, "church.d")
    give(s, 1, "gk_map#0", "gk_map#1")
    dice(s, *([3] * s.dice(0, 0) + [0] * s.dice(1, 0)))
    act(s, 0, A.CHALLENGE[1][0])
    act(s, 0, A.TAKE_HAND)
    taken = s.hand[0][0]
    left = s.hand[1][0]
    assert s.known[taken] == 0b011
    for _ in range(5):
        w = s.resample(1, random.Random(_))
        assert w.hand[0] == [taken] and w.hand[1] == [left]
    w = s.resample(2, random.Random(3))
    assert w.known[w.hand[0][0]] == 0b011


def test_resample_keeps_an_augury_glimpse():
    s = ready(3)
    clear_hands(s)
    s.adv[0] = 8  # the Witch Hunter
    give(s, 1, "gk_map#0", "vk_letters#0")
    act(s, 0, A.AUGURY[1])
    for k in range(5):
        w = s.resample(0, random.Random(k))
        assert sorted(w.hand[1]) == sorted([card("gk_map#0"), card("vk_letters#0")])


def test_resample_keeps_the_explorers_known_tiles():
    s = ready(3)
    s.adv[0] = 2  # the Explorer
    act(s, 0, A.USE_ABILITY)
    act(s, 0, A.ORDER[0])
    top = s.tiles[-3:]
    for k in range(5):
        w = s.resample(0, random.Random(k))
        assert w.tiles[-3:] == top
    assert any(s.resample(1, random.Random(k)).tiles != s.tiles for k in range(5))


def test_resample_redeals_face_down_tokens_but_not_face_up_ones():
    s = ready(3)
    lay_tile(s, "graveyard", 0, -1, 0)
    up = SLOT["graveyard.f"]
    s.faceup.add(up)
    w = s.resample(1, random.Random(2))
    assert w.tokens[up] == s.tokens[up]
    assert sorted([*w.tokens.values(), *w.token_stack]) == sorted([*s.tokens.values(), *s.token_stack])
    assert any(s.resample(1, random.Random(k)).tokens != s.tokens for k in range(5))


def test_public_cards_are_known_to_all():
    s = ready(3)
    clear_hands(s)
    s.corpses = [[s.pos[0], [card("gk_map#0")]]]
    act(s, 0, A.PILFER)
    assert s.known[card("gk_map#0")] == ALL
    o = s.observe(1)["private"]
    assert o["glimpses"] == []  # everyone knows it: no private glimpse


def test_the_end_of_game_reveals_every_hand():
    s = ready(3)
    s._end(set(), "curse_endures", "test")
    r = s.observe(None)["public"]["reveal"]
    assert [x["hand"] for x in r] == [[CARDS.card_names[c] for c in h] for h in s.hand]


def test_resample_honours_a_public_augury_count():
    s = ready(3)
    clear_hands(s)
    s.adv[0] = 8  # the Witch Hunter
    give(s, 1, "t_bio_agent#0", "gk_map#0", "vk_letters#0")
    act(s, 0, A.AUGURY[1])  # one draw: the public learns seat 1 holds one Transformation card
    from hexbox.games.transylvania.state import TRANSFORM
    counts = [sum(1 for c in s.resample(2, random.Random(k)).hand[1] if c in TRANSFORM) for k in range(20)]
    assert counts.count(1) >= 19


def test_resample_honours_a_challenge_pick_that_found_only_transformation_cards():
    s = ready(3)
    clear_hands(s)
    put(s, 0, "church.d")
    put(s, 1, "church.d")
    give(s, 1, "t_werewolf#0", "t_vampire_bite#0")
    dice(s, *([3] * s.dice(0, 0) + [0] * s.dice(1, 0)))
    act(s, 0, A.CHALLENGE[1][0])
    act(s, 0, A.TAKE_HAND)
    from hexbox.games.transylvania.state import TRANSFORM
    for k in range(10):
        assert all(c in TRANSFORM for c in s.resample(2, random.Random(k)).hand[1])
