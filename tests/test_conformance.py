"""The conformance kit, run for every set-up that every registered game lists (no per-game code here)."""

import pytest

import hexbox  # noqa: F401  (registers the games)
from hexbox.core import conformance as kit
from hexbox.core import conformance_setups

SETUPS = conformance_setups()
IDS = [f"{g}-{n}p" + "".join(f"-{k}={v}" for k, v in o.items()) for g, n, o in SETUPS]


@pytest.mark.parametrize("name", hexbox.games())
def test_the_registration_is_complete_and_the_game_keeps_the_recipe(name):
    kit.check_registration(name)


@pytest.mark.parametrize("name", hexbox.games())
def test_every_hook_resolves_to_what_it_should_be(name):
    kit.check_hooks(name)


@pytest.fixture(params=SETUPS, ids=IDS)
def setup(request):
    return request.param


def test_random_games_end(setup):
    kit.check_games_end(*setup, seeds=range(6))


def test_result_is_complete(setup):
    kit.check_result(*setup, seed=11)


def test_same_seed_and_actions_replay_identically(setup):
    kit.check_determinism_and_replay(*setup, seed=3)


def test_actions_round_trip_and_defaults_are_legal(setup):
    kit.check_actions(*setup, seed=5)


def test_refused_actions_change_nothing(setup):
    kit.check_refusals(*setup, seed=7)


def test_clone_is_independent(setup):
    kit.check_clone(*setup, seed=9)


def test_no_leak_under_resample(setup):
    kit.check_no_leak(*setup, seeds=range(3))


def test_the_observation_holds_what_a_decision_depends_on(setup):
    kit.check_told_in_observation(*setup, seed=31)


def test_observations_keep_the_envelope_and_the_schema(setup):
    kit.check_observations(*setup, seed=13)


def test_vector_is_read_from_the_observation_alone(setup):
    kit.check_vector(*setup, seed=23)


def test_words_tell_each_viewer_only_what_it_may_know(setup):
    kit.check_words(*setup, seed=17)


def test_events_are_never_changed_once_returned(setup):
    kit.check_events_unchanged(*setup, seed=29)


def test_the_gate_refuses_anything_bad_and_changes_nothing(setup):
    name = setup[0]
    share = sum(1 for g, _, _ in SETUPS if g == name)  # HEXBOX_FUZZ inputs per game, spread over its set-ups
    kit.check_gate(*setup, seed=19, inputs=max(300, kit.FUZZ_INPUTS // share))


def test_every_game_has_setups():
    assert {g for g, _, _ in SETUPS} == set(hexbox.games())


def test_every_card_seen_has_its_text(setup):
    kit.check_texts(*setup, seed=31)
