"""Track movement: strengthening, steps, swaps and what blocks them (R16, R34-R36; X1, X7-X9)."""

from prowl_helpers import card, clan, play, table, track_of

from hexbox.games.prowl import actions as A

CLANS = ["spring_changeling", "summer_duelist", "autumn_garrison", "winter_magistrate"]


def st4(track, hands=None, **kw):
    hands = hands or [["winter_avalanche", "summer_wanderer"], ["summer_hunter", "spring_whisperer"],
                      ["autumn_tactician", "spring_mist_weaver"], ["autumn_field_marshal", "summer_war_horn"]]
    return table(4, clans=CLANS, hands=hands, track=track, **kw)


def test_R16_rulebook_example_a_winter_card_raises_winter_to_second_and_autumn_falls_to_third():
    # R16
    st = st4(("summer", "autumn", "winter", "spring"))
    st.apply(0, A.Change("summer_wanderer"))  # not a Play: nothing moves (R26)
    assert track_of(st) == ["summer", "autumn", "winter", "spring"]
    st = st4(("summer", "autumn", "winter", "spring"))
    st.apply(0, A.Play("winter_avalanche", "strengthen"))  # Avalanche: Winter is 2nd now, so no effect
    assert track_of(st) == ["summer", "winter", "autumn", "spring"]


def test_R16_X1_strengthening_the_highest_clan_moves_nothing_and_uses_nothing():
    # R16, X1
    st = st4(("winter", "summer", "autumn", "spring"))
    st.attach(2, card("winter_ice_wall"))
    st.attach(2, card("spring_bramble_snare"), clan("winter"))
    play(st, "winter_avalanche")
    assert track_of(st) == ["winter", "summer", "autumn", "spring"]
    assert st.attached(card("winter_ice_wall")) and st.attached(card("spring_bramble_snare"))


def test_R34_raise_and_lower_by_n_are_single_steps_and_stop_at_the_edge():
    # R34
    st = st4(("spring", "summer", "autumn", "winter"))
    st.move(clan("winter"), 2, True)
    assert track_of(st) == ["spring", "winter", "summer", "autumn"]
    st.move(clan("winter"), 3, True)  # past the top does nothing
    assert track_of(st) == ["winter", "spring", "summer", "autumn"]
    st.move(clan("spring"), 5, False)
    assert track_of(st) == ["winter", "summer", "autumn", "spring"]


def test_R34_swap_exchanges_two_clans_and_leaves_the_middle():
    # R34
    st = st4(("spring", "summer", "autumn", "winter"))
    st.swap(clan("spring"), clan("winter"))
    assert track_of(st) == ["winter", "summer", "autumn", "spring"]


def test_R35_blizzard_freezes_a_clan_and_cancels_the_rest_of_a_raise():
    # R35
    st = st4(("spring", "summer", "autumn", "winter"))
    st.attach(1, card("winter_blizzard"), clan("summer"))
    st.move(clan("winter"), 3, True)  # Winter passes Autumn, then cannot pass the frozen Summer: it stops
    assert track_of(st) == ["spring", "summer", "winter", "autumn"]
    st.move(clan("summer"), 1, False)
    assert track_of(st) == ["spring", "summer", "winter", "autumn"]


def test_R35_ice_wall_stops_winter_falling_once_for_any_cause():
    # R35
    st = st4(("winter", "summer", "autumn", "spring"))
    st.attach(3, card("winter_ice_wall"))
    st.move(clan("summer"), 1, True)  # a rising clan would pass Winter: it is Winter moving down
    assert track_of(st) == ["winter", "summer", "autumn", "spring"]
    assert not st.attached(card("winter_ice_wall")) and st.discards[3] == [card("winter_ice_wall")]
    st.move(clan("summer"), 1, True)
    assert track_of(st) == ["summer", "winter", "autumn", "spring"]


def test_R35_long_night_lasts_and_X7_spares_the_ice_wall():
    # R35, X7
    st = st4(("winter", "summer", "autumn", "spring"))
    st.attach(3, card("winter_long_night"))
    st.attach(2, card("winter_ice_wall"))
    st.move(clan("winter"), 2, False)
    st.swap(clan("winter"), clan("spring"))
    st.move(clan("summer"), 1, True)
    assert track_of(st) == ["winter", "summer", "autumn", "spring"]
    assert st.attached(card("winter_ice_wall")) and st.attached(card("winter_long_night"))
    st.move(clan("autumn"), 1, True)  # Autumn may still pass Summer
    assert track_of(st) == ["winter", "autumn", "summer", "spring"]


def test_R35_bramble_snare_stops_only_strengthening_and_is_checked_before_the_ice_wall():
    # R35
    st = st4(("spring", "winter", "autumn", "summer"))
    st.attach(0, card("spring_bramble_snare"), clan("autumn"))
    st.attach(3, card("winter_ice_wall"))
    st.move(clan("autumn"), 1, True)  # an ordinary raise is not strengthening: the Ice Wall blocks it
    assert not st.attached(card("winter_ice_wall")) and st.attached(card("spring_bramble_snare"))
    st.attach(3, card("winter_ice_wall"))
    st.strengthen(clan("autumn"))  # the Snare goes first; the Ice Wall stays
    assert track_of(st) == ["spring", "winter", "autumn", "summer"]
    assert st.attached(card("winter_ice_wall")) and not st.attached(card("spring_bramble_snare"))
    assert st.discards[0] == [card("spring_bramble_snare")]
    st.strengthen(clan("summer"))  # the Snare named Autumn: other clans are not affected
    assert track_of(st) == ["spring", "winter", "summer", "autumn"]


def test_R36_F7_frost_veil_does_not_stop_movement():
    # R36, F7
    st = st4(("summer", "spring", "autumn", "winter"))
    st.attach(1, card("winter_frost_veil"))
    play(st, "summer_wanderer", "strengthen", "winter")
    assert track_of(st) == ["summer", "spring", "winter", "autumn"]


def test_X8_avalanche_against_a_frozen_clan_at_position_three():
    # X8
    st = st4(("spring", "summer", "autumn", "winter"))
    st.attach(2, card("winter_blizzard"), clan("autumn"))
    play(st, "winter_avalanche", "effect")
    # Spring drops one step, cannot pass the frozen Autumn and stops at 2; Winter's strengthening would
    # pass the frozen Autumn too, so it is blocked as well
    assert track_of(st) == ["summer", "spring", "autumn", "winter"]


def test_X9_eclipse_rite_blocked_by_the_ice_wall_uses_it_up():
    # X9
    st = st4(("winter", "summer", "autumn", "spring"), hands=[["spring_eclipse_rite"], [], [], []])
    st.attach(2, card("winter_ice_wall"))
    play(st, "spring_eclipse_rite", "effect")
    assert not st.attached(card("winter_ice_wall"))
    assert track_of(st) == ["winter", "summer", "spring", "autumn"]  # no swap; Spring strengthened after


def test_track_events_are_public_and_name_the_blocker():
    st = st4(("winter", "summer", "autumn", "spring"))
    st.attach(3, card("winter_long_night"))
    st.ev = []
    st.move(clan("summer"), 1, True)
    data = [e.to_json() for e in st.ev]
    assert data[0] == {"kind": "blocked", "data": {"by": "winter_long_night", "clans": ["summer", "winter"]},
                       "to": None}
    assert data[1]["data"]["moved"] == 0 and all(e.public for e in st.ev)


# ---- what blocks what, at the edges of the rules (R34, R35) --------------------------------------------------------


def moves(st):
    """The 'track' events since the last call: (how, clan, moved)."""
    out = [(e.data["how"], e.data["clan"], e.data["moved"]) for e in st.ev if e.kind == "track"]
    st.ev = []
    return out


def blockers(st):
    return [e.data["by"] for e in st.ev if e.kind == "blocked"]


def test_R34_R35_a_blocked_first_step_cancels_the_whole_move():
    # R35: Winter lowered by 2 against an Ice Wall: the first step is blocked, the Ice Wall is used up, and the
    # second step does not happen (the move is over, not retried)
    st = st4(("winter", "summer", "autumn", "spring"))
    st.attach(1, card("winter_ice_wall"))
    st.ev = []
    st.move(clan("winter"), 2, False)
    assert blockers(st) == ["winter_ice_wall"]
    assert track_of(st) == ["winter", "summer", "autumn", "spring"]
    assert moves(st) == [("lower", "winter", 0)]
    assert not st.attached(card("winter_ice_wall"))


def test_R34_R35_a_step_blocked_halfway_keeps_the_steps_already_made():
    # R35: Spring raised by 3 passes Winter, then meets the frozen Summer: one step made, the rest cancelled
    st = st4(("summer", "autumn", "winter", "spring"))
    st.attach(0, card("winter_blizzard"), clan("autumn"))
    st.ev = []
    st.move(clan("spring"), 3, True)
    assert track_of(st) == ["summer", "autumn", "spring", "winter"]
    assert blockers(st) == ["winter_blizzard"]
    assert moves(st) == [("raise", "spring", 1)]
    assert st.attached(card("winter_blizzard"))  # a lasting lock is not used up


def test_R34_a_move_stopped_by_the_edge_counts_only_the_steps_made():
    st = st4(("spring", "summer", "autumn", "winter"))
    st.ev = []
    st.move(clan("summer"), 3, True)
    st.move(clan("autumn"), 2, False)
    assert track_of(st) == ["summer", "spring", "winter", "autumn"]
    assert moves(st) == [("raise", "summer", 1), ("lower", "autumn", 1)]
    assert blockers(st) == []


def test_R35_blizzard_and_ice_wall_attached_to_seat_0_still_block():
    # R35: whoever holds the attachment, seat 0 included, it works
    st = st4(("spring", "summer", "autumn", "winter"))
    st.attach(0, card("winter_blizzard"), clan("autumn"))
    st.move(clan("winter"), 1, True)
    st.move(clan("autumn"), 1, True)
    st.swap(clan("autumn"), clan("spring"))
    assert track_of(st) == ["spring", "summer", "autumn", "winter"]
    st = st4(("winter", "summer", "autumn", "spring"))
    st.attach(0, card("winter_ice_wall"))
    st.move(clan("winter"), 1, False)
    assert track_of(st) == ["winter", "summer", "autumn", "spring"]
    assert st.discards[0] == [card("winter_ice_wall")]


def test_R35_long_night_and_bramble_snare_attached_to_seat_0_still_block():
    st = st4(("winter", "summer", "autumn", "spring"))
    st.attach(0, card("winter_long_night"))
    st.move(clan("winter"), 1, False)
    assert track_of(st) == ["winter", "summer", "autumn", "spring"]
    st = st4(("spring", "winter", "autumn", "summer"))
    st.attach(0, card("spring_bramble_snare"), clan("autumn"))
    st.strengthen(clan("autumn"))
    assert track_of(st) == ["spring", "winter", "autumn", "summer"]
    assert st.discards[0] == [card("spring_bramble_snare")]


def test_R35_blizzard_freezes_either_clan_of_a_step():
    # the frozen clan may be the one moving or the one it would pass
    st = st4(("spring", "summer", "autumn", "winter"))
    st.attach(2, card("winter_blizzard"), clan("summer"))
    st.move(clan("summer"), 1, True)  # the frozen clan itself
    st.move(clan("autumn"), 1, True)  # the clan it would pass
    st.move(clan("spring"), 1, False)
    assert track_of(st) == ["spring", "summer", "autumn", "winter"]
    st.move(clan("autumn"), 1, False)  # clans away from it move freely
    assert track_of(st) == ["spring", "summer", "winter", "autumn"]


def test_R34_R35_a_swap_with_a_snared_clan_is_not_strengthening():
    # R35: the Snare stops only strengthening; a swap moves the snared clan and leaves the Snare in place
    st = st4(("spring", "summer", "autumn", "winter"))
    st.attach(1, card("spring_bramble_snare"), clan("autumn"))
    st.swap(clan("autumn"), clan("spring"))
    assert track_of(st) == ["autumn", "summer", "spring", "winter"]
    st.swap(clan("autumn"), clan("winter"))  # and back down too
    assert track_of(st) == ["winter", "summer", "spring", "autumn"]
    assert st.attached(card("spring_bramble_snare"))


def test_R35_winter_swapping_upward_passes_a_long_night_and_an_ice_wall():
    # R35: Long Night and the Ice Wall keep Winter from moving down; a swap that takes Winter up is free, and it
    # uses neither card up
    st = st4(("spring", "summer", "autumn", "winter"))
    st.attach(2, card("winter_long_night"))
    st.attach(3, card("winter_ice_wall"))
    st.ev = []
    st.swap(clan("winter"), clan("spring"))
    assert track_of(st) == ["winter", "summer", "autumn", "spring"]
    assert blockers(st) == [] and moves(st) == [("swap", "spring", 1)]
    assert st.attached(card("winter_long_night")) and st.attached(card("winter_ice_wall"))


def test_R35_winter_swapping_downward_is_blocked_by_a_long_night_and_by_an_ice_wall():
    st = st4(("winter", "summer", "autumn", "spring"))
    st.attach(2, card("winter_long_night"))
    st.ev = []
    st.swap(clan("spring"), clan("winter"))  # named in either order
    assert track_of(st) == ["winter", "summer", "autumn", "spring"]
    assert blockers(st) == ["winter_long_night"] and moves(st) == [("swap", "winter", 0)]
    st = st4(("summer", "winter", "autumn", "spring"))
    st.attach(2, card("winter_ice_wall"))
    st.swap(clan("autumn"), clan("winter"))
    assert track_of(st) == ["summer", "winter", "autumn", "spring"] and not st.attached(card("winter_ice_wall"))
    st.swap(clan("autumn"), clan("winter"))  # used up: the next swap goes through
    assert track_of(st) == ["summer", "autumn", "winter", "spring"]


def test_R34_a_swap_of_a_clan_with_itself_moves_nothing():
    st = st4(("spring", "summer", "autumn", "winter"))
    st.attach(2, card("winter_ice_wall"))
    st.ev = []
    st.swap(clan("winter"), clan("winter"))
    assert track_of(st) == ["spring", "summer", "autumn", "winter"]
    assert moves(st) == [("swap", "winter", 0)] and st.attached(card("winter_ice_wall"))


def test_R35_a_frozen_clan_blocks_a_swap_that_reaches_over_it_only_if_it_is_one_of_the_two():
    # a swap is one move of two clans (R34): the clans between them stay put, frozen or not
    st = st4(("spring", "summer", "autumn", "winter"))
    st.attach(1, card("winter_blizzard"), clan("summer"))
    st.swap(clan("spring"), clan("autumn"))
    assert track_of(st) == ["autumn", "summer", "spring", "winter"]
    st.swap(clan("summer"), clan("winter"))
    assert track_of(st) == ["autumn", "summer", "spring", "winter"]
