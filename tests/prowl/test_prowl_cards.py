"""Every card effect and its prompts (docs/games/prowl.md 'Every card', 'A turn'; R18-R22, R40-R42; X10-X12, X16)."""

import random

import pytest
from prowl_helpers import card, clan, new, play, private, public, table, to_action, track_of

import hexbox
from hexbox.games.prowl import actions as A
from hexbox.games.prowl import effects
from hexbox.games.prowl.cards import CARDS
from hexbox.games.prowl.state import MUST_PLAY, NO_PLAY, PROMPT, TURN

CLANS = ["spring_changeling", "summer_duelist", "autumn_garrison", "winter_magistrate"]
SPARE_CLANS = ["spring_eclipse_rite", "summer_burning_banner", "autumn_victory_march", "winter_long_night"]
FILLER = ["autumn_peace_envoy", "winter_avalanche", "summer_war_horn", "autumn_field_marshal", "spring_whisperer",
          "summer_hunter", "autumn_tactician", "winter_bribed_official", "spring_mist_weaver", "summer_wanderer"]


def seat0(card_id, last=False, track=("spring", "summer", "autumn", "winter"), clans=CLANS, dominance=0):
    """Seat 0 to play ``card_id`` (on its last turn if ``last``), the others with two cards each."""
    clans = [c if c != card_id else SPARE_CLANS[i] for i, c in enumerate(clans)]
    pool = [c for c in FILLER if c != card_id and c not in clans]
    hands = [[card_id] + ([] if last else [pool[0]]), pool[1:3], pool[3:5], pool[5:7]]
    return table(4, clans=list(clans), hands=hands, track=track, dominance=dominance)


def test_high_mage_names_a_public_contract():
    st = seat0("spring_high_mage")
    play(st, "spring_high_mage", "strengthen", "autumn")
    assert public(st)["players_info"][0]["attachments"] == [{"card": "spring_high_mage", "target": None,
                                                                 "clan": "autumn"}]


def test_R41_F9_X10_hooded_figure_passes_every_clan_card_at_once():
    # R41, F9, X10
    st = seat0("spring_hooded_figure")
    st.face_up[2] = True  # a face-up card stays face up with its new holder (X10)
    st.denied[3] = 1 << clan("spring")
    play(st, "spring_hooded_figure", "strengthen", "left")
    # left: seat s hands to seat s+1
    assert st.clan_card == [card(c) for c in ("winter_magistrate", "spring_changeling", "summer_duelist",
                                               "autumn_garrison")]
    assert st.face_up == [False, False, False, True] and st.denied[0] == 1 << clan("spring")
    assert 3 not in {a.target for a in st.legal_actions(1) if a.kind == "accuse"}
    obs = private(st, 1)
    assert obs["clan_card"] == "spring_changeling"  # F3: each sees what it received
    assert obs["known_clans"] == {"2": "summer_duelist"}  # the card it handed on
    assert private(st, 3)["known_clans"] == {"0": "winter_magistrate"}
    st = seat0("spring_hooded_figure")
    play(st, "spring_hooded_figure", "strengthen", "right")
    assert st.clan_card[0] == card("summer_duelist") and st.clan_card[3] == card("spring_changeling")


def test_whisperer_peeks_at_one_or_two_face_down_opponents():
    st = seat0("spring_whisperer")
    st.face_up[3] = True
    st.apply(0, A.Play("spring_whisperer", "strengthen"))
    assert st.legal_actions(0) == [A.CHOOSE_PLAYER[1], A.CHOOSE_PLAYER[2]]
    st.apply(0, to_action(1))
    assert st.legal_actions(0) == [A.CHOOSE_PLAYER[2], A.SKIP]  # "may": skippable
    st.apply(0, to_action(2))
    assert private(st, 0)["known_clans"] == {"1": "summer_duelist", "2": "autumn_garrison"}
    assert st.active == 1


def test_R38_F3_changeling_exchanges_clan_cards_and_both_know_both():
    # R38, F3
    st = seat0("spring_changeling", clans=["spring_eclipse_rite", "summer_duelist", "autumn_garrison",
                                           "winter_magistrate"])
    st.denied[2] = 1 << clan("winter")
    st.known_clans[3][2] = card("autumn_garrison")
    play(st, "spring_changeling", "strengthen", 2)
    assert st.clan_card[0] == card("autumn_garrison") and st.clan_card[2] == card("spring_eclipse_rite")
    assert private(st, 0)["known_clans"] == {"2": "spring_eclipse_rite"}
    assert private(st, 2)["known_clans"] == {"0": "autumn_garrison"}
    assert st.denied[0] == 1 << clan("winter") and st.denied[2] == 0  # X5: denials move with the card
    assert private(st, 3)["known_clans"] == {"0": "autumn_garrison"}  # knowledge follows the card


def test_mist_weaver_peeks_at_a_hand_and_may_exchange_a_card():
    st = seat0("spring_mist_weaver")
    st.apply(0, A.Play("spring_mist_weaver", "effect"))
    st.apply(0, to_action(2))
    theirs = [CARDS[c].id for c in st.hands[2]]
    assert private(st, 0)["known_hands"] == {"2": theirs}
    assert st.legal_actions(0) == [A.CHOOSE_CARD[c] for c in st.hands[0]] + [A.SKIP]
    mine = CARDS[st.hands[0][0]].id
    st.apply(0, to_action(mine))
    assert st.legal_actions(0) == [A.CHOOSE_CARD[card(c)] for c in theirs]
    events = st.apply(0, to_action(theirs[0]))
    assert theirs[0] in private(st, 0)["hand"] and mine in private(st, 2)["hand"]
    assert private(st, 2)["known_hands"] == {"0": [theirs[0]]}  # they know the card they gave
    secret = [e for e in events if e.kind == "hand_exchanged"]
    assert secret[0].to == {0, 2}
    assert all(mine not in str(e.to_json()) for e in events if e.public)
    assert private(st, 1)["known_hands"] == {}


def test_mist_weaver_skip_keeps_hands():
    st = seat0("spring_mist_weaver")
    hands = [h[:] for h in st.hands]
    play(st, "spring_mist_weaver", "strengthen", 3, "skip")
    assert st.hands[1:] == hands[1:] and st.active == 1


def test_R40_bramble_snare_names_another_clan():
    # R40
    st = seat0("spring_bramble_snare")
    st.apply(0, A.Play("spring_bramble_snare", "strengthen"))
    assert st.legal_actions(0) == [A.CHOOSE_CLAN[1], A.CHOOSE_CLAN[2], A.CHOOSE_CLAN[3]]
    st.apply(0, to_action("winter"))
    assert st.att_a[card("spring_bramble_snare")] == clan("winter")


def test_cursed_effigy_targets_and_X11_without_an_opponent_is_discarded():
    # X11
    st = seat0("spring_cursed_effigy")
    play(st, "spring_cursed_effigy", "strengthen", 3, "winter")
    assert public(st)["players_info"][0]["attachments"] == [
        {"card": "spring_cursed_effigy", "target": 3, "clan": "winter"}]
    st = table(2, clans=["summer_duelist", "autumn_garrison"], hands=[["spring_cursed_effigy", "summer_hunter"],
                                                                       ["winter_avalanche"]])
    st.attach(1, card("winter_frost_veil"))
    play(st, "spring_cursed_effigy")
    assert not st.attached(card("spring_cursed_effigy")) and st.discards[0] == [card("spring_cursed_effigy")]


def test_eclipse_rite_swaps_top_and_bottom_on_the_last_turn():
    st = seat0("spring_eclipse_rite", last=True, track=("summer", "spring", "autumn", "winter"))
    play(st, "spring_eclipse_rite", "effect")
    assert track_of(st) == ["spring", "winter", "autumn", "summer"]


def test_exiled_prince_warlord_chancellor_attach():
    for leader in ("summer_exiled_prince", "winter_grand_chancellor"):
        st = seat0(leader)
        play(st, leader)
        assert st.att_by[card(leader)] == 0
    st = seat0("autumn_warlord", dominance=2)
    play(st, "autumn_warlord")
    assert st.att_by[card("autumn_warlord")] == 0 and st.dominance == 0


def test_R40_F6_wanderer_raises_another_clan():
    # R40, F6
    st = seat0("summer_wanderer", track=("spring", "autumn", "winter", "summer"))
    st.apply(0, A.Play("summer_wanderer", "effect"))
    assert [a.clan for a in st.legal_actions(0)] == ["spring", "autumn", "winter"]
    st.apply(0, to_action("winter"))
    assert track_of(st) == ["spring", "winter", "summer", "autumn"]


def test_R42_F5_headstrong_scout_fires_at_once_if_effect_first():
    # R42, F5
    st = seat0("summer_headstrong_scout", track=("spring", "autumn", "winter", "summer"))
    play(st, "summer_headstrong_scout", "effect")
    # the Scout fires (Summer +2), then Summer is strengthened (+1)
    assert track_of(st) == ["summer", "spring", "autumn", "winter"]
    assert st.discards[0] == [card("summer_headstrong_scout")] and not st.attached(card("summer_headstrong_scout"))
    st = seat0("summer_headstrong_scout", track=("spring", "autumn", "winter", "summer"))
    play(st, "summer_headstrong_scout", "strengthen")  # Summer has left the bottom: the Scout waits
    assert track_of(st) == ["spring", "autumn", "summer", "winter"]
    assert st.att_by[card("summer_headstrong_scout")] == 0


def test_X12_scout_checks_at_the_end_of_any_turn_and_is_discarded_even_if_blocked():
    # X12
    st = seat0("summer_headstrong_scout", track=("spring", "autumn", "winter", "summer"))
    play(st, "summer_headstrong_scout", "strengthen")
    st.attach(2, card("winter_long_night"))
    # seat 1 lowers Summer back to the bottom; at the end of seat 1's turn the Scout fires, Long Night blocks
    st.hands[1] = [card("summer_hunter"), card("spring_whisperer")]
    play(st, "summer_hunter", "effect", 2, "summer")  # Summer falls below Winter, then cannot pass it
    assert not st.attached(card("summer_headstrong_scout")) and card("summer_headstrong_scout") in st.discards[0]
    assert track_of(st) == ["spring", "autumn", "winter", "summer"]  # blocked by Long Night


def test_summer_duelist_wrong_guess_is_a_denial():
    st = seat0("summer_duelist", clans=["spring_changeling", "summer_burning_banner", "autumn_garrison",
                                        "winter_magistrate"])
    play(st, "summer_duelist", "strengthen", 3, "spring")
    assert st.denied[3] == 1 << clan("spring") and not st.face_up[3] and st.active == 1


def test_war_horn_raises_summer_then_lowers_another_clan():
    st = seat0("summer_war_horn", track=("spring", "autumn", "summer", "winter"))
    play(st, "summer_war_horn", "effect", "spring")
    # Summer +1 (passes Autumn), Spring -1 (passes Summer), then strengthen Summer again
    assert track_of(st) == ["summer", "spring", "autumn", "winter"]


def test_burning_banner_lowers_the_highest_non_summer_by_two():
    st = seat0("summer_burning_banner", last=True, track=("summer", "winter", "autumn", "spring"))
    play(st, "summer_burning_banner", "effect")
    assert track_of(st) == ["summer", "autumn", "spring", "winter"]


def test_hunter_peeks_and_may_lower_and_X11_lowers_even_without_a_peek():
    # X11
    st = seat0("summer_hunter")
    play(st, "summer_hunter", "effect", 1, "spring")
    assert private(st, 0)["known_clans"] == {"1": "summer_duelist"}
    assert track_of(st) == ["summer", "spring", "autumn", "winter"]
    st = seat0("summer_hunter")
    st.face_up = [False, True, True, True]
    st.apply(0, A.Play("summer_hunter", "strengthen"))
    assert st.legal_actions(0) == [*A.CHOOSE_CLAN, A.SKIP]
    assert st.default_action(0) is A.SKIP  # P3: the optional part is skipped by default


def test_firebrand_and_magistrate_choose_an_opponent_with_a_turn_left():
    st = seat0("summer_firebrand")
    st.hands[2] = []
    st.apply(0, A.Play("summer_firebrand", "strengthen"))
    assert st.legal_actions(0) == [A.CHOOSE_PLAYER[1], A.CHOOSE_PLAYER[3]]
    st.apply(0, to_action(3))
    assert st.constraint[3] == MUST_PLAY
    st = seat0("winter_magistrate", clans=["spring_changeling", "summer_duelist", "autumn_garrison",
                                           "winter_long_night"])
    play(st, "winter_magistrate", "strengthen", 1)
    assert st.constraint[1] == NO_PLAY


def test_standard_bearer_takes_dominance_or_raises():
    st = seat0("autumn_standard_bearer", dominance=3)
    play(st, "autumn_standard_bearer")
    assert st.dominance == 0 and st.active == 1
    st = seat0("autumn_standard_bearer", dominance=0, track=("spring", "summer", "winter", "autumn"))
    play(st, "autumn_standard_bearer", "effect", "winter")
    assert track_of(st) == ["spring", "winter", "autumn", "summer"]


def test_garrison_keeps_the_token_once_and_X4_against_a_reward():
    # X4
    st = seat0("autumn_garrison", clans=["spring_changeling", "summer_duelist", "autumn_victory_march",
                                         "winter_magistrate"])
    play(st, "autumn_garrison")
    assert st.att_by[card("autumn_garrison")] == 0
    # seat 1 accuses rightly and asks for the token: the Garrison is discarded, the token stays, no raise
    st.apply(1, A.Accuse(CARDS[st.hands[1][0]].id, 2, "autumn"))
    st.apply(1, A.DOMINANCE)
    assert st.dominance == 0 and not st.attached(card("autumn_garrison")) and st.active == 2
    assert st.discards[0][-1] == card("autumn_garrison")


def test_field_marshal_raises_or_lowers_any_clan():
    st = seat0("autumn_field_marshal")
    st.apply(0, A.Play("autumn_field_marshal", "effect"))
    st.apply(0, to_action("spring"))
    assert st.legal_actions(0) == [A.RAISE, A.LOWER]
    assert public(st)["prompt"] == {"seat": 0, "card": "autumn_field_marshal", "step": "direction",
                                          "target": None, "clan": "spring"}
    st.apply(0, A.LOWER)
    assert track_of(st) == ["summer", "autumn", "spring", "winter"]


def test_tactician_peeks_then_may_swap_neighbours():
    st = seat0("autumn_tactician")
    st.apply(0, A.Play("autumn_tactician", "effect"))
    st.apply(0, to_action(3))
    assert st.legal_actions(0) == [A.CHOOSE_CLAN[0], A.CHOOSE_CLAN[1], A.CHOOSE_CLAN[2], A.SKIP]
    st.apply(0, to_action("spring"))
    assert track_of(st) == ["summer", "autumn", "spring", "winter"]  # swap, then Autumn strengthened


def test_drillmaster_raises_autumn_or_takes_dominance():
    st = seat0("autumn_drillmaster", dominance=2)
    play(st, "autumn_drillmaster", "strengthen", "dominance")
    assert st.dominance == 0
    st = seat0("autumn_drillmaster", dominance=2)
    play(st, "autumn_drillmaster", "strengthen", "raise")
    assert track_of(st) == ["autumn", "spring", "summer", "winter"] and st.dominance == 2


def test_victory_march_on_the_last_turn():
    st = seat0("autumn_victory_march", last=True, dominance=2)
    play(st, "autumn_victory_march", "effect")
    assert st.dominance == 0 and track_of(st) == ["spring", "autumn", "summer", "winter"]
    st = seat0("autumn_victory_march", last=True, dominance=0)
    play(st, "autumn_victory_march", "effect")
    assert track_of(st) == ["autumn", "spring", "summer", "winter"]


def test_peace_envoy_levels_the_track():
    st = seat0("autumn_peace_envoy", track=("winter", "spring", "summer", "autumn"))
    play(st, "autumn_peace_envoy", "effect")
    # Winter -1 -> spring, winter, summer, autumn; lowest (Autumn) +1 -> spring, winter, autumn, summer; +1 Autumn
    assert track_of(st) == ["spring", "autumn", "winter", "summer"]


def test_avalanche_only_when_winter_is_third_or_fourth():
    st = seat0("winter_avalanche", track=("summer", "spring", "autumn", "winter"))
    play(st, "winter_avalanche", "effect")  # Summer falls to the bottom, then Winter is strengthened
    assert track_of(st) == ["spring", "winter", "autumn", "summer"]
    st = seat0("winter_avalanche", track=("summer", "winter", "autumn", "spring"))
    play(st, "winter_avalanche", "effect")
    assert track_of(st) == ["winter", "summer", "autumn", "spring"]  # only strengthened


def test_bribed_official_swaps_winter_with_the_peeked_clan_directly_above():
    st = seat0("winter_bribed_official", track=("spring", "summer", "winter", "autumn"))
    play(st, "winter_bribed_official", "effect", 1)  # seat 1 is Summer, directly above Winter
    assert st.legal_actions(0) == [A.CONFIRM, A.SKIP]
    st.apply(0, A.CONFIRM)
    assert track_of(st) == ["winter", "spring", "summer", "autumn"]
    # not above: the prompt still opens (nobody else learns what was seen), only skip is legal
    st = seat0("winter_bribed_official", track=("spring", "summer", "winter", "autumn"))
    play(st, "winter_bribed_official", "strengthen", 2)
    assert st.phase == PROMPT and st.legal_actions(0) == [A.SKIP]
    st.apply(0, A.SKIP)
    assert st.active == 1


def test_blizzard_freezes_until_its_players_next_turn_and_X16_is_dead_on_the_last_turn():
    # X16
    st = seat0("winter_blizzard")
    play(st, "winter_blizzard", "strengthen", "spring")
    assert st.att_a[card("winter_blizzard")] == clan("spring")
    for seat in (1, 2, 3):
        st.apply(seat, A.Change(CARDS[st.hands[seat][0]].id))
    assert st.active == 0 and not st.attached(card("winter_blizzard"))
    st = seat0("winter_blizzard", last=True)
    play(st, "winter_blizzard")
    assert not st.attached(card("winter_blizzard")) and st.discards[0] == [card("winter_blizzard")]


def test_frost_veil_protects_from_accusation_and_effects_until_the_next_turn():
    st = seat0("winter_frost_veil")
    play(st, "winter_frost_veil")
    assert 0 not in {a.target for a in st.legal_actions(1) if a.kind == "accuse"}
    st.hands[1] = [card("summer_firebrand"), card("summer_hunter")]
    st.apply(1, A.Play("summer_firebrand", "strengthen"))
    assert A.CHOOSE_PLAYER[0] not in st.legal_actions(1)


def test_frost_veil_on_the_last_turn_lasts_to_the_end():
    st = table(2, clans=["summer_duelist", "autumn_garrison"], hands=[["winter_frost_veil"], ["summer_hunter"]])
    play(st, "winter_frost_veil")
    assert st.active == 1 and [a for a in st.legal_actions(1) if a.kind == "accuse"] == []
    play(st, "summer_hunter", "strengthen", "skip")
    assert st.is_over and st.att_by[card("winter_frost_veil")] == 0


def test_long_night_on_the_last_turn():
    st = seat0("winter_long_night", last=True)
    play(st, "winter_long_night")
    assert st.att_by[card("winter_long_night")] == 0
    st.move(clan("winter"), 1, False)
    assert track_of(st) == ["spring", "summer", "winter", "autumn"]


@pytest.mark.parametrize("index", range(32))
def test_every_card_can_be_played_with_the_default_answers(index):
    c = CARDS[index]
    st = seat0(c.id, last=c.final)
    st.apply(0, A.Play(c.id, "effect"))
    while st.phase == PROMPT:
        st.apply(0, st.default_action(0))
    assert st.phase == TURN and st.active == 1
    assert (index in st.discards[0]) != (st.att_by[index] == 0)  # R19, R24: one or the other


def test_P3_P4_the_answers_kept_with_a_prompt_are_always_the_cards_answers():
    # the legal answers are kept when a prompt opens (effects.ask): nothing may change them before it is answered
    seen = 0
    for players in (2, 3, 4, 5):
        for seed in range(25):
            st = new(players, seed=seed)
            rng = random.Random(seed)
            while not st.is_over:
                if st.phase == PROMPT:
                    assert st.answers == effects.open_answers(st)
                    world = st.resample(rng.randrange(players), rng)
                    assert world.answers == effects.open_answers(world)
                    seen += 1
                seat = rng.choice(st.actors)
                st.apply(seat, rng.choice(st.legal_actions(seat)))
    assert seen > 500


# ---- exact amounts and edges of the track effects ('Every card') -------------------------------------------------

def test_victory_march_raises_autumn_by_one_when_its_player_holds_dominance():
    st = seat0("autumn_victory_march", last=True, track=("spring", "summer", "winter", "autumn"), dominance=0)
    play(st, "autumn_victory_march", "effect")  # Autumn +1 (4th to 3rd), then strengthened (+1, to 2nd)
    assert track_of(st) == ["spring", "autumn", "summer", "winter"] and st.dominance == 0


def test_X12_headstrong_scout_raises_summer_by_exactly_two_at_the_end_of_another_players_turn():
    st = seat0("summer_headstrong_scout", track=("spring", "autumn", "winter", "summer"))
    play(st, "summer_headstrong_scout", "strengthen")  # Summer 3rd: the Scout waits in front of seat 0
    st.move(clan("summer"), 1, False)  # something put Summer back at the bottom during seat 1's turn
    st.apply(1, A.Change(CARDS[st.hands[1][0]].id))  # seat 1's turn ends: the Scout fires, Summer +2
    assert track_of(st) == ["spring", "summer", "autumn", "winter"]
    assert not st.attached(card("summer_headstrong_scout"))


def test_bribed_official_with_winter_on_top_offers_no_swap():
    # nothing sits above Winter: even if the peeked clan is the lowest one, there is nothing to swap
    st = seat0("winter_bribed_official", track=("winter", "spring", "autumn", "summer"))
    play(st, "winter_bribed_official", "effect", 1)  # seat 1 is Summer, the lowest clan
    assert st.legal_actions(0) == [A.SKIP]


def test_bribed_official_with_winter_second_swaps_with_the_top_clan():
    st = seat0("winter_bribed_official", track=("summer", "winter", "spring", "autumn"))
    play(st, "winter_bribed_official", "effect", 1)
    assert st.legal_actions(0) == [A.CONFIRM, A.SKIP]
    st.apply(0, A.CONFIRM)
    assert track_of(st)[:2] == ["winter", "summer"]


def test_R41_hooded_figure_tells_the_side_to_all_and_each_new_clan_card_to_its_holder_only():
    for side in ("left", "right"):
        st = seat0("spring_hooded_figure")
        events = play(st, "spring_hooded_figure", "strengthen", side)
        assert {"seat": 0, "direction": side} in [e.data for e in events if e.kind == "pass_clans" and e.public]
        yours = {e.data["seat"]: (e.to, e.data["card"]) for e in events if e.kind == "your_clan"}
        assert yours == {p: ({p}, CARDS[st.clan_card[p]].id) for p in range(4)}


def test_the_position_of_a_clan_counts_from_the_top():
    st = seat0("spring_hooded_figure", track=("autumn", "winter", "spring", "summer"))
    assert [st.position(clan(k)) for k in ("autumn", "winter", "spring", "summer")] == [0, 1, 2, 3]


def test_R19_an_attachment_is_announced_with_the_seat_and_clan_it_names():
    st = seat0("spring_cursed_effigy")
    events = play(st, "spring_cursed_effigy", "strengthen", 3, "spring")
    assert {"seat": 0, "card": "spring_cursed_effigy", "target": 3, "clan": "spring"} in [
        e.data for e in events if e.kind == "attach" and e.public]
    st = seat0("winter_blizzard")
    events = play(st, "winter_blizzard", "effect", "spring")
    assert {"seat": 0, "card": "winter_blizzard", "clan": "spring"} in [e.data for e in events if e.kind == "attach"]
    st = seat0("winter_ice_wall")
    events = play(st, "winter_ice_wall", "effect")
    assert {"seat": 0, "card": "winter_ice_wall"} in [e.data for e in events if e.kind == "attach"]


def test_R15_R16_high_mage_played_effect_first_is_strengthened_once_the_contract_is_named():
    st = seat0("spring_high_mage", track=("summer", "autumn", "spring", "winter"))
    play(st, "spring_high_mage", "effect")
    assert st.phase == PROMPT and track_of(st) == ["summer", "autumn", "spring", "winter"]
    st.apply(0, to_action("winter"))
    assert track_of(st) == ["summer", "spring", "autumn", "winter"]  # Spring strengthened after the effect
    assert st.att_by[card("spring_high_mage")] == 0 and st.active == 1 and st.phase == TURN


def test_P3_a_wrong_answer_is_refused_with_the_question_it_does_not_answer():
    st = seat0("spring_high_mage")
    play(st, "spring_high_mage", "effect")
    with pytest.raises(hexbox.IllegalAction) as err:
        st.apply(0, A.CHOOSE_PLAYER[1])
    assert str(err.value) == f"'{A.CHOOSE_PLAYER[1]}' is not a legal answer to High Mage (clan)"
    st.apply(0, to_action("winter"))
    with pytest.raises(hexbox.IllegalAction) as err:  # answered: no question is open any more
        st.apply(1, to_action("winter"))
    assert str(err.value) == f"there is no question to answer now: '{to_action('winter')}' is not possible"


def test_P4_a_wrong_answer_to_the_accusation_reward_is_refused_by_name():
    st = seat0("spring_high_mage", dominance=2)
    st.apply(0, A.Accuse("spring_high_mage", 1, "summer"))  # right: seat 1 backs Summer
    assert st.phase == PROMPT
    with pytest.raises(hexbox.IllegalAction) as err:
        st.apply(0, A.SKIP)
    assert str(err.value) == f"'{A.SKIP}' is not a legal answer to the accusation reward (reward)"


def test_R23_skipping_the_mist_weaver_exchange_is_public_and_an_exchange_shows_no_card():
    st = seat0("spring_mist_weaver")
    events = play(st, "spring_mist_weaver", "strengthen", 2, "skip")
    assert [e.data["answer"] for e in events if e.kind == "answer" and e.public][-1] == "skip"
    st = seat0("spring_mist_weaver")
    mine = CARDS[st.hands[0][0] if st.hands[0][0] != card("spring_mist_weaver") else st.hands[0][1]].id
    theirs = CARDS[st.hands[2][0]].id
    events = play(st, "spring_mist_weaver", "strengthen", 2, mine, theirs)
    answers = [e.data["answer"] for e in events if e.kind == "answer" and e.public]
    assert answers[-2:] == ["card", "card"] and mine not in str(answers) and theirs not in str(answers)
