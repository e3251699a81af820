"""Attack Monsters (R62-R65), attacks out of turn and the ambush window W1 (R64, R87, R132, R133), the fight
(R63), kills and the ways to win (R1, R4, R5, R85, R86, R88, R101, R144)."""

from transylvania_helpers import SLOT, act, card, dice, examined, lay_tile, move, put, ready, start_turn, to_monster

from hexbox.games.transylvania import actions as A
from hexbox.games.transylvania.state import VAMPIRE, WEREWOLF, ZOMBIE


def board(players=4):
    s = ready(players)
    lay_tile(s, "graveyard", 0, -1, 0)
    for seat in range(players):
        s.row[seat] = []
        s.adv[seat] = seat  # Abbess (A1), Big Game Hunter (A4), Explorer (A2), Hero (A3)
    return s


def test_R62_R63_an_adventurer_attacks_a_monster_on_its_space():
    s = board()
    put(s, 0, "graveyard.b")
    to_monster(s, 1, VAMPIRE, "graveyard.b")
    s.adv[0] = 1  # Big Game Hunter, Attack 4
    assert A.ATTACK[1][0] in s.legal_actions(0)
    dice(s, 3, 3, 3, 3, 0, 0, 0, 0, 0)
    act(s, 0, A.ATTACK[1][0])
    assert s.health[1] == 10 - 12
    assert s.is_over and s.result.kind == "monster_slain" and s.result.winners == {0}  # R5, R101


def test_R63_the_loser_loses_the_difference_and_a_tie_does_nothing():
    s = board()
    put(s, 0, "graveyard.b")
    to_monster(s, 1, VAMPIRE, "graveyard.b")
    dice(s, 1, 3, 3, 0, 0, 0)  # Abbess: 1 die -> 1; Vampire: 5 dice -> 6
    act(s, 0, A.ATTACK[1][0])
    assert s.health[0] == 1 and s.health[1] == 10
    assert A.ATTACK[1][0] not in s.legal_actions(0)  # R132: once per target per turn
    s = board()
    put(s, 0, "graveyard.b")
    to_monster(s, 1, VAMPIRE, "graveyard.b")
    dice(s, 2, 1, 1, 0, 0, 0)
    act(s, 0, A.ATTACK[1][0])
    assert s.health[0] == 6 and s.health[1] == 10


def test_R63_total_modifiers_are_added_after_the_dice():
    # R14 (step 3)
    s = board()
    put(s, 0, "graveyard.b")
    to_monster(s, 1, ZOMBIE, "graveyard.b")
    examined(s, 0, "i_knuckles#0")  # tot A+2
    dice(s, 1, 0, 0, 0, 0)
    act(s, 0, A.ATTACK[1][0])
    assert s.health[1] == 7  # 1 + 2 against 0


def test_R14_vs_modifiers_only_against_that_monster():
    # R14
    s = board()
    examined(s, 0, "i_stake#0")
    to_monster(s, 1, VAMPIRE, "graveyard.b")
    to_monster(s, 2, WEREWOLF, "graveyard.c")
    from hexbox.games.transylvania.play import fight_dice
    assert fight_dice(s, 0, 1) == 1 + 3 and fight_dice(s, 0, 2) == 1


def test_R65_adventurers_never_attack_adventurers():
    s = board()
    put(s, 0, "graveyard.b")
    put(s, 1, "graveyard.b")
    assert not [a for a in s.legal_actions(0) if a.kind == "attack"]


def test_R84_R85_a_monster_kill_counts_and_R4_wins_at_half_the_seats():
    # R84
    s = board(4)
    to_monster(s, 0, VAMPIRE, "graveyard.b")
    s.phase = "monster"
    s.kills[0] = 1
    put(s, 1, "graveyard.b")
    s.health[1] = 1
    dice(s, 3, 3, 3, 3, 3, 0, 0, 0, 0)
    act(s, 0, A.ATTACK[1][0])
    assert not s.alive[1] and s.kills[0] == 2
    assert s.is_over and s.result.kind == "monster_kills" and s.result.winners == {0}


def test_R84_a_monster_attacks_on_its_turn_adding_no_modifiers():
    # R84
    from hexbox.games.transylvania.play import fight_dice
    s = board(4)
    to_monster(s, 0, VAMPIRE, "graveyard.b")
    s.phase = "monster"
    put(s, 1, "graveyard.b")
    s.church = card("night_watch#0")  # Attack +1 for the adventurer, nothing for the Monster
    assert fight_dice(s, 0, 1) == 5 and fight_dice(s, 1, 0) == 4 + 1
    assert A.ATTACK[1][0] in s.legal_actions(0)
    dice(s, 3, 1, 0, 0, 0, 0, 0, 0, 0, 1)  # Vampire 4 against 1
    act(s, 0, A.ATTACK[1][0])
    assert s.health[1] == 6 - 3 and s.health[0] == 10


def test_R86_the_same_player_may_be_killed_again():
    s = board(6)
    to_monster(s, 0, VAMPIRE, "graveyard.b")
    s.phase = "monster"
    put(s, 1, "graveyard.b")
    s.health[1] = 1
    dice(s, 3, 3, 3, 3, 3, 0, 0, 0, 0)
    act(s, 0, A.ATTACK[1][0])
    assert s.kills[0] == 1 and not s.is_over  # 3 kills needed with 6 seats
    assert s.died[1] is not None


def test_R88_monsters_fight_each_other_only_with_no_adventurer_on_the_board():
    s = board(3)
    to_monster(s, 0, VAMPIRE, "graveyard.b")
    to_monster(s, 1, WEREWOLF, "graveyard.b")
    s.phase = "monster"
    assert A.ATTACK[1][0] not in s.legal_actions(0)
    s.alive[2] = False
    s.pos[2] = -1
    assert A.ATTACK[1][0] in s.legal_actions(0)
    s.health[1] = 1
    dice(s, 3, 3, 3, 3, 3, 0, 0, 0, 0, 0)
    act(s, 0, A.ATTACK[1][0])
    assert s.result.kind == "monster_duel" and s.result.winners == {0}  # R5: a Monster's player may win


def test_R133_R64_W1_opens_when_an_adventurer_moves_onto_a_monster():
    s = board(4)
    put(s, 0, "graveyard.a")
    to_monster(s, 2, WEREWOLF, "graveyard.b")
    act(s, 0, move("graveyard.b"))
    assert s.window is not None and s.actors == (2,)
    assert {a.kind for a in s.legal_actions(2)} == {"pass", "ambush"}
    dice(s, *[3] * 5, 0)
    act(s, 2, A.AMBUSH[0])
    assert s.window is not None  # a seat may declare several pieces; it finishes with pass
    act(s, 2, A.PASS)
    assert s.window is None and not s.alive[0] and s.kills[2] == 1


def test_R133_D21_every_seat_with_a_piece_there_is_asked():
    s = board(4)
    put(s, 0, "graveyard.a")
    to_monster(s, 1, ZOMBIE, "graveyard.l")
    s.minions[0] = SLOT["graveyard.b"]
    put(s, 3, "graveyard.b")
    act(s, 0, move("graveyard.b"))
    assert s.actors == (1, 3)
    assert s.legal_actions(3) == [A.PASS]  # asked all the same, so the actors leak nothing
    assert A.AMBUSH[1] in s.legal_actions(1)  # the minion 0
    act(s, 3, A.PASS)
    assert s.observe(0)["public"]["window"]["deciding"] == [1]


def test_W1_declarations_are_sealed_until_the_window_closes():
    s = board(4)
    put(s, 0, "graveyard.a")
    to_monster(s, 2, WEREWOLF, "graveyard.b")
    act(s, 0, move("graveyard.b"))
    events = act(s, 2, A.AMBUSH[0])
    assert all(e.to == frozenset({2}) for e in events)
    assert s.observe(1)["private"]["declared"] == [] and s.observe(2)["private"]["declared"] == [2]


def test_W1_does_not_open_on_placement_and_not_without_other_pieces():
    s = board(4)
    put(s, 0, "graveyard.a")
    act(s, 0, move("graveyard.b"))
    assert s.window is None


def test_W1_an_adventurer_may_ambush_a_monster_that_moves_onto_it():
    s = board(4)
    to_monster(s, 0, VAMPIRE, "graveyard.a")
    s.phase = "monster"
    s.adv[1] = 1
    put(s, 1, "graveyard.b")
    act(s, 0, move("graveyard.b"))
    assert s.actors == (1,) and A.AMBUSH[0] in s.legal_actions(1)
    dice(s, 3, 3, 3, 3, 0, 0, 0, 0, 0)
    act(s, 1, A.AMBUSH[0])
    act(s, 1, A.PASS)
    assert s.result is not None and s.result.kind == "monster_slain" and s.result.winners == {1}


def test_R132_one_ambush_per_piece_per_mover_per_turn():
    s = board(4)
    put(s, 0, "graveyard.a")
    to_monster(s, 2, WEREWOLF, "graveyard.b")
    s.health[0] = 8
    act(s, 0, move("graveyard.b"))
    dice(s, 1, 0, 0, 0, 0, 0, 1)  # tie
    act(s, 2, A.AMBUSH[0])
    act(s, 2, A.PASS)
    act(s, 0, move("graveyard.a"))
    act(s, 0, move("graveyard.b"))
    assert s.window is not None and A.AMBUSH[0] not in s.legal_actions(2)


def test_R75_death_by_ambush_on_its_own_move_ends_the_turn():
    # R75
    s = board(4)
    put(s, 0, "graveyard.a")
    s.health[0] = 1
    to_monster(s, 2, WEREWOLF, "graveyard.b")
    act(s, 0, move("graveyard.b"))
    dice(s, 3, 3, 3, 3, 3, 0)
    act(s, 2, A.AMBUSH[0])
    act(s, 2, A.PASS)
    assert not s.alive[0] and s.active == 1


def test_R89_feral_surge_on_the_werewolf_icon():
    s = board(4)
    to_monster(s, 1, WEREWOLF, "graveyard.b")
    dice(s, 0)
    start_turn(s, 1)
    assert s.surge[1] and s.movement(1) == 12
    from hexbox.games.transylvania.play import fight_dice
    assert fight_dice(s, 1, 0) == 12
    s.surge[1] = False
    dice(s, 2)
    start_turn(s, 1)
    assert not s.surge[1] and s.movement(1) == 6


def test_D30_a_monsters_roll_uses_no_more_dice_than_the_box_holds(monkeypatch):
    """A variant's surge of 13 dice (or a box of 11) rolls what the box holds, as an adventurer's roll does (D30)."""
    from hexbox.games.transylvania.cards import CARDS
    from hexbox.games.transylvania.play import fight_dice

    s = board(4)
    to_monster(s, 1, WEREWOLF, "graveyard.b")
    dice(s, 0)
    start_turn(s, 1)
    monkeypatch.setattr(CARDS, "surge_attack", 13)
    assert fight_dice(s, 1, 0) == 12
    monkeypatch.setattr(CARDS, "max_dice", 11)
    assert fight_dice(s, 1, 0) == 11


def test_R144_the_ravens_extra_wound_in_a_fight_is_credited_to_the_monster():
    s = board(4)
    to_monster(s, 0, VAMPIRE, "graveyard.b")
    s.phase = "monster"
    put(s, 1, "graveyard.b")
    examined(s, 1, "gk_map#0")
    s.row[1][0] = (s.row[1][0][0], (card("i_raven#0"),))
    s.health[1] = 2
    dice(s, 1, 0, 0, 0, 0, 0, 0, 0, 0)  # the Vampire wins by 1; the Raven adds 1
    act(s, 0, A.ATTACK[1][0])
    assert not s.alive[1] and s.kills[0] == 1


def test_W1_declarations_resolve_from_the_active_seats_left():
    s = board(4)
    start_turn(s, 3)
    put(s, 3, "graveyard.a")
    s.health[3] = 8
    to_monster(s, 0, VAMPIRE, "graveyard.b")
    to_monster(s, 1, ZOMBIE, "graveyard.l")
    s.minions[0] = SLOT["graveyard.b"]
    act(s, 3, move("graveyard.b"))
    assert s.actors == (0, 1)
    act(s, 1, A.AMBUSH[1])  # seat 1 declares first, with its minion
    act(s, 1, A.PASS)
    dice(s, *[1] * 30)
    act(s, 0, A.AMBUSH[0])
    events = act(s, 0, A.PASS)
    fights = [e.data["attacker"] for e in events if e.kind == "fight"]
    assert fights == [0, 6]  # seat 0 sits left of the active seat 3, then seat 1


def test_R75_R51_an_all_play_event_goes_on_after_its_drawer_dies():
    # R51, R75
    from transylvania_helpers import event_on_top
    s = board(4)
    put(s, 0, "graveyard.h")
    s.health[0] = 1
    for seat in (1, 2, 3):
        put(s, seat, "church.d" if seat < 3 else "church.e")
    event_on_top(s, "thunderstorm#0")
    dice(s, *[0] * 40)
    act(s, 0, move("graveyard.d"))
    assert not s.alive[0] and [s.health[x] for x in (1, 2, 3)] == [5, 5, 5] and s.active == 1
