"""The 13 artefacts (docs/games/voodoo.md, Every card) and the windows they open (R36, R37, R64, V2, V4)."""

import json

import pytest
from voodoo_helpers import ScriptedRng, act, clear_hands, curse_on, dice, give, new, private, public, roll, to_phase2

import hexbox
from hexbox.games.voodoo import actions as A
from hexbox.games.voodoo.cards import CURSE_INDEX, CURSES


def use(s, seat, artefact, **fields):
    return act(s, seat, {"kind": "use_artefact", "artefact": artefact, **fields})


def test_R36_R37_smellin_doll_on_an_adversarys_completed_bag():
    # cites R36, R37
    s = new()
    clear_hands(s)
    give(s, 2, "A01", "C04")
    give(s, 1, "A12")
    roll(s, "BA BA PU PU PU")
    act(s, 0, A.KEEP)
    assert s.phase == 1 and s.actors == (1, 2)  # V2: every other seat holding an artefact
    legal = [a for a in s.legal_actions(2) if a.kind == "use_artefact"]
    assert {(a.curse, a.target, a.dice) for a in legal} == {("C04", 0, "BA BA"), ("C04", 1, "BA BA"),
                                                             ("C04", 3, "BA BA")}
    use(s, 2, "A01", curse="C04", target=0, dice="BA BA")  # the bag's owner may be the victim
    assert s.bag == dice("BA BA PU PU PU")  # R36: the dice stay in that bag
    assert s.inplay[CURSE_INDEX["C04"]] == (2, 0) and s.scores[2] == 1 and s.holder == 0
    assert s.actors == (1,)
    act(s, 1, A.DONE)
    assert s.phase == 2 and s.actors == (0,)
    act(s, 0, {"kind": "draw_curse", "pay": "BA BA"})  # its owner may still spend those dice
    assert s.bag == dice("PU PU PU")


def test_R37_smellin_doll_only_at_that_moment():
    # cites R37
    s = new()
    clear_hands(s)
    give(s, 2, "A01", "C04")
    with pytest.raises(hexbox.IllegalAction):
        use(s, 2, "A01", curse="C04", target=1, dice="BA BA")
    roll(s, "BA BA PU PU PU")
    with pytest.raises(hexbox.IllegalAction):
        use(s, 2, "A01", curse="C04", target=1, dice="BA BA")
    assert 2 not in s.actors


def test_smellin_doll_cast_on_an_artefact_holder_opens_V4_inside_V2():
    s = new()
    clear_hands(s)
    give(s, 2, "A01", "C04")
    give(s, 1, "A06")
    roll(s, "BA BA PU PU PU")
    act(s, 0, A.KEEP)
    use(s, 2, "A01", curse="C04", target=1, dice="BA BA")
    assert s.phase == 3 and s.actors == (1,)  # V4 nested in V2
    use(s, 1, "A06")  # Bone Amulet: back to its caster's hand, nobody scores
    assert CURSE_INDEX["C04"] in s.hand[2] and s.scores[2] == 0 and s.holder == -1
    assert s.phase == 1 and s.actors == (1,)  # back in V2: seat 1's own slot is still open
    act(s, 1, A.DONE)
    assert s.phase == 2 and s.actors == (0,)


def test_V2_closes_when_every_member_is_done():
    s = new()
    clear_hands(s)
    give(s, 1, "A12")
    give(s, 3, "A13")
    roll(s, "PU PU PU PU PU")
    act(s, 0, A.KEEP)
    assert s.actors == (1, 3)
    act(s, 3, A.DONE)
    assert s.phase == 1 and s.actors == (1,)
    act(s, 1, A.DONE)
    assert s.phase == 2 and s.actors == (0,)


def test_rabbits_foot_rerolls_without_losing_a_die():
    s = new()
    clear_hands(s)
    give(s, 0, "A02")
    roll(s, "PU PU PU PU PU")
    s.rng = ScriptedRng("SK SK")
    events = use(s, 0, "A02", dice="PU PU")
    assert s.bag == dice("PU PU PU SK SK") and sum(s.aside) == 0 and s.counts[0] == 0
    assert [e.kind for e in events] == ["artefact_used", "rerolled"]
    assert events[1].data == {"seat": 0, "dice": "PU PU", "bag": "PU PU PU SK SK"} and events[1].public


def test_witchs_ladle_twin_bone_grave_dust():
    s = new()
    clear_hands(s)
    give(s, 0, "A03", "A04", "A05")
    roll(s, "PU PU PU PU PU")
    s.rng = ScriptedRng("PU")
    act(s, 0, {"kind": "reroll", "drop": "PU", "dice": "PU"})
    act(s, 0, A.KEEP)
    use(s, 0, "A03", face="PU", face_to="GH")
    assert s.bag == dice("PU PU PU GH")
    use(s, 0, "A04", face="GH")
    assert s.bag == dice("PU PU PU GH GH")
    use(s, 0, "A05", face="PU")
    assert s.bag == dice("PU PU PU PU GH GH") and sum(s.aside) == 0  # the bag may exceed five


def test_mirror_gourd_turns_the_curse_back():
    s = new()
    clear_hands(s)
    give(s, 0, "C04")
    give(s, 1, "A07")
    to_phase2(s, "BA BA PU PU PU")
    act(s, 0, {"kind": "cast", "curse": "C04", "target": 1, "pay": "BA BA"})
    assert s.phase == 3 and s.actors == (1,)
    assert {a.artefact for a in s.legal_actions(1) if a.kind == "use_artefact"} == {"A07"}
    use(s, 1, "A07")
    # R64: seat 1 is now the caster and claims it; seat 0 is the victim and holds the Target card
    assert s.inplay[CURSE_INDEX["C04"]] == (1, 0) and s.holder == 0 and s.scores == [0, 0, 0, 0]
    assert s.phase == 2 and s.actors == (0,)


def test_V4_done_lets_the_curse_land():
    s = new()
    clear_hands(s)
    give(s, 0, "C04")
    give(s, 1, "A12")
    to_phase2(s, "BA BA PU PU PU")
    act(s, 0, {"kind": "cast", "curse": "C04", "target": 1, "pay": "BA BA"})
    assert s.actors == (1,) and [a.kind for a in s.legal_actions(1)][0] == "done"
    act(s, 1, A.DONE)
    assert s.inplay[CURSE_INDEX["C04"]] == (0, 1) and s.scores[0] == 1 and s.holder == 1


def test_gris_gris_bag_discards_a_single_target_curse_on_you():
    s = new()
    clear_hands(s)
    give(s, 0, "A08")
    curse_on(s, "C05", 1, 0)
    curse_on(s, "H01", 2, -1)
    legal = [a for a in s.legal_actions(0) if a.kind == "use_artefact"]
    assert [a.curse for a in legal] == ["C05"]  # D23: not an all-adversary curse
    use(s, 0, "A08", curse="C05")
    assert CURSE_INDEX["C05"] not in s.inplay and s.scores == [0, 0, 0, 0] and s.cdeck[0] == CURSE_INDEX["C05"]


def test_jumping_bean_draws_two():
    s = new()
    clear_hands(s)
    give(s, 0, "A09")
    to_phase2(s, "PU PU PU PU PU")
    use(s, 0, "A09")
    assert len(s.hand[0]) == 2


def test_black_candle_keeps_one_and_hides_two_at_the_bottom():
    s = new()
    clear_hands(s)
    give(s, 0, "A10")
    to_phase2(s, "PU PU PU PU PU")
    top3 = s.cdeck[-1:-4:-1]
    use(s, 0, "A10")
    assert s.phase == 5 and s.actors == (0,)
    assert private(s, 0)["my_candle"] == [CURSES[c].id for c in top3]
    assert public(s)["candle"] == 3 and private(s, 1)["my_candle"] == []
    keep, low, mid = top3[0], top3[1], top3[2]
    events = act(s, 0, A.KEEP_CARD[keep, low])
    assert keep in s.hand[0] and s.cdeck[0] == low and s.cdeck[1] == mid and s.phase == 2
    assert dict(private(s, 0)["curse_deck_known"]) == {0: CURSES[low].id, 1: CURSES[mid].id}
    assert private(s, 1)["curse_deck_known"] == [] and public(s)["curse_deck"]["known"] == []  # D29: only the user
    # the kept card is secret: no public event, log entry or word names it
    public_text = json.dumps([e.to_json() for e in events if e.public]) + json.dumps(public(s))
    assert CURSES[keep].id not in public_text and CURSES[keep].name not in " ".join(s.describe(events, 1))
    assert any(CURSES[keep].name in line for line in s.describe(events, 0))


def test_wolf_totem_takes_a_random_curse_only_the_two_learn_which():
    s = new()
    clear_hands(s)
    give(s, 0, "A11")
    give(s, 2, "C04")
    to_phase2(s, "PU PU PU PU PU")
    events = use(s, 0, "A11", target=2)
    assert s.hand[0] == [CURSE_INDEX["C04"]] and s.hand[2] == []
    stolen = [e for e in events if e.kind == "stolen"]
    assert stolen and stolen[0].to == {0, 2}
    assert [e.data for e in events if e.kind == "curse_stolen" and e.public] == [{"thief": 0, "from": 2, "taken": True}]
    assert private(s, 2)["known_curses"]["0"] == ["C04"]
    assert private(s, 1)["known_curses"]["0"] == [] and public(s)["hands"][0]["known_curses"] == []
    assert s.describe(events, 1)[-1] == "Seat 0 takes a Curse card at random from seat 2."
    assert s.describe(events, 2)[-1] == "Seat 0 takes Banshee Wail from you."


def test_war_mask_and_spirit_ward():
    s = new()
    clear_hands(s)
    give(s, 0, "A12", "A13", "C04")
    give(s, 1, "C05")
    s.holder = 3
    use(s, 0, "A13")  # own turn, even before the roll
    assert s.ward == 1
    to_phase2(s, "PU PU PU PU PU")
    use(s, 0, "A12")
    assert s.holder == -1
    act(s, 0, A.PASS_DOLL)
    to_phase2(s, "PU CR PU PU PU")
    assert 0 not in {a.target for a in s.legal_actions(1) if a.kind == "cast"}
    with pytest.raises(hexbox.IllegalAction, match="Spirit Ward"):
        act(s, 1, {"kind": "cast", "curse": "C05", "target": 0, "pay": "PU CR"})
    act(s, 1, A.PASS_DOLL)
    for _ in range(2):
        to_phase2(s, "PU PU PU PU PU")
        act(s, s.active, A.PASS_DOLL)
    assert s.active == 0 and s.ward == 0  # ends when its user's next turn starts


@pytest.mark.parametrize("left", [1, 2])
def test_black_candle_with_fewer_than_three_cards_in_the_deck(left):
    # A10: look at the top three, or at what is left; one card is simply kept, two leave one for the bottom
    s = new()
    clear_hands(s)
    give(s, 0, "A10")
    to_phase2(s, "PU PU PU PU PU")
    s.cdeck = s.cdeck[-left:]
    cards = s.cdeck[::-1]
    use(s, 0, "A10")
    choices = [a for a in s.legal_actions(0) if a.kind == "keep_card"]
    if left == 1:
        assert choices == [A.KEEP_CARD[cards[0], -1]] and s.default_action(0) == choices[0]
    else:
        assert set(choices) == {A.KEEP_CARD[cards[0], cards[1]], A.KEEP_CARD[cards[1], cards[0]]}
    events = act(s, 0, choices[0])
    assert cards[0] in s.hand[0] and s.phase == 2 and s.cdeck == cards[1:]
    kept = next(e for e in events if e.kind == "candle_kept")
    assert kept.data == {"seat": 0, "keep": CURSES[cards[0]].id, "bottom": [CURSES[c].id for c in cards[1:]]}
    assert kept.to == {0} and {"seat": 0, "bottom": left - 1} in [e.data for e in events if e.kind == "candle_done"]


def test_black_candle_choices_are_refused_out_of_their_moment_and_when_malformed():
    s = new()
    clear_hands(s)
    give(s, 0, "A10")
    to_phase2(s, "PU PU PU PU PU")
    top = s.cdeck[-1]
    with pytest.raises(hexbox.IllegalAction) as err:
        act(s, 0, A.KEEP_CARD[top, -1])
    assert str(err.value) == "there is no Black Candle choice to make now"
    use(s, 0, "A10")
    other = next(c for c in range(len(CURSES)) if c not in s.candle)
    with pytest.raises(hexbox.IllegalAction) as err:
        act(s, 0, A.KEEP_CARD[s.candle[0], other])
    assert str(err.value) == ("keep one of the three cards you looked at and name one of the others for the "
                              "bottom")


def test_R17_R48_the_artefacts_offered_in_each_moment_of_the_own_turn():
    # own_turn artefacts (Gris-Gris, Spirit Ward) at any time of one's turn; phase1 ones (Rabbit's Foot) once the
    # dice are rolled; phase2 ones only after keep; Smellin' Doll, Bone Amulet and Mirror Gourd never on one's turn
    s = new()
    clear_hands(s)
    give(s, 0, *[f"A{i:02d}" for i in range(1, 14)])
    curse_on(s, "C04", 1, 0)
    offered = lambda: {a.artefact for a in s.legal_actions(0) if a.kind == "use_artefact"}  # noqa: E731
    assert offered() == {"A08", "A13"}
    roll(s, "PU PU PU PU PU")
    assert offered() == {"A02", "A08", "A13"}
    act(s, 0, A.KEEP)
    assert offered() == {"A03", "A04", "A08", "A09", "A10", "A11", "A12", "A13"}  # nothing set aside: no A05
    s2 = new()
    clear_hands(s2)
    give(s2, 0, "A05", "A03")
    roll(s2, "PU PU PU PU PU PU")
    act(s2, 0, {"kind": "reroll", "drop": "PU", "dice": "PU PU PU PU"})
    act(s2, 0, A.KEEP)
    while s2.phase == 1:
        act(s2, s2.actors[0], A.DONE)
    assert {a.artefact for a in s2.legal_actions(0) if a.kind == "use_artefact"} == {"A03", "A05"}


def test_R17_R36_a_smellin_doll_cast_is_announced_with_the_artefact_and_the_dice_it_paid_with():
    s = new()
    clear_hands(s)
    give(s, 2, "A01", "C04")
    give(s, 1, "A12")
    roll(s, "BA BA PU PU PU")
    act(s, 0, A.KEEP)
    events = use(s, 2, "A01", curse="C04", target=3, dice="BA BA")
    kinds = [e.kind for e in events]
    assert kinds[0] == "artefact_used" and "cast" in kinds and all(e.public for e in events)
    cast = next(e for e in events if e.kind == "cast")
    assert cast.data["caster"] == 2 and cast.data["target"] == 3 and cast.data["pay"] == "BA BA"
    assert public(s)["artefact_deck"]["known"][0] == [0, "A01"]  # face up at the bottom, known to all (R17)


# ---- the same artefacts used by another seat than seat 0, and on a bag that already holds the face ----------------

def on_turn_of(seat, *cards, faces="PU PU PU PU PU"):
    """Seat ``seat`` (4 players) in phase 2 holding ``cards``."""
    s = new(first_seat=seat)
    clear_hands(s)
    give(s, seat, *cards)
    to_phase2(s, faces)
    return s


def test_witchs_ladle_adds_to_a_face_already_in_the_bag():
    s = on_turn_of(0, "A03", faces="PU PU PU GH GH")
    use(s, 0, "A03", face="PU", face_to="GH")
    assert s.bag == dice("PU PU GH GH GH")


def test_spirit_ward_of_seat_2_joins_a_ward_already_up():
    s = on_turn_of(2, "A13")
    s.ward = 1 << 0  # seat 0's ward from its own turn is still up
    use(s, 2, "A13")
    assert s.ward == (1 << 0) | (1 << 2) and public(s)["spirit_ward"] == [0, 2]


def test_black_candle_of_seat_3_shows_the_cards_to_seat_3_only():
    s = on_turn_of(3, "A10")
    use(s, 3, "A10")
    assert all(s.cseen[c] == 1 << 3 for c in s.candle)
    assert len(private(s, 3)["my_candle"]) == 3 and private(s, 1)["my_candle"] == []


def test_wolf_totem_of_seat_1_leaves_only_the_two_knowing_which_card_moved():
    s = on_turn_of(1, "A11")
    give(s, 3, "C04", "C05")
    s.cseen[CURSE_INDEX["C04"]] = s.cseen[CURSE_INDEX["C05"]] = 0b1111  # known to every seat, as if shown
    s.rng = ScriptedRng(seed=1)
    use(s, 1, "A11", target=3)
    taken = s.hand[1][0]
    left = s.hand[3][0]
    pair = (1 << 1) | (1 << 3)
    assert s.cseen[taken] == pair
    assert s.cseen[left] == pair  # the others cannot tell which of the two cards stayed
    assert private(s, 3)["known_curses"]["1"] == [CURSES[taken].id]


def test_gris_gris_bag_is_announced_with_the_discard():
    s = new()
    clear_hands(s)
    give(s, 0, "A08")
    curse_on(s, "C05", 1, 0)
    events = use(s, 0, "A08", curse="C05")
    assert events[0].kind == "artefact_used" and len(events) > 1
    assert any("C05" in str(e.data) for e in events[1:])


def test_R37_smellin_doll_is_refused_outside_the_bag_window_by_name():
    # the claim window also has open seats; a Doll is still not usable there
    s = new()
    clear_hands(s)
    give(s, 1, "A01", "C04")
    curse_on(s, "C05", 1, 0)
    roll(s, "BA BA PU PU PU")  # seat 0 forgot to cluck
    act(s, 0, A.KEEP)
    act(s, 1, A.DONE)
    act(s, 0, A.PASS_DOLL)
    assert s.phase_name == "claim_window" and 1 in s.actors
    with pytest.raises(hexbox.IllegalAction) as err:
        use(s, 1, "A01", curse="C04", target=0, dice="BA BA")
    assert str(err.value) == "Smellin' Doll is used when an adversary completes their bag"


# ---- when an artefact may not be used, and why (R17, R37, R48, D23, D29) ---------------------------------------

def _rolled(seat=0):
    s = new(first_seat=seat)
    clear_hands(s)
    return s


def _phase1_unrolled():
    s = _rolled()
    give(s, 0, "A02")
    return s


def _phase1_rolled():
    s = _rolled()
    give(s, 0, "A02")
    roll(s, "PU PU PU PU PU")
    return s


def _phase2(*cards, seat=0, faces="PU PU PU PU PU"):
    s = _rolled(seat)
    give(s, seat, *cards)
    to_phase2(s, faces)
    return s


def _war_mask_rolled():
    s = _phase1_rolled()
    give(s, 0, "A12")
    return s


def _empty_deck(card):
    s = _phase2(card)
    s.cdeck.clear()
    return s


ARTEFACT_REFUSALS = [
    ("R48 Rabbit's Foot before the roll", _phase1_unrolled, 0, {"artefact": "A02", "dice": "PU"},
     "Rabbit's Foot cannot be used now (phase1)"),
    ("R48 Rabbit's Foot after keep", lambda: _phase2("A02"), 0, {"artefact": "A02", "dice": "PU"},
     "Rabbit's Foot cannot be used now (phase1)"),
    ("R48 War Mask before keep", _war_mask_rolled, 0, {"artefact": "A12"}, "War Mask cannot be used now (phase2)"),
    ("Rabbit's Foot on dice not in the bag", _phase1_rolled, 0, {"artefact": "A02", "dice": "SK"},
     "your bag does not hold SK"),
    ("Witch's Ladle on a face not in the bag", lambda: _phase2("A03"), 0,
     {"artefact": "A03", "face": "SK", "face_to": "PU"}, "your bag holds no SK"),
    ("Twin Bone on a face not in the bag", lambda: _phase2("A04"), 0, {"artefact": "A04", "face": "GH"},
     "your bag holds no GH"),
    ("Grave Dust with nothing set aside", lambda: _phase2("A05"), 0, {"artefact": "A05", "face": "PU"},
     "you set no PU aside this turn"),
    ("D23 Gris-Gris on a curse not in play, by seat 1", lambda: _phase2("A08", seat=1), 1,
     {"artefact": "A08", "curse": "C05"}, "you are not the single victim of C05 (D23)"),
    ("Jumping Bean on an empty deck", lambda: _empty_deck("A09"), 0, {"artefact": "A09"}, "the Curse deck is empty"),
    ("Black Candle on an empty deck", lambda: _empty_deck("A10"), 0, {"artefact": "A10"}, "the Curse deck is empty"),
    ("Wolf Totem on oneself", lambda: _phase2("A11"), 0, {"artefact": "A11", "target": 0},
     "name an adversary at the table"),
    ("Wolf Totem past the table", lambda: _phase2("A11"), 0, {"artefact": "A11", "target": 4},
     "name an adversary at the table"),
    ("Bone Amulet on one's own turn", lambda: _phase2("A06"), 0, {"artefact": "A06"},
     "Bone Amulet is used when a curse is cast on you"),
    ("R37 Smellin' Doll with a curse one does not hold", None, 2,
     {"artefact": "A01", "curse": "C04", "target": 0, "dice": "BA BA"}, "C04 is not in your hand"),
    ("a card one does not hold", lambda: _phase2("A12"), 0, {"artefact": "A13"}, "you do not hold Spirit Ward"),
]


def _doll_window():
    s = new()
    clear_hands(s)
    give(s, 2, "A01", "C05")
    roll(s, "BA BA PU PU PU")
    act(s, 0, A.KEEP)
    return s


@pytest.mark.parametrize("name, make, seat, fields, reason", ARTEFACT_REFUSALS, ids=[c[0] for c in ARTEFACT_REFUSALS])
def test_an_artefact_use_out_of_its_moment_is_refused_with_the_reason(name, make, seat, fields, reason):
    s = (make or _doll_window)()
    before = s.observe(None), s.observe(seat)
    with pytest.raises(hexbox.IllegalAction) as err:
        use(s, seat, **fields)
    assert str(err.value) == reason
    assert (s.observe(None), s.observe(seat)) == before


def test_wolf_totem_teaches_the_thief_nothing_of_the_card_left_behind():
    s = on_turn_of(1, "A11")
    give(s, 3, "C04", "C05")
    s.cseen[CURSE_INDEX["C04"]] = s.cseen[CURSE_INDEX["C05"]] = 1 << 3  # only their holder knows them
    s.rng = ScriptedRng(seed=1)
    use(s, 1, "A11", target=3)
    assert s.cseen[s.hand[1][0]] == (1 << 1) | (1 << 3) and s.cseen[s.hand[3][0]] == 1 << 3


def test_R37_a_smellin_doll_cast_pays_only_with_dice_of_that_bag():
    s = new()
    clear_hands(s)
    give(s, 2, "A01", "C05")
    roll(s, "BA BA PU PU PU")
    act(s, 0, A.KEEP)
    with pytest.raises(hexbox.IllegalAction) as err:
        use(s, 2, "A01", curse="C05", target=0, dice="PU CR")
    assert str(err.value) == "seat 0's bag does not hold PU CR"


def test_an_own_turn_artefact_in_someone_elses_window_is_refused_by_name():
    s = new()
    clear_hands(s)
    give(s, 2, "A13", "A01")
    roll(s, "BA BA PU PU PU")
    act(s, 0, A.KEEP)
    assert 2 in s.actors
    with pytest.raises(hexbox.IllegalAction) as err:
        use(s, 2, "A13")
    assert str(err.value) == "Spirit Ward cannot be used now (own turn)"
