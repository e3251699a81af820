"""The Spells expansion (R17, R41-R52): the spell step, gold-triggered spells, triggers, D10-D12, D20-D22, D27."""

import pytest
from growl_helpers import counts, hold, kinds, lay, mine, night, pass_all, pub, start, table, wolves

import hexbox
from hexbox.games.growl import actions as A
from hexbox.games.growl.cards import INDEX
from hexbox.games.growl.phases import GIVE, RATTLE, SPELL_STEP

GOLD, CURSED = INDEX["gold"], INDEX["cursed_gold"]


def spells_table(players=5, **options):
    s = table(players, spells=True, curses=True, **options)
    for p in range(players):
        hold(s, p, salve=1)
    return s


def test_R17_the_spell_step_comes_first_and_only_when_usable():
    # R17: the spell step comes first and only when usable
    s = spells_table()
    lay(s, 0, "scrying_bowl")
    start(s, 0)
    assert s.phase == GIVE  # no Gold to pay: the step is skipped
    s = spells_table()
    lay(s, 0, "scrying_bowl")
    hold(s, 0, gold=1)
    start(s, 0)
    assert s.phase == SPELL_STEP and s.legal_actions(0)[0] == A.END_SPELLS
    assert s.default_action(0) == A.END_SPELLS
    s.apply(0, A.END_SPELLS)
    assert s.phase == GIVE


def test_R41_R19_spells_never_enter_a_hand_nor_a_night_pass():
    # R41, R19: spells never enter a hand nor a night pass
    s = spells_table(deck=("omen_crow", "gold"))
    start(s, 0)
    s.apply(0, A.GIVE[3])
    assert sum(s.hands[3]) == 1 and pub(s)["seats"][3]["front"] == ["omen_crow"]
    night(s, "insomnia", seat=1)
    s.apply(1, A.TARGET[1])
    assert all(a.kind == "pass_none" for a in s.legal_actions(3))


def test_R42_R43_R48_scrying_bowl_once_on_your_own_turn():
    # R42, R43, R48: scrying bowl once on your own turn
    s = spells_table()
    lay(s, 0, "scrying_bowl")
    hold(s, 0, gold=2)
    hold(s, 2, bite=1, wound=1)
    start(s, 0)
    events = s.apply(0, A.SCRY[(GOLD, 2)])
    seen = next(e for e in events if e.kind == "hand_seen")
    assert seen.to == {0} and seen.data["hand"] == {"wound": 1, "bite": 1}
    assert pub(s)["discards"] == ["gold"]  # R52, D20: paid in public
    # once per turn: the bowl is used, so the step closes by itself
    assert s.phase == GIVE
    s2 = spells_table()
    lay(s2, 1, "scrying_bowl")
    hold(s2, 1, gold=2)
    start(s2, 0)
    assert s2.legal_actions(1) == []  # not on another player's turn


def test_R46_R52_D21_healing_draught_discards_a_wound_card_or_the_silver_bullet():
    # R46, R52, D21: healing draught discards a wound card or the silver bullet
    s = spells_table()
    lay(s, 0, "healing_draught", "silver_bullet")
    hold(s, 0, cursed_gold=1, wound=1, salve=1)
    start(s, 0)
    legal = s.legal_actions(0)
    assert A.HEAL[(CURSED, INDEX["wound"])] in legal and A.HEAL[(CURSED, INDEX["silver_bullet"])] in legal
    assert A.HEAL[(CURSED, CURSED)] not in legal  # the paid card cannot also be the discarded one
    s.apply(0, A.HEAL[(CURSED, INDEX["silver_bullet"])])
    assert pub(s)["discards"] == ["cursed_gold", "silver_bullet"]
    assert pub(s)["seats"][0]["front"] == ["healing_draught"]


def test_R52_purifying_rite_keeps_a_werewolf_a_werewolf():
    # R52: purifying rite keeps a werewolf a werewolf
    s = spells_table()
    lay(s, 0, "purifying_rite")
    hold(s, 0, gold=1, bite=2)
    wolves(s, 0)
    start(s, 0)
    s.apply(0, A.PURIFY[GOLD])
    assert counts(s, 0) == {"bite": 1} and s.wolf[0]


def test_R45_R47_banishing_rite_discards_any_spell_of_a_living_player():
    # R45, R47: banishing rite discards any spell of a living player
    s = spells_table()
    lay(s, 0, "banishing_rite")
    lay(s, 2, "silver_bullet")
    lay(s, 3, "seance")
    s.dead[4] = True
    lay(s, 4, "wolfsbane")
    hold(s, 0, gold=1)
    start(s, 0)
    spells = {a.spell for a in s.legal_actions(0) if a.kind == "banish"}
    assert spells == {"silver_bullet", "seance"}  # not itself, not in front of the dead
    events = s.apply(0, A.BANISH[(GOLD, INDEX["silver_bullet"])])
    assert events[0].public and pub(s)["discards"] == ["gold", "silver_bullet"]


def test_R50_D27_spirit_leash_moves_a_spell_and_it_acts_at_once():
    # R50, D27: spirit leash moves a spell and it acts at once
    s = spells_table()
    lay(s, 0, "spirit_leash")
    lay(s, 1, "silver_bullet")
    hold(s, 0, gold=1, cursed_gold=1)
    hold(s, 3, wound=1, bite=1)
    wolves(s, 3)
    start(s, 0)
    assert A.LEASH[(GOLD, CURSED, INDEX["silver_bullet"], 1)] not in s.legal_actions(0)  # a different player
    s.apply(0, A.LEASH[(GOLD, CURSED, INDEX["silver_bullet"], 3)])
    assert s.dead[3]  # 1 wound + 2 for a werewolf behind the Silver Bullet
    assert pub(s)["seats"][3]["front"] == ["silver_bullet"]


def test_D12_tanglevine_escape_for_one_gold():
    # D12: tanglevine escape for one gold
    s = spells_table()
    lay(s, 0, "tanglevine")
    hold(s, 0, gold=1)
    start(s, 0)
    s.apply(0, A.ESCAPE[GOLD])
    assert pub(s)["seats"][0]["front"] == [] and "tanglevine" in pub(s)["discards"]


def test_R44_R51_death_rattle_pauses_the_game():
    # R44, R51: death rattle pauses the game
    s = spells_table(deck=("wound", "gold", "gold"))
    hold(s, 2, wound=2, bite=1)
    lay(s, 2, "death_rattle")
    lay(s, 4, "wolfsbane")
    start(s, 0)
    s.apply(0, A.GIVE[2])
    assert s.phase == RATTLE and s.actors == (2,)
    legal = s.legal_actions(2)
    assert A.DEATH_RATTLE[INDEX["bite"]][4] not in legal and A.DEATH_RATTLE[INDEX["bite"]][1] in legal  # D22
    assert A.DECLINE in legal
    events = s.apply(2, A.DEATH_RATTLE[INDEX["wound"]][1])
    assert any(e.kind == "death_rattle_card" and e.to == {1, 2} for e in events)
    assert s.active == 1 and s.phase == GIVE  # then the game goes on


def test_R30_R32_R44_a_dead_human_whose_net_bites_rise_never_turns():
    # R30, R32: only the living turn. A dying human holding 3 Bites and a Charm gives the Charm away by its
    # Death Rattle: its net bites rise to 3, and it stays a dead human (R33: its team does not change)
    s = spells_table(deck=("wound", "gold", "gold"))
    hold(s, 2, wound=2, bite=3, charm=1)
    lay(s, 2, "death_rattle")
    start(s, 0)
    s.apply(0, A.GIVE[2])
    assert s.dead[2] and s.phase == RATTLE
    events = s.apply(2, A.DEATH_RATTLE[INDEX["charm"]][1])
    assert s.net_bites(2) == 3 and not s.wolf[2]
    assert "turned" not in kinds(events)
    assert s.active == 1 and s.phase == GIVE
    # the receiver is alive: its Charm lowers its own net bites, and it does not turn either
    assert not s.wolf[1] and s.net_bites(1) == -1


def test_R49_omen_crow_intel_adds_up():
    s = spells_table(deck=("wound", "gold"))
    lay(s, 1, "omen_crow")
    s.intel = ((1, 4, False),)  # learnt at an earlier death
    hold(s, 3, wound=2, bite=1)
    wolves(s, 3)
    start(s, 0)
    s.apply(0, A.GIVE[3])
    assert s.intel == ((1, 4, False), (1, 3, True))


def test_R44_G9_death_rattle_default_and_declining_it():
    # G9: the default gives the first card in canonical order to the first living receiver clockwise; declining
    # is told to everyone and the game goes on
    s = spells_table(deck=("wound", "gold", "gold"))
    hold(s, 2, wound=2, bite=1, gold=1)
    lay(s, 2, "death_rattle")
    start(s, 0)
    s.apply(0, A.GIVE[2])
    assert s.phase == RATTLE
    legal = s.legal_actions(2)
    first = next(a for a in legal if a.kind != "decline")
    n, p = s.n, s.pos_of[2]
    left = next(s.seat_at[(p + k) % n] for k in range(1, n) if not s.dead[s.seat_at[(p + k) % n]])
    assert s.default_action(2) == next(a for a in legal if a.kind != "decline" and a.card == first.card
                                       and a.target == left)  # the first living seat on the dying seat's left
    events = s.apply(2, A.DECLINE)
    assert [e.to_json() for e in events][0] == {"kind": "death_rattle_declined", "data": {"seat": 2}, "to": None}
    assert s.phase == GIVE and s.active == 1


def test_R44_a_death_rattle_tells_the_dying_giver_what_the_receiver_holds():
    s = spells_table(deck=("wound", "gold", "gold"))
    hold(s, 2, wound=2, bite=1)
    lay(s, 2, "death_rattle")
    start(s, 0)
    s.apply(0, A.GIVE[2])
    s.apply(2, A.DEATH_RATTLE[INDEX["bite"]][4])
    assert mine(s, 2)["known_hands"]["4"]["bite"] >= 1


def test_R49_D23_omen_crow_tells_its_living_owner_the_team_of_the_dead():
    # R49, D23: omen crow tells its living owner the team of the dead
    s = spells_table(deck=("wound", "gold"))
    lay(s, 1, "omen_crow")
    hold(s, 3, wound=2, bite=1)
    wolves(s, 3)
    start(s, 0)
    events = s.apply(0, A.GIVE[3])
    crow = next(e for e in events if e.kind == "omen_crow")
    assert crow.to == {1} and crow.data == {"seat": 3, "werewolf": True}
    assert mine(s, 1)["told"] == {"3": True}


def test_R49_spells_of_the_dead_do_nothing():
    # R49: spells of the dead do nothing
    s = spells_table()
    lay(s, 2, "wolfsbane")
    s.dead[2] = True
    assert not s.owns(2, INDEX["wolfsbane"])
    lay(s, 3, "tanglevine")
    s.dead[3] = True
    night(s, "insomnia", seat=0)
    s.apply(0, A.TARGET[0])
    assert s.actors == (0, 1, 4)


def test_R44_moon_watcher_and_owl_feather_after_a_night():
    # R44: moon watcher and owl feather after a night
    s = spells_table()
    for p in range(5):
        hold(s, p, gold=2, bite=1)
    wolves(s, 0)
    lay(s, 2, "moon_watcher")
    lay(s, 1, "owl_feather")
    night(s, "insomnia", seat=3)
    s.apply(3, A.TARGET[3])
    events = pass_all(s, {0: ("bite", "gold")})
    owl = next(e for e in events if e.kind == "received" and e.to == {1})
    assert {"from": 0, "card": "bite"} in owl.data["senders"]
    moon = next(e for e in events if e.kind == "moon_watcher")
    assert moon.to == {2} and moon.data == {"bites": 1}


def test_R50_spells_stay_with_positions_not_players():
    # R50: spells stay with positions not players
    s = spells_table()
    lay(s, 1, "charm_bracelet")
    hold(s, 1, bite=3)
    hold(s, 4, bite=2)
    assert s.net_bites(1) == 2
    night(s, "the_sleepwalkers", seat=0, then=())
    s.apply(0, A.TARGET2[A.PAIR_INDEX[(1, 4)]])
    assert s.wolf[1] and not s.wolf[4] and s.net_bites(4) == 1


def test_R51_conflicts_resolve_clockwise_from_the_start_player():
    # R51: conflicts resolve clockwise from the start player
    s = spells_table()
    s.start_pos = 3
    for p in (1, 4):  # two Death Rattles only by surgery: the order is what is tested
        lay(s, p, "death_rattle")
        hold(s, p, gold=1)
    s.settle("_end_turn", killed=(1, 4))
    s.update_actors()  # by hand, outside apply
    # clockwise from position 3: seat 4 first, then seat 1
    assert s.rattles == [4, 1] and s.actors == (4,)
    s.apply(4, A.DECLINE)
    assert s.actors == (1,)


def test_D11_wolfsbane_blocks_bites_by_day():
    # D11: wolfsbane blocks bites by day
    s = spells_table(deck=("bite", "gold"))
    lay(s, 2, "wolfsbane")
    start(s, 0)
    assert 2 not in [a.target for a in s.legal_actions(0)]


def test_spell_step_refusals_change_nothing():
    s = spells_table()
    lay(s, 0, "scrying_bowl")
    hold(s, 0, gold=1)
    start(s, 0)
    with pytest.raises(hexbox.IllegalAction):
        s.apply(0, A.SCRY[(CURSED, 2)])  # no Cursed Gold to pay with
    with pytest.raises(hexbox.IllegalAction):
        s.apply(1, A.END_SPELLS)
    assert s.phase == SPELL_STEP and counts(s, 0) == {"gold": 1}
    assert kinds(s.log)[-1] == "turn"
