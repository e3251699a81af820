"""Turns and the three actions: Play, Change, Accuse; discard piles; next-turn constraints (R11-R33, R39)."""

import pytest
from prowl_helpers import card, kinds, play, private, public, table, to_action, track_of

import hexbox
from hexbox.games.prowl import actions as A
from hexbox.games.prowl.cards import CARDS
from hexbox.games.prowl.state import MUST_CHANGE, MUST_PLAY, NO_PLAY, PROMPT, TURN

HANDS = [
    ["summer_wanderer", "autumn_drillmaster", "winter_avalanche"],
    ["spring_whisperer", "summer_hunter", "autumn_peace_envoy"],
    ["autumn_tactician", "winter_ice_wall", "spring_eclipse_rite"],
    ["summer_war_horn", "winter_frost_veil", "autumn_field_marshal"],
]
CLANS = ["winter_magistrate", "spring_changeling", "summer_duelist", "autumn_standard_bearer"]


def four(**kw):
    return table(4, clans=CLANS, hands=[h[:] for h in HANDS], **kw)


def test_R11_P2_legal_actions_cover_play_change_accuse_in_id_order():
    # R11
    st = four()
    legal = st.legal_actions(0)
    ids = [A.SPACE.id(a) for a in legal]
    assert ids == sorted(ids)
    assert sum(a.kind == "play" for a in legal) == 6  # 3 cards x both orders (D14)
    assert sum(a.kind == "change" for a in legal) == 3
    assert sum(a.kind == "accuse" for a in legal) == 3 * 3 * 4  # 3 cards x 3 opponents x 4 clans
    assert st.legal_actions(1) == []
    assert st.default_action(0) == A.Play("summer_wanderer", "strengthen")  # P2: the lowest id


def test_R15_R16_R24_play_strengthens_its_clan_and_goes_to_the_discard_pile():
    # R15, R16, R24
    st = four(track=("spring", "autumn", "summer", "winter"))
    events = play(st, "summer_wanderer", "strengthen", "winter")
    # strengthen first: Summer passes Autumn; then the Wanderer raises Winter past Autumn
    assert track_of(st) == ["spring", "summer", "winter", "autumn"]
    assert st.discards[0] == [card("summer_wanderer")]
    assert "summer_wanderer" in public(st)["players_info"][0]["discards"]  # R33: public
    assert st.active == 1 and kinds(events) == ["play", "track", "answer", "track"]


def test_R15_order_of_strengthen_and_effect_is_the_players_choice():
    # R15
    a = four(track=("spring", "autumn", "summer", "winter"))
    play(a, "summer_wanderer", "effect", "autumn")  # Autumn to the top first, then Summer passes Spring
    assert track_of(a) == ["autumn", "summer", "spring", "winter"]
    b = four(track=("spring", "autumn", "summer", "winter"))
    play(b, "summer_wanderer", "strengthen", "autumn")  # Summer passes Autumn, then Autumn passes it back
    assert track_of(b) == ["spring", "autumn", "summer", "winter"]


def test_R17_R18_effects_are_compulsory_and_a_choice_without_value_is_skipped():
    # R17, R18
    st = four()
    st.apply(0, A.Play("summer_wanderer", "strengthen"))
    assert st.phase == PROMPT and st.legal_actions(0) == [A.CHOOSE_CLAN[0], A.CHOOSE_CLAN[2], A.CHOOSE_CLAN[3]]
    assert A.SKIP not in st.legal_actions(0)  # R17: no "may" in the Wanderer's text
    # R18: a Firebrand with no opponent holding a card does nothing, and the Play still strengthens
    st = table(2, clans=["summer_duelist", "autumn_garrison"], hands=[["summer_firebrand"], []])
    play(st, "summer_firebrand")
    assert st.is_over and st.constraint == [0, 0]


def test_R20_R21_early_and_final_depend_on_the_last_turn():
    # R20, R21
    # the turn begins with one card in hand: the last turn
    st = table(4, clans=CLANS, hands=[["autumn_drillmaster"], ["summer_hunter"], ["winter_ice_wall"],
                                      ["summer_war_horn"]], track=("spring", "summer", "winter", "autumn"))
    events = play(st, "autumn_drillmaster")
    assert track_of(st) == ["spring", "summer", "autumn", "winter"]  # strengthened anyway
    assert st.phase == TURN and st.active == 1  # no prompt: the Early effect did not trigger
    assert {"kind": "play", "seat": 0, "card": "autumn_drillmaster", "first": "strengthen", "effect": False} in [
        e.data for e in events if e.kind == "play"]  # the history entry itself: it names its kind too
    assert st.discards[0] == [card("autumn_drillmaster")]
    # R21: a Final card before the last turn does nothing but strengthen
    st = four(track=("winter", "summer", "autumn", "spring"))
    st.hands[0] = [card("spring_eclipse_rite"), card("autumn_drillmaster")]
    play(st, "spring_eclipse_rite")
    assert track_of(st) == ["winter", "summer", "spring", "autumn"]
    st = four(track=("winter", "summer", "autumn", "spring"))
    st.hands[0] = [card("spring_eclipse_rite")]
    play(st, "spring_eclipse_rite")  # on the last turn: Spring rises to 3rd, then top and bottom swap
    assert track_of(st) == ["autumn", "summer", "spring", "winter"]


def test_R19_R22_attachments_stay_in_front_unless_they_did_not_trigger():
    # R19, R22
    st = four()
    st.hands[0].append(card("winter_ice_wall"))
    st.hands[2].remove(card("winter_ice_wall"))
    play(st, "winter_ice_wall")
    assert st.att_by[card("winter_ice_wall")] == 0 and card("winter_ice_wall") not in st.discards[0]
    assert public(st)["players_info"][0]["attachments"] == [{"card": "winter_ice_wall", "target": None,
                                                                 "clan": None}]
    # R22: a Blizzard (Early) on the last turn never attaches
    st = table(2, clans=["summer_duelist", "autumn_garrison"], hands=[["winter_blizzard"], ["summer_hunter"]])
    play(st, "winter_blizzard")
    assert st.att_by[card("winter_blizzard")] == -1 and st.discards[0] == [card("winter_blizzard")]


def test_R23_peek_is_private_but_its_happening_is_public():
    # R23
    st = four(active=1)
    events = play(st, "spring_whisperer", "strengthen", 2, "skip")
    peeked = [e for e in events if e.kind == "peeked"]
    assert len(peeked) == 1 and peeked[0].to == {1} and peeked[0].data["card"] == "summer_duelist"
    assert ("peek", {"seat": 1, "target": 2, "what": "clan"}) in [(e.kind, e.data) for e in events if e.public]
    assert private(st, 1)["known_clans"] == {"2": "summer_duelist"}
    assert private(st, 0)["known_clans"] == {} and st.observe(None)["private"] is None


def test_R25_R26_change_discards_the_old_clan_face_up_without_strengthening():
    # R25, R26
    st = four()
    before = track_of(st)
    events = st.apply(0, A.Change("winter_avalanche"))
    assert st.clan_card[0] == card("winter_avalanche") and st.discards[0] == [card("winter_magistrate")]
    assert track_of(st) == before  # R26: neither the old nor the new card strengthens or triggers
    shown = [e.to_json() for e in events if e.public]
    assert {"kind": "change", "data": {"kind": "change", "seat": 0, "old": "winter_magistrate"}, "to": None} in shown
    assert all("winter_avalanche" not in str(e) for e in shown)
    assert public(st)["players_info"][0]["clan_card"] is None
    assert private(st, 0)["clan_card"] == "winter_avalanche"


def test_R27_R31_a_wrong_accusation_is_a_public_denial():
    # R27, R31
    st = four()
    events = st.apply(0, A.Accuse("autumn_drillmaster", 1, "winter"))
    assert st.discards[0] == [card("autumn_drillmaster")]  # discarded, neither strengthening nor triggering
    assert {"kind": "accuse", "seat": 0, "target": 1, "clan": "winter", "right": False,
            "card": "autumn_drillmaster"} in [e.data for e in events if e.public]
    assert not st.face_up[1] and public(st)["players_info"][1]["denied"] == ["winter"]
    assert st.active == 1 and st.phase == TURN  # nothing else happens


def test_R29_right_accusation_turns_the_card_and_rewards_dominance_or_forced_change():
    # R29
    st = four(dominance=2)
    st.apply(0, A.Accuse("autumn_drillmaster", 1, "spring"))
    assert st.face_up[1] and public(st)["players_info"][1]["clan_card"] == "spring_changeling"
    assert st.phase == PROMPT and st.legal_actions(0) == [A.DOMINANCE, A.FORCE_CHANGE]
    assert st.default_action(0) == A.DOMINANCE  # P4
    st.apply(0, A.DOMINANCE)
    assert st.dominance == 0 and st.active == 1
    st = four(dominance=2)
    st.apply(0, A.Accuse("autumn_drillmaster", 1, "spring"))
    st.apply(0, A.FORCE_CHANGE)
    assert st.constraint[1] == MUST_CHANGE
    assert st.legal_actions(1) == [A.CHANGE[c] for c in st.hands[1]]  # R39: the next turn only Changes


def test_R28_F1_face_up_or_veiled_opponents_cannot_be_accused():
    # R28, F1
    st = four()
    st.face_up[2] = True
    st.att_by[card("winter_frost_veil")] = 3
    targets = {a.target for a in st.legal_actions(0) if a.kind == "accuse"}
    assert targets == {1}
    with pytest.raises(hexbox.IllegalAction):
        st.apply(0, A.Accuse("summer_wanderer", 2, "summer"))
    st.face_up[1] = True
    assert not [a for a in st.legal_actions(0) if a.kind == "accuse"]  # nobody left: Accuse is not legal


def test_R30_X3_reward_when_already_holding_dominance_raises_a_clan():
    # R30, X3
    st = four(dominance=0, track=("winter", "spring", "autumn", "summer"))
    st.apply(0, A.Accuse("autumn_drillmaster", 1, "spring"))
    st.apply(0, A.DOMINANCE)
    assert st.phase == PROMPT and st.legal_actions(0) == list(A.CHOOSE_CLAN)
    st.apply(0, to_action("winter"))  # X3: raising the highest clan is a legal no-move
    assert track_of(st) == ["winter", "spring", "autumn", "summer"] and st.active == 1


def test_R29_answers_built_by_hand_mean_the_same_as_the_shared_ones():
    # R29: an equal copy of an action (parsed from JSON, or built by a client) is the same answer
    st = four(dominance=2)
    st.apply(0, A.Accuse("autumn_drillmaster", 1, "spring"))
    st.apply(0, A.ChooseOption("dominance"))  # not the shared A.DOMINANCE object
    assert st.dominance == 0 and st.constraint[1] != MUST_CHANGE and st.active == 1
    st = four(active=1)
    play(st, "spring_whisperer", "strengthen", 2)
    st.apply(1, A.Skip())  # the optional second peek, declined with a fresh Skip
    assert st.active == 2 and private(st, 1)["known_clans"] == {"2": "summer_duelist"}


def test_R30_force_change_needs_a_turn_left():
    # R30
    st = table(2, clans=["summer_duelist", "autumn_garrison"], hands=[["summer_firebrand"], []], dominance=1)
    st.apply(0, A.Accuse("summer_firebrand", 1, "autumn"))
    assert st.legal_actions(0) == [A.DOMINANCE]


def test_R32_F2_duelist_accuses_without_discarding():
    # R32, F2
    st = four(active=2)
    st.hands[2].append(card("summer_duelist"))
    st.clan_card[2] = card("summer_burning_banner")
    st.box.remove(card("summer_burning_banner"))
    play(st, "summer_duelist", "strengthen", 3, "autumn", "force_change")
    assert st.face_up[3] and st.constraint[3] == MUST_CHANGE
    assert st.discards[2] == [card("summer_duelist")]  # only the Duelist itself, Played
    assert len(st.hands[2]) == 3


def test_R33_discard_piles_are_ordered_and_public():
    # R33
    st = four()
    st.apply(0, A.Change("winter_avalanche"))
    play(st, "autumn_peace_envoy")
    st.apply(2, A.Accuse("winter_ice_wall", 0, "spring"))
    obs = public(st)["players_info"]
    assert obs[0]["discards"] == ["winter_magistrate"] and obs[1]["discards"] == ["autumn_peace_envoy"]
    assert obs[2]["discards"] == ["winter_ice_wall"]


def test_R39_firebrand_and_magistrate_constrain_the_next_turn_only():
    # R39
    st = four()
    st.hands[0] = [card("summer_firebrand"), card("winter_magistrate")]
    st.box.remove(card("summer_firebrand"))
    st.clan_card[0] = card("winter_long_night")
    st.box.remove(card("winter_long_night"))
    st.box.append(card("winter_magistrate"))
    play(st, "summer_firebrand", "strengthen", 1)
    assert st.constraint[1] == MUST_PLAY
    assert public(st)["players_info"][1]["constraint"] == "must_play"  # public
    assert {a.kind for a in st.legal_actions(1)} == {"play"}
    play(st, "summer_hunter", "strengthen", 2, "skip")
    assert st.constraint[1] == 0  # used up by that turn
    # Magistrate: may not Play -> Change or Accuse
    st.apply(2, A.Change("winter_ice_wall"))
    st.apply(3, A.Change("winter_frost_veil"))
    play(st, "winter_magistrate", "strengthen", 1)
    assert {a.kind for a in st.legal_actions(1)} == {"change", "accuse"}
    assert st.default_action(1).kind == "change"


def test_R39_X13_a_newer_constraint_replaces_the_older():
    # R39, X13
    st = four(dominance=2)
    st.hands[0].append(card("summer_firebrand"))
    st.box.remove(card("summer_firebrand"))
    st.apply(0, A.Accuse("autumn_drillmaster", 1, "spring"))
    st.apply(0, A.FORCE_CHANGE)
    assert st.constraint[1] == MUST_CHANGE
    st.active, st.phase, st.actors = 0, TURN, (0,)  # the same player acts again (test surgery)
    play(st, "summer_firebrand", "strengthen", 1)
    assert st.constraint[1] == MUST_PLAY


def test_R12_R13_turn_start_and_end():
    # R12, R13
    # R12 (a): the Frost Veil ends at the start of its player's next turn
    st = four(active=3)
    play(st, "winter_frost_veil")
    assert st.att_by[card("winter_frost_veil")] == 3
    for seat in (0, 1, 2):
        st.apply(seat, st.legal_actions(seat)[len(st.hands[seat]) * 2])  # a Change
    assert st.active == 3 and st.att_by[card("winter_frost_veil")] == -1
    assert st.discards[3][-1] == card("winter_frost_veil")


def test_R14_F4_every_choice_is_made_on_the_players_own_turn():
    # R14, F4
    st = four(active=3)
    st.apply(3, A.Play("autumn_field_marshal", "effect"))
    assert st.actors == (3,) and st.phase == PROMPT  # nobody else is asked anything
    for seat in (0, 1, 2):
        assert st.legal_actions(seat) == []
        with pytest.raises(hexbox.IllegalAction):
            st.apply(seat, A.CHOOSE_CLAN[0])


def test_illegal_actions_change_nothing():
    st = four()
    before = st.observe(None), st.observe(0)
    for bad in (A.Play("winter_ice_wall", "effect"), A.Change("winter_ice_wall"), A.SKIP, A.SET_CLAN[0],
                A.Accuse("summer_wanderer", 0, "spring"), A.Accuse("summer_wanderer", 4, "spring")):
        with pytest.raises(hexbox.IllegalAction):
            st.apply(0, bad)
    assert (st.observe(None), st.observe(0)) == before


# ---- why a turn action is refused: the reason names the rule (P2, R11, R28, R39) ------------------------------

def refused(st, seat, action):
    before = st.observe(None), st.observe(seat)
    with pytest.raises(hexbox.IllegalAction) as err:
        st.apply(seat, action)
    assert (st.observe(None), st.observe(seat)) == before
    return str(err.value)


@pytest.mark.parametrize("action, verb", [
    (A.Play("summer_wanderer", "strengthen"), "Play"), (A.Change("summer_wanderer"), "Change"),
    (A.Accuse("summer_wanderer", 1, "spring"), "Accuse"),
])
def test_P3_no_turn_action_while_a_prompt_is_open(action, verb):
    # the active player answers its open prompt first: no Play, Change or Accuse in between
    st = four(active=3)
    st.hands[3] = [card("autumn_field_marshal"), card("summer_wanderer")]
    st.apply(3, A.Play("autumn_field_marshal", "effect"))
    assert st.phase == PROMPT
    assert refused(st, 3, action) == f"seat 3 cannot {verb} now: the game is in the prompt phase"


@pytest.mark.parametrize("constraint, action, words", [
    (MUST_CHANGE, A.Play("summer_wanderer", "strengthen"), "seat 0 may not Play this turn (must change)"),
    (MUST_CHANGE, A.Accuse("summer_wanderer", 1, "spring"), "seat 0 may not Accuse this turn (must change)"),
    (MUST_PLAY, A.Change("summer_wanderer"), "seat 0 may not Change this turn (must play)"),
    (MUST_PLAY, A.Accuse("summer_wanderer", 1, "spring"), "seat 0 may not Accuse this turn (must play)"),
    (NO_PLAY, A.Play("summer_wanderer", "effect"), "seat 0 may not Play this turn (may not play)"),
])
def test_R39_a_constrained_turn_refuses_the_forbidden_action_by_name(constraint, action, words):
    st = four()
    st.constraint[0] = constraint
    assert refused(st, 0, action) == words


def test_R39_a_constrained_turn_still_allows_what_it_leaves():
    st = four()
    st.constraint[0] = NO_PLAY
    st.apply(0, A.Change("summer_wanderer"))
    assert st.clan_card[0] == card("summer_wanderer")


@pytest.mark.parametrize("action, verb", [
    (A.Play("winter_ice_wall", "effect"), "Play"), (A.Change("winter_ice_wall"), "Change"),
    (A.Accuse("winter_ice_wall", 1, "spring"), "Accuse"),
])
def test_R11_only_a_card_in_ones_own_hand_is_spent(action, verb):
    st = four()
    assert refused(st, 0, action) == "Ice Wall is not in seat 0's hand"


def test_R28_the_accusation_target_is_refused_with_the_rule():
    st = four()
    st.face_up[2] = True
    for target in (0, 2, 4):
        assert refused(st, 0, A.Accuse("summer_wanderer", target, "spring")) == (
            f"seat {target} cannot be accused by seat 0 (R28: yourself, no such seat, a face-up clan card or a "
            "Frost Veil)")


def test_P1_clan_cards_are_placed_during_set_up_only():
    st = four()
    assert refused(st, 0, A.SetClan("summer_wanderer")) == "clan cards are placed during set-up only"


def test_P1_a_clan_card_is_placed_from_ones_own_hand():
    st = hexbox.load("prowl", players=3).new_state(seed=2)
    other = st.hands[1][0]
    assert refused(st, 0, A.SET_CLAN[other]) == f"{CARDS[other].name} is not in seat 0's hand"
