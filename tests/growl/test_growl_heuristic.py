"""The heuristic bot: legal moves from the View only, and a few sensible choices (spec §11)."""

import random

from growl_helpers import hold, night, start, table, wolves

import hexbox
from hexbox.agents import heuristic_for
from hexbox.core import View
from hexbox.games.growl import actions as A
from hexbox.games.growl.cards import INDEX
from hexbox.games.growl.heuristic import Heuristic


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
