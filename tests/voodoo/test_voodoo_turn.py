"""The turn: the ingredient bag, the actions paid with dice, passing the doll (R9-R25, R39-R49)."""

import pytest
from voodoo_helpers import (
    ScriptedRng,
    act,
    clear_hands,
    curse_on,
    dice,
    emote,
    give,
    kinds,
    new,
    pass_turn,
    public,
    roll,
    set_bag,
    to_phase2,
)

import hexbox
from hexbox.games.voodoo import actions as A
from hexbox.games.voodoo.cards import CURSE_INDEX


def test_R23_rulebook_game_example():
    # cites R23
    # R23: Giorgio (seat 0) holds only Evvivam; rolls PU PU GH GH CR and cannot cast
    s = new(players=4, seed=3)
    clear_hands(s)
    give(s, 0, "E02")
    s.rng = ScriptedRng("PU PU GH GH CR SK GH BA")
    act(s, 0, A.ROLL)
    assert s.bag == dice("PU PU GH GH CR")
    act(s, 0, A.KEEP)
    assert not [a for a in s.legal_actions(0) if a.kind == "cast"]
    # ...but in phase 1 he discards one die, keeps one Pumpkin and re-rolls three
    s = new(players=4, seed=3)
    clear_hands(s)
    give(s, 0, "E02")
    s.rng = ScriptedRng("PU PU GH GH CR SK GH BA")
    act(s, 0, A.ROLL)
    act(s, 0, {"kind": "reroll", "drop": "PU", "dice": "CR GH GH"})
    assert s.bag == dice("PU SK BA GH") and sum(s.aside) == 1
    act(s, 0, A.KEEP)
    casts = [a for a in s.legal_actions(0) if a.kind == "cast"]
    assert {a.target for a in casts} == {1, 2, 3} and {a.pay for a in casts} == {"SK BA"}
    act(s, 0, {"kind": "cast", "curse": "E02", "target": 2, "pay": "SK BA"})  # cursing Francesca
    assert s.scores[0] == 1 and s.holder == 2 and s.inplay[CURSE_INDEX["E02"]] == (0, 2)
    assert s.bag == dice("PU GH")
    act(s, 0, {"kind": "draw_artefact", "pay": "PU GH"})
    assert len(s.arts[0]) == 1 and sum(s.bag) == 0


def test_R9_R24_turns_go_clockwise_and_dice_are_lost():
    # cites R9, R24
    s = new(players=3)
    to_phase2(s, "PU PU PU PU PU")
    assert s.active == 0
    pass_turn(s)
    assert s.active == 1 and s.bag == [0] * 6 and not s.rolled  # R24, D10
    to_phase2(s, "SK SK SK SK SK")
    pass_turn(s)
    to_phase2(s, "SK SK SK SK SK")
    pass_turn(s)
    assert s.active == 0  # R2, R9: seats sit clockwise


def test_R10_roll_all_five_dice():
    # cites R10
    s = new()
    act(s, 0, A.ROLL)
    assert sum(s.bag) == 5
    assert "roll" not in kinds(s.legal_actions(0))


def test_R11_R13_reroll_sets_one_die_aside():
    # cites R11, R13
    s = new()
    roll(s, "PU SK ST CR BA")
    legal = s.legal_actions(0)
    rerolls = [a for a in legal if a.kind == "reroll"]
    assert rerolls and all(a.drop in ("PU", "SK", "ST", "CR", "BA") for a in rerolls)
    assert all(1 <= len(a.dice.split()) <= 4 for a in rerolls)  # D11: at least one die re-rolled
    act(s, 0, {"kind": "reroll", "drop": "SK", "dice": "PU ST CR BA"})
    assert sum(s.bag) == 4 and s.aside == dice("SK")  # R13: public, out of the bag
    set_bag(s, "PU PU PU PU")
    with pytest.raises(hexbox.IllegalAction, match="no SK"):
        act(s, 0, {"kind": "reroll", "drop": "SK", "dice": "PU"})
    assert s.bag == dice("PU PU PU PU") and s.aside == dice("SK")


def test_R11_any_number_of_rerolls_each_costing_a_die():
    # cites R11
    s = new()
    roll(s, "PU PU PU PU PU")
    for left in (4, 3, 2, 1):
        a = next(a for a in s.legal_actions(0) if a.kind == "reroll")
        act(s, 0, a)
        assert sum(s.bag) == left
    assert s.counts[0] == 4


def test_R12_keep_completes_the_bag_and_one_die_cannot_reroll():
    # cites R12
    s = new()
    clear_hands(s)
    roll(s, "PU PU PU PU PU")
    set_bag(s, "PU")
    assert kinds(s.legal_actions(0)) & {"reroll", "keep"} == {"keep"}
    with pytest.raises(hexbox.IllegalAction):
        act(s, 0, {"kind": "reroll", "drop": "PU", "dice": "PU"})
    act(s, 0, A.KEEP)
    assert s.phase == 2  # nobody holds an artefact: straight to phase 2


def test_R14_R15_R16_draws_cost_any_two_dice_and_repeat():
    # cites R14, R15, R16
    s = new()
    clear_hands(s)
    to_phase2(s, "PU SK ST CR BA")
    deck = len(s.cdeck)
    act(s, 0, {"kind": "draw_curse", "pay": "PU SK"})  # R15
    act(s, 0, {"kind": "draw_curse", "pay": "ST CR"})  # R14: the same action twice
    assert len(s.hand[0]) == 2 and len(s.cdeck) == deck - 2 and s.bag == dice("BA")
    assert not kinds(s.legal_actions(0)) & {"draw_curse", "draw_artefact"}  # one die left
    s = new()
    to_phase2(s, "PU PU GH GH CR")
    act(s, 0, {"kind": "draw_artefact", "pay": "PU GH"})  # R16
    assert len(s.arts[0]) == 1


def test_R17_using_an_artefact_is_free_and_goes_to_the_bottom():
    # cites R17
    s = new()
    clear_hands(s)
    give(s, 0, "A12")
    to_phase2(s, "PU SK ST CR BA")
    act(s, 0, {"kind": "use_artefact", "artefact": "A12"})
    assert s.arts[0] == [] and s.adeck[0] == 11 and sum(s.bag) == 5
    assert public(s, 2)["artefact_deck"]["known"][0] == [0, "A12"]  # face up: public


def test_R18_R19_R21_R22_cast_pays_exact_ingredients_with_star_any():
    # cites R18, R19, R21, R22
    s = new()
    clear_hands(s)
    give(s, 0, "C09")  # Stone Circle: SK ST *
    to_phase2(s, "SK ST GH GH PU")
    pays = {a.pay for a in s.legal_actions(0) if a.kind == "cast"}
    assert pays == {"PU SK ST", "SK ST GH"}  # R21: the star takes any face present; R22: exact match
    with pytest.raises(hexbox.IllegalAction):
        act(s, 0, {"kind": "cast", "curse": "C09", "target": 1, "pay": "SK ST CR"})  # no Crow in the bag
    act(s, 0, {"kind": "cast", "curse": "C09", "target": 1, "pay": "SK ST GH"})
    assert s.bag == dice("PU GH") and s.scores[0] == 2  # R18: lower section
    assert public(s)["curses_in_play"][0]["victims"] == [1]  # R19: the victim is bound from now on
    assert s.bound[1] and s.bound[1][0][0] == CURSE_INDEX["C09"]


def test_R20_R42_no_curse_on_the_target_card_holder():
    # cites R20, R42
    s = new()
    clear_hands(s)
    give(s, 0, "C04", "C05")
    to_phase2(s, "BA BA PU CR ST")
    act(s, 0, {"kind": "cast", "curse": "C04", "target": 1, "pay": "BA BA"})
    targets = {a.target for a in s.legal_actions(0) if a.kind == "cast"}
    assert targets == {2, 3}  # R42: the second single-target cast must hit someone else
    with pytest.raises(hexbox.IllegalAction, match="Target card"):
        act(s, 0, {"kind": "cast", "curse": "C05", "target": 1, "pay": "PU CR"})


def test_R39_never_on_oneself():
    # cites R39
    s = new()
    clear_hands(s)
    give(s, 0, "C04")
    to_phase2(s, "BA BA PU CR ST")
    assert 0 not in {a.target for a in s.legal_actions(0) if a.kind == "cast"}
    with pytest.raises(hexbox.IllegalAction):
        act(s, 0, {"kind": "cast", "curse": "C04", "target": 0, "pay": "BA BA"})


def test_R40_R41_all_adversary_curse_ignores_and_keeps_the_target_card():
    # cites R40, R41
    s = new()
    clear_hands(s)
    give(s, 0, "E01", "C04")
    assert s.holder == -1  # R40: the centre
    to_phase2(s, "SK GH CR BA BA")
    s.holder = 2
    casts = [a for a in s.legal_actions(0) if a.kind == "cast" and a.curse == "E01"]
    assert [a.target for a in casts] == [-1]
    act(s, 0, casts[0])
    assert s.holder == 2 and s.victims(CURSE_INDEX["E01"]) == [1, 2, 3]


def test_R43_no_hand_limit():
    # cites R43
    s = new()
    clear_hands(s)
    for c in ("C01", "C02", "C03", "C04", "C05", "C06", "C07", "C08", "C09"):
        give(s, 0, c)
    to_phase2(s, "PU PU PU PU PU")
    act(s, 0, {"kind": "draw_curse", "pay": "PU PU"})
    assert len(s.hand[0]) == 10


def test_R44_empty_deck_cannot_be_drawn():
    # cites R44
    s = new()
    to_phase2(s, "PU PU PU PU PU")
    s.cdeck = []
    assert "draw_curse" not in kinds(s.legal_actions(0))
    with pytest.raises(hexbox.IllegalAction, match="empty"):
        act(s, 0, {"kind": "draw_curse", "pay": "PU PU"})


def test_R47_a_victim_may_carry_many_different_curses():
    # cites R47
    s = new()
    clear_hands(s)
    give(s, 0, "C04", "C05")
    to_phase2(s, "BA BA PU CR ST")
    act(s, 0, {"kind": "cast", "curse": "C04", "target": 1, "pay": "BA BA"})
    s.holder = -1
    act(s, 0, {"kind": "cast", "curse": "C05", "target": 1, "pay": "PU CR"})
    assert sorted(c for c, _ in s.bound[1]) == sorted([CURSE_INDEX["C04"], CURSE_INDEX["C05"]])


def test_R48_phase2_artefact_not_before_keep():
    # cites R48
    s = new()
    clear_hands(s)
    give(s, 0, "A12")
    roll(s, "PU SK ST CR BA")
    assert not [a for a in s.legal_actions(0) if a.kind == "use_artefact"]
    with pytest.raises(hexbox.IllegalAction):
        act(s, 0, {"kind": "use_artefact", "artefact": "A12"})


def test_R49_cast_announcement_is_not_speech():
    # cites R49
    s = new()
    clear_hands(s)
    give(s, 0, "C04")
    curse_on(s, "E04", 1, 0)  # Mummy's Wrap: seat 0 may say nothing
    to_phase2(s, "BA BA PU CR ST")
    events = act(s, 0, {"kind": "cast", "curse": "C04", "target": 2, "pay": "BA BA"})
    assert any(e.kind == "cast" and e.data["name"] == "Banshee Wail" and e.data["text"] for e in events)
    assert s.broken == 0 and not s.violations


def test_R25_R34_pass_doll_rituals_come_before_the_pass():
    # cites R25, R34
    s = new()
    curse_on(s, "C07", 1, 0)  # Leprechaun Jig: before passing the doll
    to_phase2(s, "PU PU PU PU PU")
    emote(s, 0, "jig")
    pass_turn(s)
    assert not s.violations
    s = new()
    curse_on(s, "C07", 1, 0)
    to_phase2(s, "PU PU PU PU PU")
    act(s, 0, A.PASS_DOLL)
    emote(s, 0, "jig") if 0 in s.actors else None  # too late: the doll has gone
    assert [v["curse"] for v in s.violations] == ["C07"]
