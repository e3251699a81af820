"""States pickle, so that a server can hand one to a bot in a worker process and get the same game back there."""

import pickle
import random

import pytest

import hexbox


@pytest.mark.parametrize("name", hexbox.games())
def test_a_pickled_state_is_the_same_game_and_goes_on_the_same_way(name):
    state = hexbox.load(name).new_state(seed=3)
    rng = random.Random(1)
    for _ in range(40):
        if state.is_over:
            break
        seat = state.actors[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    copy = pickle.loads(pickle.dumps(state))
    assert copy.game.options == state.game.options and copy.game.info is state.game.info
    assert [copy.observe(s) for s in range(state.game.players)] == [state.observe(s) for s in range(state.game.players)]
    # the generator travels too: the same moves draw the same cards and dice in both
    rng_a, rng_b = random.Random(9), random.Random(9)
    for _ in range(200):
        if state.is_over:
            break
        seat = state.actors[0]
        state.apply(seat, rng_a.choice(state.legal_actions(seat)))
        seat_b = copy.actors[0]
        copy.apply(seat_b, rng_b.choice(copy.legal_actions(seat_b)))
    assert copy.observe(None) == state.observe(None)


def test_a_pickled_clone_draws_apart_from_its_parent():
    state = hexbox.load("voodoo").new_state(seed=5)
    twin = state.clone()  # shares its generator until one of them draws
    copy = pickle.loads(pickle.dumps(twin))
    assert copy.rng.getstate() == state.rng.getstate()
    copy.rng.random()
    assert copy.rng.getstate() != state.rng.getstate()
