"""Setup (R1-R8), the score track, Big Skulls and the end of the game (R26-R28, R38, R45, R46)."""

import pytest
from voodoo_helpers import act, clear_hands, curse_on, give, new, pass_turn, private, public, to_phase2

import hexbox
from hexbox.games.voodoo import actions as A
from hexbox.games.voodoo.cards import ARTEFACTS, CURSES, PERMANENTS, STARTING_CURSES


def test_R1_R3_components_and_three_decks():
    # cites R1, R3
    assert len(CURSES) == 36 and len(PERMANENTS) == 10 and len(ARTEFACTS) == 13
    for n, deck in ((3, 33), (4, 32), (5, 31), (6, 30)):
        s = new(players=n, seed=n)
        assert len(s.cdeck) == deck and len(s.pdeck) == 10 and len(s.adeck) == 13  # docs/games/voodoo.md, Set-up


def test_R2_three_to_six_players():
    # cites R2
    assert "voodoo" in hexbox.games()
    for n in (3, 6):
        assert hexbox.load("voodoo", players=n).players == n
    for bad in (2, 7):
        with pytest.raises(hexbox.ConfigError):
            hexbox.load("voodoo", players=bad)
    with pytest.raises(hexbox.ConfigError):
        hexbox.load("voodoo", players=4, claim_mode="shout")
    with pytest.raises(hexbox.ConfigError):
        hexbox.load("voodoo", players=4, first_seat=4)


def test_R4_each_starts_with_one_secret_cost_two_curse():
    # cites R4
    s = new(players=6, seed=11)
    for seat in range(6):
        assert len(s.hand[seat]) == 1 and s.hand[seat][0] in STARTING_CURSES
        assert CURSES[s.hand[seat][0]].dice == 2
        other = (seat + 1) % 6
        assert public(s, other)["hands"][seat] == {"seat": seat, "curses": 1, "artefacts": 0, "known_curses": []}
        assert private(s, other)["known_curses"][str(seat)] == []


def test_R5_decks_are_shuffled_by_the_seed():
    # cites R5
    a, b = new(seed=1), new(seed=2)
    assert a.cdeck != b.cdeck or a.adeck != b.adeck
    assert new(seed=1).cdeck == a.cdeck


def test_R6_R7_scores_start_at_zero_random_first_player():
    # cites R6, R7
    firsts = set()
    for seed in range(30):
        s = hexbox.load("voodoo", players=4).new_state(seed=seed)
        assert s.scores == [0, 0, 0, 0]
        firsts.add(s.active)
    assert firsts == {0, 1, 2, 3}
    assert hexbox.load("voodoo", players=4, first_seat=2).new_state(seed=0).active == 2


def test_R8_R38_first_to_eleven_wins_at_once():
    # cites R8, R38
    s = new()
    clear_hands(s)
    give(s, 0, "C12")
    s.scores[0] = 8
    s.struck[0] = 0b111
    to_phase2(s, "SK SK BA BA PU")
    act(s, 0, {"kind": "cast", "curse": "C12", "target": 1, "pay": "SK SK BA BA"})
    assert s.is_over and s.result.winners == {0} and s.actors == ()
    assert s.result.kind == "reached_target" and s.result.reason == "seat 0 reached 11 points"
    assert s.legal_actions(0) == []


def test_R38_win_on_anothers_turn():
    # cites R38
    s = new()
    curse_on(s, "C05", 1, 0)
    s.scores[1] = 10
    s.struck[1] = 0b111
    to_phase2(s, "PU PU PU PU PU")  # forgot to cluck
    act(s, 0, A.PASS_DOLL)
    act(s, 1, {"kind": "claim", "curse": "C05"})
    assert s.result.winners == {1} and s.result.scores[1] == 12


def test_R26_R28_big_skulls_give_permanent_curses_once_each():
    # cites R26, R28
    s = new()
    clear_hands(s)
    give(s, 0, "C12")
    s.scores[0] = 2
    to_phase2(s, "SK SK BA BA PU")
    act(s, 0, {"kind": "cast", "curse": "C12", "target": 1, "pay": "SK SK BA BA"})  # 2 -> 5: skull 3
    assert s.powner.count(0) == 1 and public(s)["skulls_struck"][0] == [3]
    assert len(public(s)["permanents"][0]) == 1
    s.scores[0] = 2  # losing points and climbing again does not strike again (D13)
    give(s, 0, "C04")
    s.holder = -1
    s.bag = [0, 0, 0, 0, 2, 0]
    act(s, 0, {"kind": "cast", "curse": "C04", "target": 2, "pay": "BA BA"})
    assert s.scores[0] == 3 and s.powner.count(0) == 1


def test_R28_one_gain_past_two_skulls_gives_two():
    # cites R28
    s = new()
    events = s._gain(0, 7)  # 0 -> 7 crosses the skulls at 3 and 6 in one gain
    assert [e.data["skull"] for e in events if e.kind == "permanent_curse"] == [3, 6]
    assert s.powner.count(0) == 2 and s.struck[0] == 0b011
    events = s._gain(0, 2)
    assert [e.data["skull"] for e in events if e.kind == "permanent_curse"] == [9]


def test_R27_empty_permanent_deck_gives_nothing():
    # cites R27
    s = new()
    s.pdeck = []
    events = s._gain(1, 4)
    assert s.struck[1] == 1 and s.powner.count(1) == 0 and not [e for e in events if e.kind == "permanent_curse"]


def test_R45_scores_never_below_zero():
    # cites R45
    s = new()
    curse_on(s, "C05", 1, 0)
    to_phase2(s, "PU PU PU PU PU")
    act(s, 0, A.PASS_DOLL)
    act(s, 1, {"kind": "claim", "curse": "C05"})  # seat 0 forgot to cluck: a true claim
    assert s.scores[1] == 2
    s = new()
    curse_on(s, "C05", 1, 0)
    act(s, 0, {"kind": "emote", "emote": "cluck"})
    to_phase2(s, "PU PU PU PU PU")
    act(s, 0, A.PASS_DOLL)
    act(s, 1, {"kind": "claim", "curse": "C05"})  # false claim at 0 points
    assert s.scores[1] == 0


def test_R46_turn_cap_highest_scores_win_ties_share():
    # cites R46
    s = hexbox.load("voodoo", players=3, max_turns=30, first_seat=0).new_state(seed=4)
    clear_hands(s)
    s.scores = [2, 5, 5]
    for _ in range(30):
        to_phase2(s, "PU PU PU PU PU")
        pass_turn(s)
    assert s.is_over and s.result.winners == {1, 2} and s.result.kind == "turn_cap"
    assert s.result.reason == "30 turns played; highest score 5 (seats 1, 2)"


def test_conformance_covers_every_player_count_and_claim_mode():
    setups = {(c["players"], c["claim_mode"]) for c in hexbox.game_info("voodoo").conformance}
    assert setups == {(n, m) for n in (3, 4, 5, 6) for m in ("call_out", "automatic")}


def test_the_printed_curses_score_dice_less_one_when_cast():
    """D4: a printed curse's Cast points are its dice less one (a variant may change them: hexbox.sim.variant)."""
    from hexbox.games.voodoo.cards import CURSES

    assert all(c.cast == c.dice - 1 for c in CURSES)


def test_R6_a_head_start_per_seat_counted_from_the_first_player(monkeypatch):
    # cites R6, R7: every marker starts on 0 as printed; a variant's data (game.start_points, by player count) may
    # give the seats a head start, counted clockwise from the first player, whoever that is
    from hexbox.games.voodoo import state as voodoo_state

    assert voodoo_state.START_POINTS[4] == (0, 0, 0, 0)  # as printed
    monkeypatch.setattr(voodoo_state, "START_POINTS", {**voodoo_state.START_POINTS, 4: (0, 0, 1, 2)})
    s = hexbox.load("voodoo", players=4, first_seat=3).new_state(seed=0)
    assert s.active == 3 and s.scores == [0, 1, 2, 0]  # first 3, then 0 (+0), 1 (+1), 2 (+2)
    assert s.score_history == ((0, 1, 2, 0),)
    for seed in range(12):
        s = hexbox.load("voodoo", players=4).new_state(seed=seed)
        assert [s.scores[(s.active + i) % 4] for i in range(4)] == [0, 0, 1, 2]
    assert hexbox.load("voodoo", players=3).new_state(seed=0).scores == [0, 0, 0]  # other counts as printed
    # with no Big Skulls the data allows any head start; one at the target would be a won game before a turn
    monkeypatch.setattr(voodoo_state, "START_POINTS", {**voodoo_state.START_POINTS, 4: (0, 0, 0, 6)})
    with pytest.raises(hexbox.ConfigError, match="a head start of 6 points reaches target_score 6"):
        hexbox.load("voodoo", players=4, target_score=6)


def test_R6_R26_the_head_starts_are_checked_as_data():
    # cites R6, R26: one list per player count, one value per seat, none negative, all below the first Big Skull
    from hexbox.core import DataError
    from hexbox.sim.variant import validate_overlay

    validate_overlay("voodoo", {"game": {"start_points": {"4": [0, 0, 0, 1]}}})
    for bad, why in (([0, 0, 1], "4 players need 4 head starts"), ([0, 0, 0, -1], "never negative"),
                     ([0, 0, 0, 3], "below the first Big Skull, 3")):
        with pytest.raises(DataError, match=why) as caught:
            validate_overlay("voodoo", {"game": {"start_points": {"4": bad}}})
        assert "\n" not in str(caught.value)


def test_R10_R61_fewer_dice_on_each_seats_first_roll_counted_from_the_first_player(monkeypatch):
    # cites R10, R61: every roll is of 5 dice as printed; a variant's data (game.first_roll_fewer_dice, by player
    # count) may take dice off some seats' first roll, counted from the first player, as a waiting "fewer dice"
    from hexbox.games.voodoo import state as voodoo_state

    assert voodoo_state.FIRST_ROLL_FEWER_DICE[4] == (0, 0, 0, 0)  # as printed
    monkeypatch.setattr(voodoo_state, "FIRST_ROLL_FEWER_DICE", {**voodoo_state.FIRST_ROLL_FEWER_DICE, 4: (1, 0, 0, 2)})
    s = hexbox.load("voodoo", players=4, first_seat=1).new_state(seed=0)
    assert s.penalty == [2, 1, 0, 0] and public(s, 2)["fewer_dice"] == [2, 1, 0, 0]
    events = act(s, 1, {"kind": "roll"})
    assert events[-1].data["dice"] == 4 and s.penalty[1] == 0  # the first roll only
    from hexbox.core import DataError
    from hexbox.sim.variant import validate_overlay

    with pytest.raises(DataError, match="a first roll leaves at least one die of 5"):
        validate_overlay("voodoo", {"game": {"first_roll_fewer_dice": {"4": [5, 0, 0, 0]}}})


def _end_turn(s) -> None:
    to_phase2(s, "PU PU PU PU PU")
    pass_turn(s)


def test_R38_catch_up_option_finish_the_round_gives_every_player_as_many_turns():
    # cites R38: as printed the first to reach the target wins at once; the catch-up option finish_round plays the
    # round to its end (the last player's turn), then the highest score wins, tied leaders all
    s = new(players=4, first_seat=1, finish_round="ties_shared")  # seats play 1, 2, 3, 0: seat 0 ends each round
    s.scores = [0, 10, 0, 0]
    s._gain(1, 1)
    assert not s.is_over and s.scores[1] == 11
    _end_turn(s)  # seat 1's turn ends; the round goes on
    assert not s.is_over and s.active == 2
    s.scores[3] = 12
    _end_turn(s)
    _end_turn(s)
    assert s.active == 0 and not s.is_over
    _end_turn(s)  # the last player's turn ends the round, and the game
    assert s.is_over and s.result.winners == {3} and s.result.kind == "reached_target"
    s = new(players=4, first_seat=1, finish_round="ties_shared")
    for _ in range(3):
        _end_turn(s)
    s.scores = [10, 11, 0, 0]  # the last player reaching it ends at once; the highest score wins
    s._gain(0, 2)
    assert s.is_over and s.result.winners == {0}
    printed = new(players=4, first_seat=1)
    printed._gain(1, 11)
    assert printed.is_over and printed.result.winners == {1}
    with pytest.raises(hexbox.ConfigError, match="finish_round") as caught:
        hexbox.load("voodoo", players=4, finish_round="yes")
    assert "\n" not in str(caught.value)


def test_R38_catch_up_option_finish_the_round_ties_shared_or_to_the_later_player():
    # cites R38 (the catch-up option): tied leaders at the end of the round all win, or the latest in turn order
    for mode, winners in (("ties_shared", {1, 2}), ("ties_to_later", {2})):
        s = new(players=4, first_seat=1, finish_round=mode)  # turn order 1, 2, 3, 0
        s.scores = [0, 10, 9, 0]
        s._gain(1, 1)
        _end_turn(s)
        s._gain(2, 2)
        for _ in range(3):
            _end_turn(s)
        assert s.is_over and s.result.winners == winners, mode
