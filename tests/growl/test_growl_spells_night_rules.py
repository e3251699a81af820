"""Rules of the spell step (R17, R43-R52) and of the Night cards (R53-R68) that the mutation run of spells.py and
night.py showed untested (docs/mutation.md): each test builds a position, makes the move and checks what the
rules reference (docs/games/growl.md) says happens."""

import random

from growl_helpers import counts, hold, lay, mine, night, pass_all, pub, set_deck, start, table, wolves

from hexbox.games.growl import actions as A
from hexbox.games.growl.cards import INDEX
from hexbox.games.growl.phases import GIVE, HALLOWS, PASSING, PICK, POINT, SPELL_STEP

GOLD, CURSED, BITE, WOUND = INDEX["gold"], INDEX["cursed_gold"], INDEX["bite"], INDEX["wound"]


def spells_table(players=5, **options):
    s = table(players, spells=True, curses=True, **options)
    for p in range(players):
        hold(s, p, salve=1)
    return s


def golds(players=6, **options):
    s = table(players, **options)
    for p in range(players):
        hold(s, p, gold=2)
    return s


def leash_pays(s, seat):
    return {(a.pay1, a.pay2) for a in s.legal_actions(seat) if a.kind == "leash"}


# ---- the spell step (R17, R43, R46, R48, R52) ------------------------------------------------------------------


def test_R17_R43_every_usable_spell_is_offered_in_the_spell_step():
    # R17: with several spells in front of you, each one you can pay for can be used in your spell step
    s = spells_table()
    lay(s, 0, "tanglevine", "scrying_bowl", "healing_draught", "purifying_rite", "banishing_rite", "spirit_leash")
    hold(s, 0, gold=1, cursed_gold=1, bite=1, wound=1)
    start(s, 0)
    assert s.phase == SPELL_STEP
    legal = s.legal_actions(0)
    assert {a.kind for a in legal} == {"end_spells", "escape", "scry", "heal", "purify", "banish", "leash"}
    assert A.ESCAPE[GOLD] in legal and A.SCRY[(GOLD, 2)] in legal and A.PURIFY[CURSED] in legal
    assert A.BANISH[(GOLD, INDEX["tanglevine"])] in legal


def test_R43_R48_each_spell_once_per_turn_whatever_else_is_used():
    # R43, R48: each Gold-paid spell at most once per turn, also after another spell has been used since
    s = spells_table()
    lay(s, 0, "scrying_bowl", "healing_draught")
    hold(s, 0, gold=3, wound=1)
    start(s, 0)
    s.apply(0, A.SCRY[(GOLD, 2)])
    assert s.phase == SPELL_STEP and {a.kind for a in s.legal_actions(0)} == {"end_spells", "heal"}
    s.apply(0, A.HEAL[(GOLD, WOUND)])
    assert s.phase == GIVE  # both used: the Scrying Bowl is not offered again
    assert counts(s, 0) == {"gold": 1}


def test_R52_spirit_leash_costs_two_gold_cards():
    # R52: "Pay 2 Gold" is two hand cards with a Gold icon: two Golds, or a Gold and a Cursed Gold; one is not enough
    s = spells_table()
    lay(s, 0, "spirit_leash")
    lay(s, 1, "wolfsbane")
    hold(s, 0, gold=2, cursed_gold=1)
    start(s, 0)
    assert leash_pays(s, 0) == {("gold", "gold"), ("gold", "cursed_gold")}
    for hand in ({"gold": 1}, {"cursed_gold": 1}):
        t = spells_table()
        lay(t, 0, "spirit_leash", "scrying_bowl")
        lay(t, 1, "wolfsbane")
        hold(t, 0, **hand)
        start(t, 0)
        assert t.phase == SPELL_STEP and leash_pays(t, 0) == set()
    u = spells_table()
    lay(u, 0, "spirit_leash")
    lay(u, 1, "wolfsbane")
    hold(u, 0, cursed_gold=2)
    start(u, 0)
    assert leash_pays(u, 0) == {("cursed_gold", "cursed_gold")}


def test_R52_spirit_leash_comes_with_the_other_spells():
    # R17: the Spirit Leash is offered next to the Banishing Rite, the Scrying Bowl and the Healing Draught
    s = spells_table()
    lay(s, 0, "spirit_leash", "banishing_rite", "scrying_bowl", "healing_draught")
    lay(s, 2, "wolfsbane")
    hold(s, 0, gold=2, cursed_gold=1, wound=1)
    start(s, 0)
    assert {a.kind for a in s.legal_actions(0)} == {"end_spells", "scry", "heal", "banish", "leash"}


def test_R47_D20_the_table_is_told_what_each_spell_discarded():
    # R47, D20: every discard is public: the log says which spell was escaped, which Bite purified and whose spell
    # the Banishing Rite discarded
    s = spells_table()
    lay(s, 0, "tanglevine", "purifying_rite", "banishing_rite")
    lay(s, 2, "wolfsbane")
    hold(s, 0, gold=3, bite=1)
    start(s, 0)
    escape = s.apply(0, A.ESCAPE[GOLD])[0]
    assert escape.public and escape.kind == "spell"
    assert escape.data == {"seat": 0, "spell": "tanglevine", "paid": ["gold"], "discarded": "tanglevine"}
    purify = s.apply(0, A.PURIFY[GOLD])[0]
    assert purify.data == {"seat": 0, "spell": "purifying_rite", "paid": ["gold"], "discarded": "bite"}
    banish = s.apply(0, A.BANISH[(GOLD, INDEX["wolfsbane"])])[0]
    assert banish.data == {"seat": 0, "spell": "banishing_rite", "paid": ["gold"], "discarded": "wolfsbane", "from": 2}
    assert pub(s)["discards"] == ["gold", "tanglevine", "gold", "bite", "gold", "wolfsbane"]


def test_R45_the_banishing_rite_names_the_owner_it_took_the_spell_from():
    # R45, R47: the Rite discards the spell of the living player it lies in front of, and says whose it was
    s = spells_table()
    lay(s, 0, "banishing_rite")
    lay(s, 1, "silver_bullet")
    hold(s, 0, gold=1)
    start(s, 0)
    event = s.apply(0, A.BANISH[(GOLD, INDEX["silver_bullet"])])[0]
    assert event.data["from"] == 1 and pub(s)["seats"][1]["front"] == []


def test_R42_the_scrying_bowl_lets_its_owner_know_the_hand():
    # Scrying Bowl: its owner has seen the whole hand, and keeps knowing it; nobody else learns it
    s = spells_table()
    lay(s, 0, "scrying_bowl")
    hold(s, 0, gold=1)
    hold(s, 3, bite=2, wound=1)
    start(s, 0)
    s.apply(0, A.SCRY[(GOLD, 3)])
    assert mine(s, 0)["known_hands"]["3"] == {"wound": 1, "bite": 2}
    assert "3" not in mine(s, 1)["known_hands"]


# ---- Night cards (R53-R61) -----------------------------------------------------------------------------------


def test_R59_R61_a_night_card_without_a_target_is_announced():
    # R59, R61: with nobody dead All Hallows' Eve does nothing, and the table is told so; then Night falls
    s = golds(6)
    night(s, "all_hallows_eve", seat=2, then=())
    events = s.apply(2, A.NO_TARGET)
    assert events[0].kind == "night_target" and events[0].public
    assert events[0].data == {"seat": 2, "card": "all_hallows_eve", "target": None}
    assert s.phase == PASSING


def test_R60_truth_serum_the_active_player_knows_the_card_shown():
    # R60: the card shown in private is known to the active player, not to the others
    s = golds(6)
    hold(s, 2, gold=1, wound=1)
    night(s, "truth_serum", seat=0)
    s.apply(0, A.TARGET[2])
    s.apply(2, A.SHOW[WOUND])
    assert mine(s, 0)["known_hands"]["2"] == {"wound": 1}
    assert "2" not in mine(s, 1)["known_hands"]


def test_R60_a_bite_shown_adds_to_what_the_active_player_was_told_before():
    # R60, Omen Crow: a team learnt from a death stays known when Truth Serum later shows a werewolf's Bite
    s = golds(6, spells=True)
    lay(s, 0, "omen_crow")
    hold(s, 4, wound=2)
    wolves(s, 2)
    hold(s, 2, bite=1, gold=1)
    set_deck(s, "wound", "gold")
    start(s, 0)
    s.apply(0, A.GIVE[4])
    assert s.dead[4] and mine(s, 0)["told"] == {"4": False}
    night(s, "truth_serum", seat=0)
    s.apply(0, A.TARGET[2])
    s.apply(2, A.SHOW[BITE])
    assert mine(s, 0)["told"] == {"4": False, "2": True}


def test_R59_gift_cards_delivered_at_the_end_are_told_to_the_sender_only():
    # R59: when the game ends before the passing, the Gift's cards still arrive; who sent what stays private
    s = golds(4)
    s.dead[3] = True
    hold(s, 1, wound=3, salve=1, gold=1)
    hold(s, 2, gold=5)
    night(s, "the_gift", seat=0)
    s.apply(0, A.TARGET2[A.PAIR_INDEX[(1, 2)]])
    s.apply(2, A.CONTRIBUTE[GOLD])
    events = s.apply(1, A.CONTRIBUTE[INDEX["salve"]])
    assert s.is_over
    sent = [e for e in events if e.kind == "sent"]
    assert [(e.data["from"], e.data["to"], e.data["card"]) for e in sent] == [(1, 2, "salve"), (2, 1, "gold")]
    assert all(e.to == {e.data["from"]} for e in sent)


def test_D28_the_gift_default_is_the_first_two_rich_players_clockwise():
    # D28, R59: the default pair of The Gift is made of players who hold 5 cards, the first two clockwise
    s = golds(6)
    hold(s, 3, gold=5)
    hold(s, 5, gold=5)
    night(s, "the_gift", seat=0)
    assert s.default_action(0) == A.TARGET2[A.PAIR_INDEX[(3, 5)]]


def test_D28_the_sleepwalkers_default_skips_the_dead():
    # D28, R64: the default pair is the first two living players clockwise from the active player's left
    s = golds(6)
    s.dead[1] = True
    night(s, "the_sleepwalkers", seat=0, then=())
    assert s.default_action(0) == A.TARGET2[A.PAIR_INDEX[(2, 3)]]


def test_D28_all_hallows_eve_default_is_the_first_dead_clockwise():
    # D28, R61: the default dead player is the first clockwise from the active player's left
    s = golds(6)
    s.dead[2] = s.dead[4] = True
    night(s, "all_hallows_eve", seat=3, then=())
    assert s.legal_actions(3) == [A.TARGET[2], A.TARGET[4]]
    assert s.default_action(3) == A.TARGET[4]


def hallows(players=6, picker=3, **options):
    s = golds(players, **options)
    s.dead[picker] = True
    night(s, "all_hallows_eve", seat=0, then=())
    return s


def sent_pairs(s, seat):
    return {(a.left, a.right) for a in s.legal_actions(seat)}


def test_R61_all_hallows_eve_any_two_cards_of_the_hand_bites_too():
    # R61: any card may go, Bites too, on either side; two copies of a card can go only if the hand holds two
    s = hallows()
    hold(s, 3, bite=1, gold=2)
    s.apply(0, A.TARGET[3])
    assert s.phase == HALLOWS
    assert sent_pairs(s, 3) == {("bite", "gold"), ("gold", "bite"), ("gold", "gold")}


def test_R61_wolfsbane_keeps_bites_from_all_hallows_eve():
    # Wolfsbane (D11): no Bite for its owner through All Hallows' Eve, on the left or on the right; other cards go
    s = hallows(spells=True)
    hold(s, 3, bite=1, gold=2)
    lay(s, 4, "wolfsbane")  # seat 3's left neighbour
    s.apply(0, A.TARGET[3])
    assert sent_pairs(s, 3) == {("gold", "bite"), ("gold", "gold")}
    t = hallows(spells=True)
    hold(t, 3, bite=1, gold=2)
    lay(t, 2, "wolfsbane")  # seat 3's right neighbour
    t.apply(0, A.TARGET[3])
    assert sent_pairs(t, 3) == {("bite", "gold"), ("gold", "gold")}


def test_R61_the_dead_player_knows_where_its_cards_went():
    # R61: the two cards land in the neighbours' hands, in public as a move, the cards told only to sender and
    # receiver; the dead sender goes on knowing each neighbour holds its card
    s = hallows()
    hold(s, 3, bite=1, wound=1)
    s.apply(0, A.TARGET[3])
    events = s.apply(3, A.HALLOWS[BITE][WOUND])
    move = events[0]
    assert move.kind == "hallows" and move.public and move.data == {"seat": 3, "left": 4, "right": 2}
    assert mine(s, 3)["known_hands"]["4"] == {"bite": 1} and mine(s, 3)["known_hands"]["2"] == {"wound": 1}
    assert "4" not in mine(s, 1)["known_hands"]


def test_R61_R70_all_hallows_eve_that_leaves_two_alive_ends_the_game():
    # R61, R70: a Wound sent by the dead kills its receiver; two are left alive and the game is over at once
    s = hallows(players=4, picker=3)
    hold(s, 3, wound=1, gold=1)
    hold(s, 0, wound=2)  # seat 3's left neighbour
    s.apply(0, A.TARGET[3])
    s.apply(3, A.HALLOWS[WOUND][GOLD])
    assert s.dead[0] and s.is_over and s.result.kind == "two_or_fewer_alive"
    assert pub(s)["window"]["members"] == [] and s.legal_actions(3) == []


# ---- Final Night votes (R62, R66, R68) --------------------------------------------------------------------------


def test_R66_a_tie_in_the_trusted_gives_the_pick_of_the_most_trusted_then_the_victim():
    # R66: on a tie the active player picks the most trusted among the tied; that player then names the victim
    s = golds(4)
    night(s, "the_trusted", seat=0, then=())
    s.apply(0, A.BEGIN)
    for target in (1, 1, 2, 2):  # seats 1, 2, 3, 0 in turn
        s.apply(s.actors[0], A.VOTE[target])
    assert s.phase == PICK and s.actors == (0,) and pub(s)["window"]["why"] == "tie"
    s.apply(0, A.PICK[2])
    assert not s.dead[2] and s.phase == PICK and s.actors == (2,)
    assert pub(s)["window"]["why"] == "victim" and pub(s)["window"]["options"] == [0, 1, 2, 3]
    s.apply(2, A.PICK[3])
    assert s.dead[3] and sum(s.dead) == 1


def test_R66_the_most_trusted_names_the_victim_in_a_public_window():
    # R66: without a tie the most trusted player picks the victim at once
    s = golds(4)
    night(s, "the_trusted", seat=0, then=())
    s.apply(0, A.BEGIN)
    for target in (1, 1, 1, 2):
        s.apply(s.actors[0], A.VOTE[target])
    assert pub(s)["window"]["why"] == "victim" and pub(s)["window"]["picker"] == 1


def points(s, sides):
    for seat, side in sides.items():
        s.apply(seat, A.POINT_LEFT if side == "L" else A.POINT_RIGHT)


def test_R68_two_unwanted_die_together():
    # R68: one or two Unwanted die together
    s = golds(6)
    night(s, "the_unwanted", seat=0, then=())
    s.apply(0, A.BEGIN)
    # seat 1 is pointed at by 2 (right) and 0 (left), seat 4 by 5 and 3
    points(s, {0: "L", 1: "L", 2: "R", 3: "L", 4: "L", 5: "R"})
    assert s.dead[1] and s.dead[4] and sum(s.dead) == 2 and s.phase == PASSING


def test_R68_D15_the_rounds_of_the_unwanted_are_counted_in_public():
    # R68, D15: each pointing is private until all are in; the repeat rounds are counted, and after three empty
    # ones the active player picks the victim among the candidates
    s = golds(9)
    night(s, "the_unwanted", seat=0, then=())
    s.apply(0, A.BEGIN)
    assert pub(s)["window"]["round"] == 1
    first = s.apply(1, A.POINT_RIGHT)
    pointed = next(e for e in first if e.kind == "pointed")
    assert pointed.to == {1} and pointed.data == {"seat": 1, "side": "right"}
    points(s, {2: "L", 4: "R", 5: "L", 7: "R", 8: "L", 0: "L", 3: "L", 6: "L"})
    assert s.phase == POINT and pub(s)["window"]["candidates"] == [0, 3, 6] and pub(s)["window"]["round"] == 2
    points(s, {0: "L", 3: "L", 6: "L"})
    assert pub(s)["window"]["round"] == 3
    points(s, {0: "L", 3: "L", 6: "L"})
    points(s, {0: "L", 3: "L", 6: "L"})
    assert s.phase == PICK and pub(s)["window"]["why"] == "victim" and pub(s)["window"]["options"] == [0, 3, 6]


# ---- The Gift and The Tempest (R59, R65, D18) ---------------------------------------------------------------------


def test_D18_the_gift_never_sends_a_bite_to_a_wolfsbane_owner():
    # D18: a Wolfsbane owner chosen by The Gift cannot be sent a Bite; the owner itself may send one
    s = golds(6, spells=True)
    hold(s, 1, gold=4, bite=1)
    hold(s, 4, gold=4, bite=1)
    lay(s, 4, "wolfsbane")
    night(s, "the_gift", seat=0)
    s.apply(0, A.TARGET2[A.PAIR_INDEX[(1, 4)]])
    assert s.legal_actions(1) == [A.CONTRIBUTE[GOLD]]
    assert s.legal_actions(4) == [A.CONTRIBUTE[GOLD], A.CONTRIBUTE[BITE]]


def test_R65_D11_wolfsbane_does_not_stop_the_tempest():
    # R65: each player puts any card of the hand into the pile, Bites too, whoever owns Wolfsbane
    s = golds(4, spells=True)
    hold(s, 0, bite=1)
    hold(s, 1, gold=1)
    lay(s, 1, "wolfsbane")
    night(s, "the_tempest", seat=0, then=())
    s.apply(0, A.BEGIN)
    assert s.legal_actions(0) == [A.CONTRIBUTE[BITE]]


def test_R65_each_player_learns_only_the_card_dealt_back_to_them():
    # R65: the card dealt back is private to its receiver
    s = golds(4)
    night(s, "the_tempest", seat=0, then=())
    s.apply(0, A.BEGIN)
    events = []
    for p in range(4):
        events += s.apply(p, A.CONTRIBUTE[GOLD])
    dealt = [e for e in events if e.kind == "tempest_card"]
    assert sorted(next(iter(e.to)) for e in dealt) == [0, 1, 2, 3] and all(len(e.to) == 1 for e in dealt)
    assert next(e for e in events if e.kind == "tempest_dealt").public


def test_R65_the_tempest_with_empty_hands_only_lets_night_fall():
    # R65: nobody holds a card: there is no pile, nothing is dealt, and the passing follows
    s = table(4)
    night(s, "the_tempest", seat=0, then=())
    events = s.apply(0, A.BEGIN)
    assert [e.kind for e in events] == ["begin", "night_falls"]
    assert s.phase == PASSING and s.legal_actions(1) == [A.PASS_NONE]


# ---- the Night passing (R25-R28, R56, Owl Feather, Moon Watcher) ----------------------------------------------------


def test_owl_feather_a_bite_received_tells_its_owner_the_sender_is_a_werewolf():
    # Owl Feather, R26: its owner learns who sent each card; only werewolves pass Bites, so a Bite's sender is one.
    # What it knew before (Omen Crow, a death) stays known.
    s = golds(5, spells=True)
    lay(s, 1, "owl_feather", "omen_crow")
    hold(s, 4, wound=2)
    set_deck(s, "wound", "gold")
    start(s, 0)
    s.apply(0, A.GIVE[4])
    assert s.dead[4] and mine(s, 1)["told"] == {"4": False}
    wolves(s, 0)
    hold(s, 0, bite=1, gold=1)
    night(s, "insomnia", seat=0)
    s.apply(0, A.TARGET[0])
    events = pass_all(s, {0: ("bite", "gold")})
    got = next(e for e in events if e.kind == "received" and e.to == {1})
    assert {"from": 0, "card": "bite"} in got.data["senders"]
    assert mine(s, 1)["told"] == {"4": False, "0": True}


def test_R25_R53_what_a_sender_knew_of_a_hand_grows_by_the_card_it_passes():
    # R53, R25: the Blood Hound's viewer knows the whole hand; passing that player a card at Night, it knows
    # the hand holds that card too (the receiver, holding no legal pair, passed nothing away)
    s = golds(4)
    hold(s, 1, bite=2, gold=1)  # a human: no two cards it may pass (R26, R27)
    night(s, "blood_hound", seat=0)
    s.apply(0, A.TARGET[1])
    assert s.legal_actions(1) == [A.PASS_NONE]
    pass_all(s, {0: ("gold", "gold")})
    assert mine(s, 0)["known_hands"]["1"] == {"gold": 2, "bite": 2}


def test_R59_R28_the_gift_cards_are_logged_as_the_gift_not_as_passes():
    # R59, R28: the log of each sender (and the end's record) tells a Gift card from a card passed left or right
    s = golds(6)
    hold(s, 1, gold=3, wound=1, salve=1)
    hold(s, 4, gold=4, bite=1)
    night(s, "the_gift", seat=0)
    s.apply(0, A.TARGET2[A.PAIR_INDEX[(1, 4)]])
    s.apply(4, A.CONTRIBUTE[BITE])
    s.apply(1, A.CONTRIBUTE[WOUND])
    events = pass_all(s)
    sent = [e for e in events if e.kind == "sent"]
    gifts = [(e.data["from"], e.data["to"], e.data["card"]) for e in sent if e.data["side"] == "gift"]
    assert gifts == [(1, 4, "wound"), (4, 1, "bite")]
    assert len(sent) == 14 and all(e.data["side"] in ("left", "right") for e in sent[:12])
    for e in sent[:12]:
        s_, t = e.data["from"], e.data["to"]
        assert t == ((s_ + 1) % 6 if e.data["side"] == "left" else (s_ - 1) % 6)


def test_R26_every_night_bite_is_a_clue_for_each_receiver_in_resample():
    # R26: a Bite received at Night comes from a werewolf, so every world resampled for its receiver has one among
    # that receiver's senders; with two receivers, each keeps its own clue
    s = golds(4)
    wolves(s, 0, zero=True)
    hold(s, 0, bite=2, gold=1)
    night(s, "insomnia", seat=0)
    s.apply(0, A.TARGET[0])
    pass_all(s, {0: ("bite", "bite")})
    assert counts(s, 1)["bite"] == 1 and counts(s, 3)["bite"] == 1
    for viewer in (1, 3):
        rng = random.Random(viewer)
        for _ in range(30):
            world = s.resample(viewer, rng)
            assert world.wolf[0] or world.wolf[2]


def test_R55_R28_a_hypnosis_count_no_longer_holds_once_unseen_cards_arrive():
    # R55 tells everybody an exact count; after the passing the receiver may hold more than that count, so the
    # worlds resampled for another seat may give it the card (here the one Wound, which seat 0 passed to seat 1)
    s = golds(4)
    hold(s, 1, bite=2, gold=1)  # passes nothing: its hand changes only by what it receives
    hold(s, 0, wound=1, gold=1)
    night(s, "hypnosis", seat=0)
    s.apply(0, A.HYPNOSIS[(WOUND, 1, 2)])
    assert pub(s)["seats"][1]["pinned"] == {}
    pass_all(s, {0: ("wound", "gold")})
    assert counts(s, 1)["wound"] == 1
    rng = random.Random(0)
    worlds = [s.resample(3, rng) for _ in range(40)]
    assert any(w.hands[1][WOUND] for w in worlds)


def test_R60_truth_serum_on_an_empty_hand_is_told_to_the_table():
    # R60: with an empty hand the target shows nothing, and everyone is told who showed nothing
    s = golds(6)
    hold(s, 3)
    night(s, "truth_serum", seat=0)
    events = s.apply(0, A.TARGET[3])
    nothing = next(e for e in events if e.kind == "shows_nothing")
    assert nothing.public and nothing.data == {"seat": 3}
    assert s.phase == PASSING


def test_R61_all_hallows_eve_on_a_dead_player_with_no_cards_is_told_to_the_table():
    # R61: a dead player with an empty hand sends nothing; the table is told, and Night falls
    s = hallows(picker=3)
    hold(s, 3)
    events = s.apply(0, A.TARGET[3])
    nothing = next(e for e in events if e.kind == "hallows_nothing")
    assert nothing.public and nothing.data == {"seat": 3}
    assert s.phase == PASSING


def test_R64_R25_after_the_sleepwalkers_the_passing_follows_the_new_places():
    # R64, R25, D1: the passing goes to the closest neighbours by position, wherever the players now sit
    s = golds(5)
    hold(s, 0, wound=1, gold=1)
    night(s, "the_sleepwalkers", seat=0, then=())
    s.apply(0, A.TARGET2[A.PAIR_INDEX[(1, 3)]])  # seat 3 now sits at position 1, on seat 0's left
    assert s.phase == PASSING
    pass_all(s, {0: ("wound", "gold")})
    assert counts(s, 3).get("wound") == 1 and counts(s, 1).get("wound") is None


def test_R29_two_players_left_in_the_passing_pass_to_each_other():
    # R25, R29: with only two players taking part, each one's closest neighbour on both sides is the other one:
    # both cards go to the other player
    s = golds(4)
    s.dead[3] = True
    hold(s, 0, wound=1, salve=1)
    night(s, "caged", seat=0)
    s.apply(0, A.TARGET[2])
    assert s.phase == PASSING and s.actors == (0, 1)
    pass_all(s, {0: ("wound", "salve")})
    assert counts(s, 1) == {"wound": 1, "salve": 1} and counts(s, 0) == {"gold": 2} and counts(s, 2) == {"gold": 2}


def test_R27_D14_a_stuck_player_who_dies_and_leaves_two_alive_ends_the_game():
    # R27 with cant_pass = "die": a human with no legal pair dies before Night falls; two are left alive (R70)
    s = golds(4, cant_pass="die")
    s.dead[3] = True
    hold(s, 1, bite=2, charm=1)
    night(s, "insomnia", seat=0)
    events = s.apply(0, A.TARGET[0])
    assert next(e for e in events if e.kind == "cannot_pass").data == {"seats": [1]}
    assert s.dead[1] and s.is_over and s.result.kind == "two_or_fewer_alive"
    assert pub(s)["window"]["members"] == []
