"""The bots never kill their own side's last chance when they can tell (R66, R70, R71).

The case: a Wolf Zero named a victim whose death left 2 players alive, so the game ended at once (R70) with a
human alive and the humans won (R71), when another victim would have left only werewolves.
"""

import random

import pytest
from growl_helpers import night, table, wolves

from hexbox.agents import make_agent
from hexbox.core import View
from hexbox.games.growl import actions as A
from hexbox.games.growl.advice import search_actions
from hexbox.games.growl.belief import root_actions
from hexbox.games.growl.heuristic import Mind
from hexbox.games.growl.phases import PICK, VOTE


def wolf_zero_names_the_victim():
    """4 seats, seat 3 dead; seat 0 a Wolf Zero, seat 2 a werewolf, seat 1 a human every seat knows of (a Séance
    reveal, by surgery). The Trusted: everyone trusts seat 0, who names the victim (R66)."""
    s = table(4)
    s.dead[3] = True
    wolves(s, 0, zero=True)
    wolves(s, 2)
    s.seance = ((1, False),)
    night(s, "the_trusted", seat=0)
    s.apply(0, s.legal_actions(0)[0])  # begin
    while s.phase == VOTE:
        s.apply(s.actors[0], A.VOTE[0])
    assert s.phase == PICK and s.actors == (0,) and set(s.legal_actions(0)) == {A.PICK[0], A.PICK[1], A.PICK[2]}
    return s


def test_R70_R71_the_bot_tells_which_kills_end_the_game_against_its_team():
    s = wolf_zero_names_the_victim()
    mind = Mind(s.observe(0))
    # R70: any death leaves 2 alive and ends the game; R71: seat 1 alive means the humans win
    assert mind.loses_by(A.PICK[2]) and mind.loses_by(A.PICK[0])
    assert not mind.loses_by(A.PICK[1])  # seat 2 might be a werewolf: seat 0 cannot tell it loses
    assert root_actions(View.of(s, 0), s.legal_actions(0)) == [A.PICK[1]]
    assert search_actions(s, 0, s.legal_actions(0)) == [A.PICK[1]]  # in the true world: seat 2 is a werewolf


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_R66_R70_a_wolf_zero_never_names_a_victim_that_hands_the_humans_the_game(level):
    for seed in range(3):
        s = wolf_zero_names_the_victim()
        action = make_agent(level, "growl").act(View.of(s, 0), random.Random(seed))
        assert action == A.PICK[1], (seed, action)  # easy's random moves too: among the advice's moves
        s.apply(0, action)
        assert s.is_over
