"""The Leduc poker that hexbox bench times its ISMCTS on: the same game as OpenSpiel's leduc_poker."""

import random

import pytest

from hexbox.agents.ismcts import ISMCTS
from hexbox.bench.leduc import CALL, FOLD, RAISE, LeducGame
from hexbox.core import IllegalAction, View

IDS = {0: FOLD, 1: CALL, 2: RAISE}  # OpenSpiel's action ids


def test_plays_exactly_like_openspiel_leduc_poker():
    pyspiel = pytest.importorskip("pyspiel", reason="needs the [dev] extra: pip install -e '.[dev]'")
    theirs_game = pyspiel.load_game("leduc_poker")
    game = LeducGame()
    rng = random.Random(3)
    for seed in range(300):
        ours = game.new_state(seed)
        theirs = theirs_game.new_initial_state()
        theirs.apply_action(ours.cards[0])
        theirs.apply_action(ours.cards[1])
        while not ours.is_over:
            if theirs.is_chance_node():
                theirs.apply_action(ours.public)
            seat = ours.actors[0]
            assert theirs.current_player() == seat
            assert [IDS[i] for i in theirs.legal_actions()] == ours.legal_actions(seat)
            i = rng.choice(theirs.legal_actions())
            ours.apply(seat, IDS[i])
            theirs.apply_action(i)
        assert theirs.is_terminal()
        assert [ours.result.scores[s] for s in (0, 1)] == theirs.returns()
        winners = {s for s, r in enumerate(theirs.returns()) if r >= 0}
        assert ours.result.winners == winners


def test_refuses_a_fold_when_nobody_bet_and_changes_nothing():
    state = LeducGame().new_state(1)
    before = state.observe(None)
    with pytest.raises(IllegalAction, match="cannot fold now"):
        state.apply(0, FOLD)
    assert state.observe(None) == before


def test_resample_keeps_what_the_seat_knows_and_redeals_the_rest():
    state = LeducGame().new_state(5)
    state.apply(0, CALL)
    state.apply(1, CALL)  # the public card is up
    rng = random.Random(0)
    seen = set()
    for _ in range(200):
        world = state.resample(0, rng)
        assert world.observe(0) == state.observe(0)
        assert len({*world.cards, world.public}) == 3
        seen.add(world.cards[1])
    assert state.cards[1] in seen and len(seen) == 4  # every card not in sight


def test_hexbox_ismcts_plays_it():
    state = LeducGame().new_state(2)
    action = ISMCTS(iters=200).act(View.of(state, 0), random.Random(0))
    assert action in state.legal_actions(0)
