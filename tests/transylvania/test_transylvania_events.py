"""Resolve Events (R20, R46-R52, R106, R124, R125): trait tests, rows worst to best, examined and Church cards,
all-play Events."""

from transylvania_helpers import (
    SLOT,
    act,
    card,
    choose,
    clear_hands,
    dice,
    event_on_top,
    examined,
    lay_tile,
    move,
    put,
    ready,
    start_turn,
    to_monster,
)

from hexbox.games.transylvania import actions as A
from hexbox.games.transylvania.cards import CARDS


def on_graveyard(players=3):
    s = ready(players)
    lay_tile(s, "graveyard", 0, -1, 0)
    put(s, 0, "graveyard.h")
    s.adv[0] = 0  # the Abbess: no Rampart to ask about
    s.row[0] = []
    return s


def test_R46_R115_stepping_on_an_event_space_draws_and_resolves_an_event():
    # R115
    s = on_graveyard()
    event_on_top(s, "wolf_pack#0")
    dice(s, 0, 0)  # Attack 1: a sum of 0 -> damage 2
    act(s, 0, move("graveyard.d"))
    assert s.health[0] == 4 and card("wolf_pack#0") in s.event_discards  # R49


def test_R46_backtracking_onto_an_event_space_triggers_it_again():
    s = on_graveyard()
    event_on_top(s, "fog_bank#0")
    dice(s, 1, 1, 1, 1, 1, 1, 1)
    act(s, 0, move("graveyard.d"))
    act(s, 0, move("graveyard.h"))
    event_on_top(s, "fog_bank#1")
    n = len(s.event_discards)
    act(s, 0, move("graveyard.d"))
    assert len(s.event_discards) == n + 1


def test_R46_starting_a_turn_on_an_event_space_does_not_trigger_it():
    s = on_graveyard()
    put(s, 1, "graveyard.d")
    n = len(s.events)
    start_turn(s, 1)
    assert len(s.events) == n


def test_R20_R125_the_row_for_the_sum_applies():
    s = on_graveyard()
    event_on_top(s, "wolf_pack#0")
    s.adv[0] = 1  # Big Game Hunter, Attack 4
    dice(s, 3, 3, 0, 0)  # 6 -> draw 1
    n = len(s.hand[0])
    act(s, 0, move("graveyard.d"))
    assert len(s.hand[0]) == n + 1 and s.health[0] == 6 and s.received


def test_R47_an_examine_event_takes_a_slot_and_is_not_the_turn_examination():
    # R47
    s = on_graveyard()
    event_on_top(s, "full_moon#0")
    act(s, 0, move("graveyard.d"))
    assert s.row[0] == [(card("full_moon#0"), ())] and not s.examined
    assert s.dice(0, 0) == 1 + 2  # its modifiers at once (the Abbess has Attack 1)


def test_R47_R130_a_full_row_must_make_room_for_free():
    # R47
    s = on_graveyard()
    examined(s, 0, "gk_map#0", "gk_map#1", "gk_occult#0", "gk_occult#1")
    event_on_top(s, "full_moon#0")
    act(s, 0, move("graveyard.d"))
    assert s.pending[-1][0] == "make_room"
    assert {a.kind for a in s.legal_actions(0)} == {"bump", "discard"}
    act(s, 0, A.BUMP[card("gk_map#0")])
    assert card("gk_map#0") in s.hand[0] and s.row[0][-1][0] == card("full_moon#0") and not s.discarded


def test_R48_R124_church_cards_apply_to_every_adventurer_one_at_a_time():
    s = on_graveyard()
    event_on_top(s, "sanctuary_candles#0")
    s.adv[0] = 0  # Spirit 4
    dice(s, 3, 3, 0, 0)
    act(s, 0, move("graveyard.d"))
    assert s.church == card("sanctuary_candles#0")
    spirit = s.dice(1, 2)
    s.church = -1
    assert s.dice(1, 2) == spirit - 1
    s.church = card("sanctuary_candles#0")
    put(s, 0, "graveyard.h")
    event_on_top(s, "night_watch#0")
    dice(s, 3, 3, 3)
    act(s, 0, move("graveyard.d"))
    assert s.church == card("night_watch#0") and card("sanctuary_candles#0") in s.event_discards


def test_R124_health_modifiers_at_the_start_of_each_adventurer_turn():
    s = on_graveyard()
    s.church = card("miasma#0")
    before = s.health[1]
    start_turn(s, 1)
    assert s.health[1] == before - 1
    s.church = card("holy_relic#0")
    start_turn(s, 2)
    assert s.health[2] == 7


def test_R48_church_cards_never_touch_monsters():
    s = on_graveyard()
    to_monster(s, 1, 0, "graveyard.b")
    s.church = card("miasma#0")
    start_turn(s, 1)
    assert s.health[1] == 10


def test_R50_a_token_event_space_is_live_only_without_its_token():
    # R50
    s = ready(3)
    lay_tile(s, "village_square", 0, -1, 0)
    put(s, 0, "village_square.b")
    n = len(s.events)
    act(s, 0, move("village_square.g"))
    assert len(s.events) == n  # the token is still there
    del s.tokens[SLOT["village_square.g"]]
    act(s, 0, move("village_square.b"))
    act(s, 0, move("village_square.g"))
    assert len(s.events) == n - 1


def test_R51_all_play_events_roll_for_every_adventurer_and_no_monster():
    # R51
    s = on_graveyard(4)
    to_monster(s, 3, 1, "graveyard.l")
    for seat in (1, 2):
        put(s, seat, "church.d")
    event_on_top(s, "thunderstorm#0")
    dice(s, *[0] * 40)
    act(s, 0, move("graveyard.d"))
    assert [s.health[x] for x in range(3)] == [5, 5, 5] and s.health[3] == 10


def test_R51_dead_adventurers_do_not_roll():
    # R51
    s = on_graveyard(4)
    s.alive[2] = False
    s.pos[2] = -1
    event_on_top(s, "thunderstorm#0")
    dice(s, *[0] * 40)
    act(s, 0, move("graveyard.d"))
    assert s.health[2] == 6


def test_R52_monsters_never_draw_events():
    s = on_graveyard()
    to_monster(s, 0, 0, "graveyard.h")
    s.phase = "monster"
    n = len(s.events)
    act(s, 0, move("graveyard.d"))
    assert len(s.events) == n


def test_R125_effects_in_order_with_choices_by_the_drawer():
    s = on_graveyard()
    event_on_top(s, "cipher_lock#0")
    s.adv[0] = 5  # the Scientist: Mind 4
    dice(s, 3, 3, 0, 0)  # 6 -> unlock, then draw 1
    act(s, 0, move("graveyard.d"))
    assert s.pending[-1][0] == "unlock" and s.actors == (0,)
    act(s, 0, choose("graveyard.m"))
    assert SLOT["graveyard.m"] not in s.locks and s.lock_supply == 18 and s.received


def test_R125_to_church_and_stop():
    s = on_graveyard()
    s.adv[0] = 0  # the Abbess, Spirit 4
    event_on_top(s, "will_o_wisp#0")
    dice(s, 3, 3, 0, 0)
    act(s, 0, move("graveyard.d"))
    assert s.pending[-1][0] == "to_church"
    act(s, 0, choose("church.b"))
    assert s.pos[0] == SLOT["church.b"]
    put(s, 0, "graveyard.h")
    event_on_top(s, "will_o_wisp#0")
    dice(s, 0, 0, 0, 0)
    act(s, 0, move("graveyard.d"))
    assert s.move_left() == 0 and "move" not in {a.kind for a in s.legal_actions(0)}


def test_R106_hero_rampart_takes_the_best_row_once():
    s = on_graveyard()
    clear_hands(s)
    s.adv[0] = 3  # the Hero
    event_on_top(s, "wolf_pack#0")
    act(s, 0, move("graveyard.d"))
    assert {a.kind for a in s.legal_actions(0)} == {"roll", "rampart"}
    act(s, 0, A.RAMPART)
    assert len(s.hand[0]) == 1 and s.used[3]  # the last row: draw 1
    event_on_top(s, "wolf_pack#1")
    act(s, 0, move("graveyard.h"))
    dice(s, 3, 3, 3)
    act(s, 0, move("graveyard.d"))
    assert not s.pending  # used: it rolls at once


def test_R106_the_last_row_is_the_best_for_every_test_card():
    for k in CARDS.kinds:
        if k.rows:
            assert not any(e == "damage" for e, _ in k.rows[-1].effects), k.id
