"""The Day (R16-R23), turning and death after every card movement (R20, R30-R33), D9, D17."""

import pytest
from growl_helpers import counts, hold, kinds, lay, night, pass_all, pub, set_deck, start, table

import hexbox
from hexbox.games.growl import actions as A
from hexbox.games.growl.phases import GIVE, NIGHT_CARD, PASSING


def test_R16_R21_turns_go_clockwise_skipping_the_dead():
    # R16, R21: turns go clockwise skipping the dead
    s = table(6)
    s.dead[2] = True
    start(s, 0)
    order = []
    for _ in range(6):
        order.append(s.active)
        s.apply(s.active, A.GIVE[s.neighbour(s.active, 1)])
    assert order == [0, 1, 3, 4, 5, 0]


def test_R18_the_top_card_must_go_to_another_living_player():
    # R18: the top card must go to another living player
    s = table(6, deck=("wound", "gold"))
    s.dead[4] = True
    start(s, 1)
    assert s.phase == GIVE
    targets = [a.target for a in s.legal_actions(1)]
    assert targets == [0, 2, 3, 5]  # never oneself, never the dead
    with pytest.raises(hexbox.IllegalAction):
        s.apply(1, A.GIVE[1])
    with pytest.raises(hexbox.IllegalAction):
        s.apply(1, A.GIVE[4])
    events = s.apply(1, A.GIVE[3])
    assert counts(s, 3) == {"wound": 1}
    gave = next(e for e in events if e.kind == "gave")
    # R18: the card and the receiver are public
    assert gave.public and gave.data["card"] == "wound" and gave.data["to"] == 3
    assert pub(s)["seats"][3]["pinned"] == {"wound": 1}


def test_R19_a_spell_lies_face_up_in_front_of_its_receiver():
    # R19: a spell lies face up in front of its receiver
    s = table(6, deck=("wolfsbane", "gold"), spells=True)
    start(s, 0)
    s.apply(0, A.GIVE[2])
    assert sum(s.hands[2]) == 0
    assert pub(s)["seats"][2]["front"] == ["wolfsbane"]


def test_R20_R30_a_third_net_bite_turns_a_human_at_once():
    # R20, R30: a third net bite turns a human at once
    s = table(6, deck=("bite", "bite", "gold"))
    hold(s, 3, bite=1, charm=1)
    start(s, 0)
    s.apply(0, A.GIVE[3])
    assert not s.wolf[3]  # 2 bites - 1 charm
    s.apply(1, A.GIVE[3])
    assert not s.wolf[3]  # 3 - 1 = 2
    hold(s, 3, bite=3)
    set_deck(s, "gold", "gold")
    start(s, 2)
    events = s.apply(2, A.GIVE[3])
    assert s.wolf[3]
    turned = next(e for e in events if e.kind == "turned")
    # R30: secretly
    assert turned.to == {3}


def test_R20_R31_R33_a_third_net_wound_kills_and_the_death_is_announced_without_team():
    # R20, R31, R33: a third net wound kills and the death is announced without team
    s = table(6, deck=("wound", "gold", "gold"))
    hold(s, 4, wound=2, gold=1)
    start(s, 0)
    events = s.apply(0, A.GIVE[4])
    assert s.dead[4]
    died = next(e for e in events if e.kind == "died")
    assert died.public and died.data == {"seat": 4}
    # R33: the dead keep their cards, take no turns and receive nothing
    assert counts(s, 4) == {"gold": 1, "wound": 3}
    assert all(a.target != 4 for a in s.legal_actions(s.active))


def test_R32_turning_comes_before_death():
    # R32: turning comes before death
    s = table(6, deck=("bite", "gold"), curses=True)
    hold(s, 2, bite=2, holy_water=1)  # human: holy water counts nothing (R36)
    start(s, 0)
    assert s.net_wounds(2) == 0
    events = s.apply(0, A.GIVE[2])
    # it turns first, and then its Holy Water counts 2 wounds: not yet dead
    assert s.wolf[2] and not s.dead[2] and s.net_wounds(2) == 2
    hold(s, 3, bite=2, holy_water=1, wound=1)
    set_deck(s, "bite", "gold")
    start(s, 1)
    events = s.apply(1, A.GIVE[3])
    assert s.wolf[3] and s.dead[3]
    assert kinds(events).index("turned") < kinds(events).index("died")


def test_R22_D9_a_night_card_uses_the_turn_and_the_deck_passes_from_the_revealer():
    # R22, D9: a night card uses the turn and the deck passes from the revealer
    s = table(6)
    for p in range(6):
        hold(s, p, gold=2)
    night(s, "caged", seat=2)
    assert s.phase == NIGHT_CARD and s.actors == (2,)
    assert pub(s)["talk_allowed"] is False
    s.apply(2, A.TARGET[5])
    assert s.phase == PASSING
    pass_all(s)
    # the deck passes to the revealer's left neighbour; seat 3 now gives the next card
    assert s.active == 3 and s.phase == GIVE
    assert pub(s)["talk_allowed"] is True


def test_R23_D17_a_bite_nobody_may_receive_is_discarded():
    # R23, D17: a bite nobody may receive is discarded
    s = table(4, deck=("bite", "wound", "gold"), spells=True)
    for p in (1, 2, 3):
        lay(s, p, "wolfsbane" if p == 1 else "charm_bracelet")
    # only seat 1 owns Wolfsbane: the Bite may go to 2 or 3
    start(s, 0)
    assert [a.target for a in s.legal_actions(0)] == [2, 3]
    s2 = table(4, deck=("bite", "wound", "gold"), spells=True)
    for p in (1, 2, 3):
        s2.front[p] = []
        lay(s2, p, "wolfsbane")
    events = start(s2, 0)
    assert "discarded" in kinds(events)
    assert pub(s2)["discards"] == ["bite"]
    # the turn ended: seat 1 now gives the Wound
    assert s2.active == 1 and s2.phase == GIVE


def test_D17_day_cards_other_than_bites_always_have_a_receiver():
    # D17: day cards other than bites always have a receiver
    s = table(4, deck=("wound", "gold"), spells=True)
    for p in (1, 2, 3):
        lay(s, p, "wolfsbane")
    start(s, 0)
    assert [a.target for a in s.legal_actions(0)] == [1, 2, 3]


def test_R33_dead_players_cannot_be_picked_by_night_cards():
    # R33: dead players cannot be picked by night cards
    s = table(6)
    for p in range(6):
        hold(s, p, gold=2)
    s.dead[3] = True
    night(s, "blood_hound", seat=0)
    assert 3 not in [a.target for a in s.legal_actions(0)]


def test_R2_D2_left_is_the_next_seat_clockwise_and_the_dead_are_skipped():
    # R2, D2: left = next clockwise, right = previous; closest living neighbours skip the dead
    s = table(6)
    assert s.neighbour(2, 1) == 3 and s.neighbour(2, -1) == 1
    assert s.neighbour(5, 1) == 0 and s.neighbour(0, -1) == 5
    s.dead[3] = s.dead[1] = True
    assert s.neighbour(2, 1) == 4 and s.neighbour(2, -1) == 0
    assert pub(s)["seats"][3]["alive"] is False
