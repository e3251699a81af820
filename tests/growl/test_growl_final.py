"""The Final Night (R61-R69), the end of the game (R69-R72), votes as windows, D13, D15, D24, D25."""

import random

import pytest
from growl_helpers import counts, defaults, hold, kinds, lay, new, night, pass_all, pub, table, views, wolves

import hexbox
from hexbox.agents import make_agent
from hexbox.core import View
from hexbox.games.growl import actions as A
from hexbox.games.growl.cards import INDEX
from hexbox.games.growl.phases import HALLOWS, PASSING, PICK, POINT, PURGE, SAVE, VOTE


def golds(players=6, **options):
    s = table(players, **options)
    for p in range(players):
        hold(s, p, gold=2)
    return s


def final(players, card, active=0, **options):
    s = golds(players, **options)
    night(s, card, seat=active, then=())
    return s


def test_R61_all_hallows_eve_a_dead_player_sends_two_cards():
    # R61: all hallows eve a dead player sends two cards
    s = golds(6)
    s.dead[3] = True
    hold(s, 3, bite=1, wound=1)
    night(s, "all_hallows_eve", seat=0, then=())
    assert s.legal_actions(0) == [A.TARGET[3]]
    s.apply(0, A.TARGET[3])
    assert s.phase == HALLOWS and s.actors == (3,)
    events = s.apply(3, A.HALLOWS[INDEX["bite"]][INDEX["wound"]])  # Bites allowed
    assert counts(s, 4) == {"gold": 2, "bite": 1} and counts(s, 2) == {"gold": 2, "wound": 1}
    assert any(e.kind == "hallows_card" and e.to == {3, 4} for e in events)
    assert s.phase == PASSING


def test_R61_all_hallows_eve_without_the_dead():
    # R61: all hallows eve without the dead
    s = final(6, "all_hallows_eve")
    assert s.legal_actions(0) == [A.NO_TARGET]


def test_R62_the_accused_open_vote_from_the_left_active_last():
    # R62: the accused open vote from the left active last
    s = final(5, "the_accused", active=2)
    s.apply(2, A.BEGIN)
    assert s.phase == VOTE and s.window == (3, 4, 0, 1, 2)
    order = []
    for target in (1, 1, 3, 3, 1):
        seat = s.actors[0]
        order.append(seat)
        assert A.VOTE[seat] not in s.legal_actions(seat)  # D25: not oneself
        events = s.apply(seat, A.VOTE[target])
        assert events[0].public  # open vote
    assert order == [3, 4, 0, 1, 2]
    assert s.dead[1] and s.phase == PASSING


def test_R62_ties_are_broken_by_the_active_player():
    # R62: ties are broken by the active player
    s = final(4, "the_accused", active=0)
    s.apply(0, A.BEGIN)
    for target in (2, 1, 1, 2):
        s.apply(s.actors[0], A.VOTE[target])
    assert s.phase == PICK and s.actors == (0,) and [a.target for a in s.legal_actions(0)] == [1, 2]
    s.apply(0, A.PICK[2])
    assert s.dead[2]


def test_R63_the_purge_secret_simultaneous_vote():
    # R63: the purge secret simultaneous vote
    s = final(4, "the_purge", active=0)
    s.apply(0, A.BEGIN)
    assert s.phase == PURGE and s.actors == (0, 1, 2, 3)
    before = views(s)
    s.apply(2, A.VOTE[3])
    after = views(s)
    # the vote is hidden from everyone but the voter until all are in
    for o in (0, 1, 3, 4):
        assert '"target": 3' not in after[o]
    assert after[2] != before[2] and '"my_choice": 3' in after[2]
    s.apply(0, A.VOTE[3])
    s.apply(1, A.VOTE[2])
    events = s.apply(3, A.VOTE[1])
    votes = next(e for e in events if e.kind == "votes")
    assert votes.public and votes.data["votes"] == {"0": 3, "1": 2, "2": 3, "3": 1}
    assert s.dead[3]


def test_R64_D1_the_sleepwalkers_swap_seats_but_not_face_up_cards():
    # R64, D1: the sleepwalkers swap seats but not face up cards
    s = golds(6, spells=True)
    hold(s, 1, wound=2)
    lay(s, 4, "silver_bullet")
    night(s, "the_sleepwalkers", seat=0, then=())
    s.apply(0, A.TARGET2[A.PAIR_INDEX[(1, 4)]])
    assert s.pos_of[1] == 4 and s.pos_of[4] == 1 and s.seat_at[4] == 1
    # R50: seat 1 now sits behind the Silver Bullet: 2 wounds + 1 = dead
    assert s.dead[1]
    assert pub(s)["seats"][4]["front"] == []
    assert s.start_pos == 0


def test_R65_the_tempest_secret_pile_dealt_back():
    # R65: the tempest secret pile dealt back
    s = final(4, "the_tempest")
    hold(s, 1, wound=1, gold=1)
    s.apply(0, A.BEGIN)
    assert s.actors == (0, 1, 2, 3)
    for p in range(4):
        s.apply(p, A.CONTRIBUTE[INDEX["wound" if p == 1 else "gold"]])
    assert sum(s.hands[p][INDEX["wound"]] for p in range(4)) == 1
    assert [sum(h) for h in s.hands] == [2, 2, 2, 2]
    assert s.phase == PASSING


def test_R66_the_trusted_the_most_trusted_names_the_victim():
    # R66: the trusted the most trusted names the victim
    s = final(4, "the_trusted", active=0)
    s.apply(0, A.BEGIN)
    assert A.VOTE[1] in s.legal_actions(1)  # oneself allowed
    for target in (1, 1, 1, 2):
        s.apply(s.actors[0], A.VOTE[target])
    assert s.phase == PICK and s.actors == (1,)
    s.apply(1, A.PICK[3])
    assert s.dead[3]


def test_R67_the_unsaved_chain():
    # R67: the active player lowers their hand first (the printed card): saved, it saves another player; each
    # newly saved player saves one still unsaved; the last unsaved player dies
    s = final(5, "the_unsaved", active=0)
    s.apply(0, A.BEGIN)
    assert s.phase == SAVE and s.actors == (0,) and [a.target for a in s.legal_actions(0)] == [1, 2, 3, 4]
    assert pub(s)["window"]["unsaved"] == [1, 2, 3, 4] and pub(s)["window"]["saver"] == 0
    s.apply(0, A.SAVE[2])
    assert s.actors == (2,) and [a.target for a in s.legal_actions(2)] == [1, 3, 4]  # never the active player
    s.apply(2, A.SAVE[4])
    s.apply(4, A.SAVE[1])
    assert s.dead[3] and not any(s.dead[p] for p in (0, 1, 2, 4))


@pytest.mark.parametrize("active", range(5))
def test_R67_the_active_player_is_never_the_one_left_unsaved(active):
    # R67: whoever saves whom, the active player survives The Unsaved and exactly one other player dies
    for seed in range(20):
        s = final(5, "the_unsaved", active=active)
        s.apply(active, A.BEGIN)
        rng = random.Random(seed)
        while s.phase == SAVE:
            seat = s.actors[0]
            legal = s.legal_actions(seat)
            assert A.SAVE[active] not in legal and A.SAVE[seat] not in legal
            s.apply(seat, rng.choice(legal))
        assert not s.dead[active] and sum(s.dead) == 1


def test_R67_with_three_alive_the_active_player_picks_who_lives():
    # R67: three players left: the active player saves one of the other two, and the other one dies
    s = final(4, "the_unsaved", active=1)
    s.dead[3] = True
    s.apply(1, A.BEGIN)
    assert [a.target for a in s.legal_actions(1)] == [0, 2]
    s.apply(1, A.SAVE[2])
    assert s.dead[0] and not s.dead[1] and not s.dead[2]
    assert s.is_over and s.result.kind == "two_or_fewer_alive"  # R70: two left


def points(s, sides):
    for seat, side in sides.items():
        s.apply(seat, A.POINT_LEFT if side == "L" else A.POINT_RIGHT)


def test_R68_the_unwanted_one_or_two_die():
    # R68: the unwanted one or two die
    s = final(5, "the_unwanted")
    s.apply(0, A.BEGIN)
    assert s.phase == POINT
    # seat 2 is pointed at by 1 (left) and 3 (right)
    points(s, {0: "R", 1: "L", 2: "R", 3: "R", 4: "L"})
    assert s.dead[2] and sum(s.dead) == 1


def test_R68_the_unwanted_nobody():
    # R68: the unwanted nobody
    s = final(4, "the_unwanted")
    s.apply(0, A.BEGIN)
    points(s, {0: "L", 1: "L", 2: "L", 3: "L"})
    assert not any(s.dead) and s.phase == PASSING


def test_R68_D15_three_or_more_point_again_and_empty_rounds_end_by_a_pick():
    # R68, D15: three or more point again and empty rounds end by a pick
    s = final(9, "the_unwanted")
    s.apply(0, A.BEGIN)
    # 0, 3, 6 are each pointed at by both neighbours
    points(s, {1: "R", 2: "L", 4: "R", 5: "L", 7: "R", 8: "L", 0: "L", 3: "L", 6: "L"})
    assert s.phase == POINT and s.candidates == (0, 3, 6) and s.actors == (0, 3, 6)
    for _ in range(3):
        points(s, {0: "L", 3: "L", 6: "L"})  # a ring of three all pointing left: nobody
    assert s.phase == PICK and s.actors == (0,) and s.pick_options == (0, 3, 6)
    s.apply(0, A.PICK[6])
    assert s.dead[6] and sum(s.dead) == 1


def test_R69_the_game_ends_after_the_final_nights_passing():
    # R69: the game ends after the final nights passing
    s = final(6, "the_purge")
    s.apply(0, A.BEGIN)
    for p in range(6):
        s.apply(p, A.VOTE[(p + 1) % 6])
    assert s.phase == PICK
    s.apply(0, A.PICK[3])
    assert not s.is_over and s.phase == PASSING
    events = pass_all(s)
    assert s.is_over and s.actors == () and s.result.kind == "final_night"
    assert s.result.reason == "The Final Night is over, and a human is still alive: the humans win."
    assert "game_over" in kinds(events) and "moon_watcher" not in kinds(events)


def test_R70_D13_two_or_fewer_alive_ends_at_once_after_death_triggers():
    # R70, D13: two or fewer alive ends at once after death triggers
    s = golds(4, deck=("wound", "gold"), spells=True)
    hold(s, 1, wound=2, salve=0, gold=1)
    s.dead[2] = True
    lay(s, 1, "death_rattle")
    from growl_helpers import start

    start(s, 0)
    s.apply(0, A.GIVE[1])
    # seat 1 died with a Death Rattle: it resolves before the end check
    assert not s.is_over and s.actors == (1,)
    s.apply(1, A.DEATH_RATTLE[INDEX["wound"]][3])
    assert s.is_over and s.result.kind == "two_or_fewer_alive"


def test_R71_R72_the_growl_humans_win_with_a_living_human_and_gold_scores():
    # R71, R72: the growl humans win with a living human and gold scores
    s = golds(4, deck=("wound", "gold"), curses=True)
    wolves(s, 0, 1, zero=True)
    hold(s, 2, wound=2, gold=1, cursed_gold=1)
    hold(s, 3, wound=1, gold=3)
    s.dead[3] = True
    from growl_helpers import start

    start(s, 0)
    s.apply(0, A.GIVE[2])
    # no living human: the werewolves win (R71), dead or alive they score 1 + gold icons (R72)
    assert s.is_over and s.result.winners == frozenset({0, 1})
    assert s.result.scores == {0: 3, 1: 3, 2: 0, 3: 0}
    assert s.result.kind == "two_or_fewer_alive"
    assert s.result.reason == "Only 2 players are left alive, no human among them: the werewolves win."
    s2 = golds(5, deck=("wound", "gold"))
    wolves(s2, 0)
    hold(s2, 1, wound=2)
    s2.dead[2] = s2.dead[3] = True
    hold(s2, 3, cursed_gold=0, gold=5)
    start(s2, 0)
    s2.apply(0, A.GIVE[1])
    assert s2.is_over and s2.result.winners == frozenset({1, 2, 3, 4})
    assert s2.result.scores[3] == 6 and s2.result.scores[0] == 0


def test_D24_nobody_alive_means_the_werewolves_win():
    # D24: nobody alive means the werewolves win
    s = golds(4)
    wolves(s, 0)
    s.settle("_end_turn", killed=range(4))
    assert all(s.dead) and s.result.winners == frozenset({0})
    assert s.result.kind == "two_or_fewer_alive" and s.result.reason == "Nobody is left alive: the werewolves win."


def test_R71_result_reveals_every_team_and_hand():
    # R71: result reveals every team and hand
    s = golds(6)
    wolves(s, 2, zero=True)
    night(s, "the_tempest", then=())
    defaults(s)
    obs = s.observe(None)
    assert obs["result"]["kind"] == "final_night"
    assert obs["public"]["reveal"][2] == {"seat": 2, "werewolf": True, "wolf_zero": True, "hand": {"gold": 2}}
    assert s.result.winners == frozenset({0, 1, 3, 4, 5})
    for p in range(6):
        assert s.legal_actions(p) == []
    with pytest.raises(hexbox.IllegalAction):
        s.apply(0, A.END_SPELLS)


def test_R70_R72_the_result_says_who_is_left():
    from hexbox.games.growl.state import _reason

    assert _reason("two_or_fewer_alive", 1, True) == "Only one player is left alive, a human: the humans win."
    assert _reason("two_or_fewer_alive", 1, False) == (
        "Only one player is left alive, a werewolf: the werewolves win.")
    assert _reason("two_or_fewer_alive", 2, False) == (
        "Only 2 players are left alive, no human among them: the werewolves win.")
    assert _reason("two_or_fewer_alive", 0, False) == "Nobody is left alive: the werewolves win."


def test_a_clone_keeps_private_knowledge_and_is_independent():
    s = new(6, seed=4)
    while not any(s.priv_known) and not s.is_over:
        seat = s.actors[0]
        s.apply(seat, s.default_action(seat))
    assert any(s.priv_known)
    c = s.clone()
    assert all(c.observe(v) == s.observe(v) for v in (None, *range(6)))
    seat = c.actors[0]
    c.apply(seat, c.default_action(seat))
    assert c.log != s.log and c.priv_known is not s.priv_known


def test_a_card_nobody_has_in_front_lies_nowhere():
    s = new(6, seed=4)
    assert s.holder(INDEX["seance"]) == -1


def test_R2_R64_neighbours_follow_positions_once_seats_have_moved():
    # R64 moves players to other positions: the neighbour on the left is whoever sits at the next position, and a
    # dead one is skipped there too
    s = new(6, seed=4)
    s.seat_at = [0, 2, 1, 3, 4, 5]
    s.pos_of = [0, 2, 1, 3, 4, 5]
    assert s.neighbour(0, 1) == 2 and s.neighbour(2, 1) == 1 and s.neighbour(0, -1) == 5
    s.dead[2] = True
    assert s.neighbour(0, 1) == 1 and s.neighbour(3, -1) == 1
    s.dead[2] = False
    s.seat_at = [0, 3, 1, 2, 4, 5]  # seat 3 sits at position 1, seat 1 at 2, seat 2 at 3
    s.pos_of = [0, 2, 3, 1, 4, 5]
    s.dead[4] = True
    assert s.neighbour(0, 1) == 3 and s.neighbour(2, 1) == 5 and s.neighbour(5, 1) == 0 and s.neighbour(0, -1) == 5


def test_a_seat_that_may_not_act_has_no_legal_actions():
    s = new(6, seed=9)
    for _ in range(200):
        if s.is_over:
            break
        for seat in range(6):
            if seat not in s.actors:
                assert s.legal_actions(seat) == [], (s.phase_name, seat)
        seat = s.actors[0]
        s.apply(seat, s.default_action(seat))


def test_R69_the_nights_count_holds_the_final_nights_passing_too():
    # the public ``nights`` is the Night passings over so far (schema.py): after the Final Night's passing the
    # game is over with all three counted, as the verdict and a designer's statistics say (seen at a browser's
    # final table: "2 of 3 Nights over" beside "The Final Night is over")
    bot = make_agent("normal", "growl")
    endings = set()
    for seed in range(12):
        state, rng = hexbox.load("growl", players=6).new_state(seed=seed), random.Random(seed)
        while True:
            passings = sum(e.kind == "night_passing" for e in state.log)
            assert state.observe(None)["public"]["nights"] == passings
            if state.is_over:
                break
            actors = state.actors
            seat = actors[0] if len(actors) == 1 else rng.choice(actors)
            state.apply(seat, bot.act(View.of(state, seat), rng))
        endings.add(state.result.kind)
        if state.result.kind == "final_night":
            assert passings == 3
    assert "final_night" in endings
