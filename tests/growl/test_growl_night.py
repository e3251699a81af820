"""The Night Phase: passing (R24-R29) and the eight Night cards (R53-R60), D14, D18, D19."""

import pytest
from growl_helpers import (
    counts,
    hold,
    kinds,
    lay,
    log,
    mine,
    night,
    pass_all,
    pub,
    set_deck,
    start,
    table,
    views,
    wolves,
)

import hexbox
from hexbox.games.growl import actions as A
from hexbox.games.growl.cards import INDEX
from hexbox.games.growl.phases import CONTRIBUTE, PASSING, SHOW


def np(left, right):
    return A.NIGHT_PASS[INDEX[left]][INDEX[right]]


def five_golds(players=6, **options):
    s = table(players, **options)
    for p in range(players):
        hold(s, p, gold=2)
    return s


def test_R25_everyone_passes_one_left_and_one_right_at_once():
    # R25: everyone passes one left and one right at once
    s = five_golds(4)
    hold(s, 0, wound=1, salve=1)
    night(s, "insomnia", seat=1)
    s.apply(1, A.TARGET[1])
    assert s.phase == PASSING and s.actors == (0, 1, 2, 3)
    before = views(s)
    s.apply(0, np("wound", "salve"))
    # R25: the choice is hidden from the others until the passing is over; the seat sees its own choice
    after = views(s)
    assert after[0] != before[0]
    for o in (1, 2, 3, None):
        obs = s.observe(o)
        assert "salve" not in str(log(s, o)) and (obs["private"] or {}).get("my_choice") is None
    assert mine(s, 0)["my_choice"] == ["wound", "salve"]
    assert s.actors == (1, 2, 3)
    with pytest.raises(hexbox.IllegalAction):  # and cannot change it
        s.apply(0, np("gold", "gold"))
    pass_all(s)
    assert counts(s, 1) == {"gold": 1, "wound": 1}  # seat 1 is seat 0's left
    assert counts(s, 3)["salve"] == 1  # seat 3 is seat 0's right


def test_R25_two_copies_of_one_id_but_not_one_card_twice():
    # R25: two copies of one id but not one card twice
    s = five_golds(4)
    hold(s, 0, wound=1, gold=1)
    night(s, "insomnia", seat=1)
    s.apply(1, A.TARGET[1])
    legal = s.legal_actions(0)
    assert np("wound", "gold") in legal and np("gold", "wound") in legal
    assert np("wound", "wound") not in legal and np("gold", "gold") not in legal
    assert np("gold", "gold") in s.legal_actions(1)


def test_R26_humans_may_not_pass_bites_werewolves_may():
    # R26: humans may not pass bites werewolves may
    s = five_golds(4)
    hold(s, 0, bite=1, gold=2)
    hold(s, 1, bite=1, gold=2)
    wolves(s, 1)
    night(s, "insomnia", seat=2)
    s.apply(2, A.TARGET[2])
    assert all("bite" not in (a.left, a.right) for a in s.legal_actions(0))
    assert np("bite", "gold") in s.legal_actions(1)


def test_R26_D11_nobody_passes_a_bite_to_a_wolfsbane_owner():
    # R26, D11: nobody passes a bite to a wolfsbane owner
    s = five_golds(4, spells=True)
    hold(s, 1, bite=2, gold=1)
    wolves(s, 1)
    lay(s, 2, "wolfsbane")
    night(s, "insomnia", seat=3)
    s.apply(3, A.TARGET[3])
    legal = s.legal_actions(1)
    assert np("gold", "bite") in legal  # to the right (seat 0)
    assert np("bite", "gold") not in legal  # to the left (seat 2, Wolfsbane)


def test_R27_D14_a_player_without_two_legal_cards_passes_nothing_but_still_receives():
    # R27, D14: a player without two legal cards passes nothing but still receives
    s = five_golds(4)
    hold(s, 0, bite=3, charm=1)  # human (3 - 1 = 2 net bites), only one passable card
    night(s, "insomnia", seat=1)
    s.apply(1, A.TARGET[1])
    assert s.legal_actions(0) == [A.PASS_NONE]
    assert s.default_action(0) == A.PASS_NONE
    pass_all(s)
    assert sum(s.hands[0]) == 6 and not s.dead[0]


def test_R27_cant_pass_die_option():
    # R27: cant pass die option
    s = five_golds(5, cant_pass="die")
    hold(s, 0, bite=3, charm=1)
    night(s, "insomnia", seat=1)
    events = s.apply(1, A.TARGET[1])
    assert s.dead[0] and "cannot_pass" in kinds(events)
    assert s.phase == PASSING and 0 not in s.actors and s.sides[1][1] == 4


def test_R28_received_cards_come_as_a_multiset_without_senders():
    # R28: received cards come as a multiset without senders
    s = five_golds(4)
    hold(s, 0, wound=1, gold=1)
    hold(s, 2, salve=1, gold=1)
    night(s, "caged", seat=3)
    s.apply(3, A.TARGET[3])
    events = pass_all(s, {0: ("wound", "gold"), 2: ("gold", "salve")})
    got = next(e for e in events if e.kind == "received" and e.to == {1})
    assert got.data == {"cards": ["salve", "wound"], "senders": None}
    public = [e for e in events if e.public]
    assert "night_passing" in kinds(public)
    assert not any("card" in e.data or "cards" in e.data for e in public)


def test_R24_R58_a_player_killed_by_the_night_card_takes_no_part_in_the_passing():
    # R24, R58: a player killed by the night card takes no part in the passing
    s = five_golds(5)
    hold(s, 2, wound=2, gold=1)
    night(s, "silver_bullet", seat=0)
    assert pub(s)["talk_allowed"] is False
    s.apply(0, A.TARGET[2])
    assert s.dead[2] and s.phase == PASSING and 2 not in s.actors
    assert s.sides[1] == (3, 0)


def test_R29_R54_caged_sits_out_and_is_skipped():
    # R29, R54: caged sits out and is skipped
    s = five_golds(5)
    night(s, "caged", seat=0)
    s.apply(0, A.TARGET[2])
    assert s.actors == (0, 1, 3, 4)
    assert s.sides[1] == (3, 0) and s.sides[3] == (4, 1)
    pass_all(s)
    assert counts(s, 2) == {"gold": 2}


def test_R29_tanglevine_owner_sits_out_every_night():
    # R29: tanglevine owner sits out every night
    s = five_golds(5, spells=True)
    lay(s, 4, "tanglevine")
    night(s, "insomnia", seat=0)
    s.apply(0, A.TARGET[0])
    assert s.actors == (0, 1, 2, 3)
    assert s.sides[0] == (1, 3)


def test_R29_a_lonely_taking_part_player_passes_nothing():
    # R29: a lonely taking part player passes nothing
    s = five_golds(4, spells=True)
    lay(s, 1, "tanglevine")
    lay(s, 2, "tanglevine")
    night(s, "caged", seat=0)
    s.apply(0, A.TARGET[3])
    assert s.phase != PASSING and s.active == 1  # no passing at all: the next turn began


def test_R53_blood_hound_shows_a_whole_hand_privately():
    # R53: blood hound shows a whole hand privately
    s = five_golds(6)
    hold(s, 3, bite=2, wound=1)
    night(s, "blood_hound", seat=0)
    assert [a.target for a in s.legal_actions(0)] == [1, 2, 3, 4, 5]
    events = s.apply(0, A.TARGET[3])
    seen = next(e for e in events if e.kind == "hand_seen")
    assert seen.to == {0} and seen.data["hand"] == {"wound": 1, "bite": 2}
    assert mine(s, 0)["known_hands"]["3"] == {"wound": 1, "bite": 2}
    assert "3" not in mine(s, 1)["known_hands"]


def test_R55_D26_hypnosis_counts_are_public():
    # R55, D26: hypnosis counts are public
    s = five_golds(6)
    hold(s, 2, bite=2)
    hold(s, 4, gold=1)
    night(s, "hypnosis", seat=0)
    cards = {a.card for a in s.legal_actions(0)}
    assert "gold" not in cards and "hex" not in cards and "bite" in cards  # D26: no Curses ids without Curses
    events = s.apply(0, A.HYPNOSIS[(INDEX["bite"], 2, 4)])
    h = next(e for e in events if e.kind == "hypnosis")
    assert h.public and h.data["counts"] == {"2": 2, "4": 0}
    assert pub(s)["seats"][2]["pinned"] == {"bite": 2}


def test_R56_insomnia_tells_the_sender_of_each_card():
    # R56: insomnia tells the sender of each card
    s = five_golds(4)
    hold(s, 0, wound=1, gold=1)
    night(s, "insomnia", seat=3)
    s.apply(3, A.TARGET[1])
    events = pass_all(s, {0: ("wound", "gold")})
    got = next(e for e in events if e.kind == "received" and e.to == {1})
    assert got.data["cards"] == ["gold", "wound"]
    assert got.data["senders"] == [{"from": 0, "card": "wound"}, {"from": 2, "card": "gold"}]


def test_R57_D23_seance_reveals_the_team_at_death_to_all():
    # R57, D23: seance reveals the team at death to all
    s = five_golds(6)
    s.dead[4] = True
    wolves(s, 4)
    night(s, "seance", seat=0)
    assert len(s.legal_actions(0)) == 6  # living or dead
    events = s.apply(0, A.TARGET[4])
    assert any(e.kind == "seance" and e.public and e.data == {"seat": 4, "werewolf": True} for e in events)
    # on a living player: revealed at the moment of death
    s2 = five_golds(6)
    hold(s2, 2, wound=2, gold=1)
    night(s2, "seance", seat=0)
    s2.apply(0, A.TARGET[2])
    assert pub(s2)["seance"] == []
    pass_all(s2)
    hold(s2, 2, wound=2, gold=2)
    set_deck(s2, "wound", "gold")
    s2.apply(s2.active, A.GIVE[2])
    assert s2.dead[2]
    assert pub(s2)["seance"] == [{"seat": 2, "werewolf": False}]


def test_R58_D19_silver_bullet_and_its_salve():
    # R58, D19: silver bullet and its salve
    s = five_golds(6)
    hold(s, 1, wound=1, salve=1)
    wolves(s, 1)
    night(s, "silver_bullet", seat=0)
    s.apply(0, A.TARGET[1])
    assert not s.dead[1] and s.net_wounds(1) == 2
    assert pub(s)["seats"][1]["front"] == ["silver_bullet"]


def test_R59_D18_the_gift_swaps_two_secret_cards_mixed_with_the_passes():
    # R59, D18: the gift swaps two secret cards mixed with the passes
    s = five_golds(6)
    hold(s, 1, gold=3, wound=1, salve=1)
    hold(s, 4, gold=4, bite=1)
    night(s, "the_gift", seat=0)
    assert s.legal_actions(0) == [A.TARGET2[A.PAIR_INDEX[(1, 4)]]]
    s.apply(0, A.TARGET2[A.PAIR_INDEX[(1, 4)]])
    assert s.phase == CONTRIBUTE and s.actors == (1, 4)
    s.apply(4, A.CONTRIBUTE[INDEX["bite"]])  # a Bite is allowed, even from a human
    assert mine(s, 1)["my_choice"] is None and mine(s, 4)["my_choice"] == "bite"
    s.apply(1, A.CONTRIBUTE[INDEX["wound"]])
    assert s.phase == PASSING
    pass_all(s)
    assert s.hands[1][INDEX["bite"]] == 1 and s.hands[4][INDEX["wound"]] == 1


def test_R59_the_gift_without_two_rich_players_does_nothing():
    # R59: the gift without two rich players does nothing
    s = five_golds(6)
    night(s, "the_gift", seat=0)
    assert s.legal_actions(0) == [A.NO_TARGET]
    s.apply(0, A.NO_TARGET)
    assert s.phase == PASSING


def test_R60_truth_serum_a_werewolf_with_a_bite_must_show_it():
    # R60: truth serum a werewolf with a bite must show it
    s = five_golds(6)
    hold(s, 2, bite=1, gold=1)
    wolves(s, 2)
    night(s, "truth_serum", seat=0)
    s.apply(0, A.TARGET[2])
    assert s.phase == SHOW and s.legal_actions(2) == [A.SHOW[INDEX["bite"]]]
    events = s.apply(2, A.SHOW[INDEX["bite"]])
    shown = next(e for e in events if e.kind == "shown_card")
    assert shown.to == {0, 2} and shown.data["card"] == "bite"
    assert mine(s, 0)["told"] == {"2": True}


def test_R60_truth_serum_others_show_any_card_but_a_bite():
    # R60: truth serum others show any card but a bite
    s = five_golds(6)
    hold(s, 2, bite=1, gold=1, wound=1)  # human
    night(s, "truth_serum", seat=0)
    s.apply(0, A.TARGET[2])
    assert s.legal_actions(2) == [A.SHOW[INDEX["gold"]], A.SHOW[INDEX["wound"]]]
    hold(s, 3, bite=1)
    wolves(s, 3)
    s2 = five_golds(6)
    hold(s2, 3, gold=0)
    night(s2, "truth_serum", seat=0)
    events = s2.apply(0, A.TARGET[3])
    assert "shows_nothing" in kinds(events) and s2.phase == PASSING


def test_R59_a_game_ending_before_the_passing_still_delivers_the_gift():
    # R59, R47: the two exchanged cards wait on the home tiles for the passing; if the game ends first (here a
    # Salve given away kills its giver and leaves two alive, R70), they still reach their receivers: no card
    # ever leaves the game, and they count at the end (R72)
    s = five_golds(4)
    s.dead[3] = True
    hold(s, 1, wound=3, salve=1, gold=1)  # net 2 wounds while the Salve stays
    hold(s, 2, gold=5)
    night(s, "the_gift", seat=0)
    s.apply(0, A.TARGET2[A.PAIR_INDEX[(1, 2)]])
    s.apply(2, A.CONTRIBUTE[INDEX["gold"]])
    events = s.apply(1, A.CONTRIBUTE[INDEX["salve"]])
    assert s.dead[1] and s.is_over and s.result.kind == "two_or_fewer_alive"
    assert counts(s, 1) == {"gold": 2, "wound": 3} and counts(s, 2) == {"gold": 4, "salve": 1}
    assert s.gift == () and s.result.scores[2] == 5  # R72: 1 + 4 Gold
    got = next(e for e in events if e.kind == "received" and e.to == {2})
    assert got.data == {"cards": ["salve"], "senders": None}
    assert "the_gift" in pub(s)["discards"]  # R47: resolved, it is discarded face up
    over = next(e for e in events if e.kind == "game_over")
    assert {"from": 1, "to": 2, "card": "salve", "side": "gift", "night": 0} in over.data["night_passes"]


def test_R47_a_resolved_night_card_goes_face_up_to_the_discards():
    # R47: after its effect the card lies on the public discard pile; Séance and Silver Bullet stay in front
    s = five_golds(5)
    night(s, "caged", seat=0)
    assert pub(s)["night_card"] == "caged" and "caged" not in pub(s)["discards"]
    s.apply(0, A.TARGET[2])
    assert pub(s)["discards"] == ["caged"]
    pass_all(s)
    assert pub(s)["discards"] == ["caged"] and pub(s)["night_card"] is None
    t = five_golds(5)
    night(t, "seance", seat=0)
    t.apply(0, A.TARGET[3])
    assert pub(t)["discards"] == [] and pub(t)["seats"][3]["front"] == ["seance"]
    u = five_golds(5)
    night(u, "the_accused", seat=0, then=())
    u.apply(0, A.BEGIN)
    for target in (4, 4, 4, 1, 4):  # seats 1, 2, 3, 4 and 0 vote in turn (R62)
        u.apply(u.actors[0], A.VOTE[target])
    assert u.dead[4] and pub(u)["discards"] == ["the_accused"]


def test_T1_R24_talk_is_silent_from_the_night_card_until_its_passing_is_over():
    # R24: no table talk from a Night card's reveal until its passing is over; a server reads talk_allowed
    s = five_golds(4)
    assert pub(s)["talk_allowed"] is True
    night(s, "caged", seat=0)
    assert pub(s)["talk_allowed"] is False
    s.apply(0, A.TARGET[1])
    assert s.phase == PASSING and pub(s)["talk_allowed"] is False
    s.apply(0, s.default_action(0))
    assert pub(s)["talk_allowed"] is False
    pass_all(s)
    assert s.phase != PASSING and pub(s)["talk_allowed"] is True


def test_R57_every_seance_death_is_remembered():
    s = five_golds(6)
    s.dead[4] = s.dead[5] = True
    wolves(s, 4)
    s.seance = ()
    s.reveal_team(4)
    s.reveal_team(5)
    assert pub(s)["seance"] == [{"seat": 4, "werewolf": True}, {"seat": 5, "werewolf": False}]


def test_R25_R26_a_night_pass_is_refused_by_name_once_the_night_is_over():
    # the options worked out at nightfall are the legal list only while the passing lasts
    s = five_golds(4)
    night(s, "insomnia", seat=1)
    s.apply(1, A.TARGET[1])
    assert s.phase == PASSING
    offered = s.pass_opts[0][0]
    pass_all(s)
    assert s.phase != PASSING
    seat = s.actors[0]
    stale = s.pass_opts[seat][0] if s.pass_opts[seat] else offered
    with pytest.raises(hexbox.IllegalAction) as err:
        s.apply(seat, stale)
    assert str(err.value) == f"seat {seat} cannot {stale} now"


def test_R18_a_day_gift_to_a_seat_out_of_reach_is_refused_by_name():
    s = five_golds(6)
    start(s, 0)
    outside = next(t for t in range(6) if t not in s.window)
    with pytest.raises(hexbox.IllegalAction) as err:
        s.apply(0, A.GIVE[outside])
    assert str(err.value) == f"seat {outside} may not receive a card from seat 0 now"
