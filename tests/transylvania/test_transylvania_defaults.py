"""Default actions (D49, docs: Turn machine) and a few design choices shown on their own (D15, D16, D52)."""

from transylvania_helpers import act, card, clear_hands, dice, examined, lay_tile, move, ready, to_monster

from hexbox.games.transylvania import actions as A
from hexbox.games.transylvania.cards import CARDS


def test_D49_defaults_do_the_least():
    s = ready(3)
    assert s.default_action(0) == A.END_EXPLORATION
    act(s, 0, A.END_EXPLORATION)
    assert s.default_action(0) == A.END_TURN
    s = ready(3)
    s.attempted = True
    act(s, 0, A.END_EXPLORATION)
    assert s.phase == "determination" and s.default_action(0) == A.PASS


def test_D49_cleanup_default_discards_the_lowest_card_id():
    s = ready(3)
    clear_hands(s)
    s.hand[0] = [card("i_lantern#0"), card("gk_map#0"), card("i_shotgun#0"), card("i_revolver#0"),
                 card("i_crucifix#0")]
    act(s, 0, A.END_EXPLORATION)
    assert s.default_action(0) == A.DISCARD[min(s.hand[0])]


def test_D49_a_monster_on_the_church_steps_off_by_default():
    s = ready(3)
    lay_tile(s, "graveyard", 0, -1, 0)
    to_monster(s, 0, 0, "church.b")
    s.phase = "monster"
    assert A.END_TURN not in s.legal_actions(0)
    assert s.default_action(0) == move("church.n")


def test_D49_make_room_bumps_the_lowest_slot_it_can():
    s = ready(3)
    clear_hands(s)
    examined(s, 0, "gk_map#0", "gk_map#1", "gk_occult#0", "gk_occult#1")
    s.row[0][0] = (card("gk_map#0"), (card("i_raven#0"),))
    s._place(0, (card("full_moon#0"), ()))
    assert s.default_action(0) == A.BUMP[card("gk_map#1")]


def test_D15_the_church_token_spaces_start_empty():
    s = ready(4)
    assert not [x for x in CARDS.tiles[0].nodes if x in s.tokens]


def test_D16_a_token_you_start_your_turn_on_may_be_attempted():
    s = ready(3)
    t = next(i for i in s.token_stack)
    s.token_stack.remove(t)
    s.tokens[s.pos[0]] = t
    assert A.ATTEMPT in s.legal_actions(0)
    dice(s, *[0] * 12)
    act(s, 0, A.ATTEMPT)
    assert A.ATTEMPT not in s.legal_actions(0)


def test_D52_monsters_lay_new_tiles_too():
    s = ready(3)
    to_monster(s, 0, 1, "church.n")
    s.phase = "monster"
    assert A.EXPLORE in s.legal_actions(0)
    act(s, 0, A.EXPLORE)
    act(s, 0, s.legal_actions(0)[0])
    assert len(s.board.placed) == 2 and not s.on_church(s.pos[0])

