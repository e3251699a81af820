"""The heuristic bot: legal moves from the View only, and a few sensible choices."""

import math
import random

import pytest
from growl_helpers import hold, night, start, table, wolves

import hexbox
from hexbox.agents import heuristic_for, make_agent
from hexbox.core import View, conformance_setups
from hexbox.games.growl import actions as A
from hexbox.games.growl.cards import INDEX
from hexbox.games.growl.heuristic import Heuristic, Mind, humans_win_chance


def test_heuristic_plays_whole_games_with_legal_moves():
    bot = heuristic_for("growl")
    for seed, opts in enumerate(({}, {"curses": True}, {"curses": True, "spells": True})):
        state = hexbox.load("growl", players=7, **opts).new_state(seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.actors[0]
            action = bot.act(View.of(state, seat), rng)
            assert action in state.legal_actions(seat)
            state.apply(seat, action)


def test_R57_a_human_bot_wounds_a_known_werewolf():
    # R57: a human bot wounds a known werewolf
    s = table(6, deck=("wound", "gold"))
    s.seance = ((3, True),)  # R57: seat 3 is known to be a werewolf (surgery: alive and told)
    wolves(s, 3)
    start(s, 0)
    action = Heuristic(noise=0).act(View.of(s, 0), random.Random(0))
    assert action == A.GIVE[3]


def test_R26_a_werewolf_bot_passes_bites_at_night():
    # R26: a werewolf bot passes bites at night
    s = table(4)
    for p in range(4):
        hold(s, p, gold=2)
    hold(s, 1, bite=2, salve=1)
    wolves(s, 1)
    night(s, "insomnia", seat=0)
    s.apply(0, A.TARGET[0])
    action = Heuristic(noise=0).act(View.of(s, 1), random.Random(0))
    assert "bite" in (action.left, action.right)
    assert INDEX["salve"] not in (INDEX[action.left], INDEX[action.right])


# ---- the game's advice to ISMCTS -------------------------------------------------------------------------

def test_R71_evaluator_every_member_of_a_team_gets_the_team_chance():
    from hexbox.games.growl.heuristic import win_chances

    s = table(6)
    wolves(s, 1, 4, zero=True)
    values = win_chances(s)
    assert len({values[x] for x in (0, 2, 3, 5)}) == 1 and values[1] == values[4]
    assert abs(values[0] + values[1] - 1) < 1e-9 and values[0] > values[1]  # four humans against two wolves


def test_R71_evaluator_no_living_human_means_the_werewolves_win():
    from hexbox.games.growl.heuristic import win_chances

    s = table(6)
    wolves(s, 1, 4, zero=True)
    for x in (0, 2, 3, 5):
        s.dead[x] = True  # dead humans still win with their team, but only a living one can make it win
    assert win_chances(s) == [0.0, 1.0, 0.0, 0.0, 1.0, 0.0]


def _two_wolves():
    """Six seats, Wolf Zeroes at 1 and 4, empty hands: a table for the evaluator, and its P(humans win)."""
    s = table(6)
    wolves(s, 1, 4, zero=True)
    return s, humans_win_chance(s)


def test_R30_evaluator_a_human_about_to_turn_and_a_turned_human_help_the_werewolves():
    s, calm = _two_wolves()
    hold(s, 0, bite=2)
    bitten = humans_win_chance(s)
    wolves(s, 0)  # R30: a third Bite turns seat 0
    turned = humans_win_chance(s)
    assert calm > bitten > turned


def test_R31_evaluator_a_dead_human_hurts_the_humans_and_a_wounded_wolf_helps_them():
    s, calm = _two_wolves()
    hold(s, 1, wound=2)
    assert humans_win_chance(s) > calm
    hold(s, 1)
    s.dead[0] = True
    assert humans_win_chance(s) < calm


def test_R30_evaluator_one_bite_on_a_human_helps_the_werewolves():
    # The weights are effects measured on experiments (benchmarks/fit_growl_eval.py), not correlations: in
    # heuristic games a human with one Bite went with a humans' win, and a plain regression said so.
    s, calm = _two_wolves()
    hold(s, 0, bite=1)
    assert humans_win_chance(s) < calm


def test_R31_evaluator_wounds_help_the_humans_on_a_werewolf_and_hurt_them_on_a_human():
    s, calm = _two_wolves()
    hold(s, 0, wound=2)
    on_human = humans_win_chance(s)
    hold(s, 0)
    hold(s, 1, wound=2)
    on_wolf = humans_win_chance(s)
    assert on_human < calm < on_wolf
    hold(s, 1, wound=1)
    assert calm < humans_win_chance(s) < on_wolf  # a second Wound on a werewolf helps more than the first


def test_evaluator_weights_match_its_features():
    from hexbox.games.growl.heuristic import EVAL_FEATURES, EVAL_WEIGHTS, features

    assert len(EVAL_WEIGHTS) == len(EVAL_FEATURES) == len(features(table(6)))


def test_the_kept_readings_of_the_log_give_what_a_fresh_reading_gives_across_tables_and_clones():
    # Mind keeps what each seat's log said (heuristic._READINGS) and reads on from it: two tables played in turn,
    # a clone and resampled worlds playing on from one of them, and every seat's beliefs compared with those of a
    # Mind that reads the whole log afresh (an observation deep-copied: entries it has never seen)
    import copy

    from hexbox.games.growl.heuristic import Mind

    bot = Heuristic()
    tables = [hexbox.load("growl", players=p, **o).new_state(seed)
              for seed, (p, o) in enumerate(((6, {"curses": True}), (8, {"spells": True})))]
    rng = random.Random(5)
    checked = 0
    for step in range(400):
        live = [s for s in tables if not s.is_over]
        if not live:
            break
        state = live[step % len(live)]
        if step == 60:
            tables += [state.clone(), state.resample(state.actors[0], random.Random(1))]
        for seat in range(state.n):
            obs = state.observe(seat)
            kept, fresh = Mind(obs), Mind(copy.deepcopy(obs))
            assert (kept.p, kept.pack, kept.foes) == (fresh.p, fresh.pack, fresh.foes)
            checked += 1
        seat = rng.choice(state.actors)
        state.apply(seat, bot.act(View.of(state, seat), rng))
    assert checked > 500


# ---- the bot's shortcuts, held to the plain code they stand for ------------------------------------------------
# Mind.choose works a Day gift's, a Night pass's and a Hypnosis's scores out in the tiebreaks' loop, and the Night
# passes read each card's keep from a table (_KEEPS): both for speed (the numbers are in heuristic.py), both a
# second copy of what Mind.scores and Mind.keep say. These tests fail as soon as the two copies part.


def _plain_choice(mind, legal, tiebreak):
    """act's choice as it was: every score, then the tiebreaks drawn in order, the last of the best."""
    best, at = -math.inf, 0
    for i, x in enumerate(mind.scores(legal)):
        x += tiebreak() * 1e-3
        if x >= best:
            best, at = x, i
    return at


@pytest.mark.parametrize("agents", ["normal", "random"])
@pytest.mark.parametrize(("players", "options"), [(p, o) for g, p, o in conformance_setups() if g == "growl"])
def test_choose_picks_what_the_scores_and_their_tiebreaks_pick_at_every_decision(players, options, agents):
    game = hexbox.load("growl", players=players, **options)
    agent = make_agent(agents, "growl")
    kinds = set()
    for seed in range(3):
        state, rng = game.new_state(seed=seed), random.Random(seed)
        while not state.is_over:
            actors = state.actors
            seat = actors[0] if len(actors) == 1 else rng.choice(actors)
            view = View.of(state, seat)
            legal = view.legal_actions
            if len(legal) > 1:
                kinds.add(legal[0].kind)
                a, b = random.Random(seed * 1000 + len(state.log)), random.Random(seed * 1000 + len(state.log))
                assert Mind(view.observation).choose(legal, a.random) == _plain_choice(Mind(view.observation),
                                                                                      legal, b.random)
                assert a.random() == b.random()  # as many tiebreaks drawn
            state.apply(seat, agent.act(view, rng))
    assert {"give", "night_pass"} <= kinds


def test_the_keeps_table_is_what_keep_says_whatever_the_icons_and_the_hand():
    from types import SimpleNamespace

    from hexbox.games.growl.cards import IDS
    from hexbox.games.growl.heuristic import _KEEPS

    for wolf in (False, True):
        assert _KEEPS[wolf]
        for wounds in range(-1, 4):
            for bites in range(-1, 4):
                for k in range(3):
                    hand = dict.fromkeys(IDS, k)
                    seat = SimpleNamespace(wolf=wolf, icons={"net_wounds": wounds, "net_bites": bites}, hand=hand)
                    for card, keep in _KEEPS[wolf].items():
                        assert Mind.keep(seat, card) == keep, (wolf, card, wounds, bites, k)
