"""The turn clock and the time bank (``clock_seconds``, ``bank_seconds``): every game declares them through
``clock_options``, only the server reads them, and no game plays differently for them."""

from __future__ import annotations

import random

import pytest

import hexbox
from hexbox.core import ConfigError, Option, clock_options, conformance_setups


def test_clock_options_are_two_server_only_options_with_bounds():
    clock, bank = clock_options(60, 240)
    assert isinstance(clock, Option) and isinstance(bank, Option)
    assert (clock.name, clock.default, clock.low, clock.high) == ("clock_seconds", 60, 0, 600)
    assert (bank.name, bank.default, bank.low, bank.high) == ("bank_seconds", 240, 0, 3600)
    assert clock.server_only and bank.server_only
    assert "time bank" in clock.help and "0 = no turn clock" in clock.help and "bot" in bank.help
    assert clock_options(0, 0)[0].default == 0 and clock_options(600, 3600)[1].default == 3600


@pytest.mark.parametrize("turn, bank", [(-1, 60), (601, 60), (60, 3601), (True, 60), (60, 2.5)])
def test_clock_options_refuse_a_default_outside_their_bounds(turn, bank):
    with pytest.raises(ValueError, match="clock_options"):
        clock_options(turn, bank)


@pytest.mark.parametrize("game", hexbox.games())
def test_every_game_declares_a_turn_clock_and_a_time_bank(game):
    info = hexbox.game_info(game)
    clock, bank = info.option("clock_seconds"), info.option("bank_seconds")
    assert (clock, bank) == clock_options(clock.default, bank.default)  # declared through the helper
    assert 0 < clock.default <= bank.default  # on by default; a bank holds a few slow turns
    loaded = hexbox.load(game)
    assert loaded.options["clock_seconds"] == clock.default and loaded.options["bank_seconds"] == bank.default
    assert hexbox.load(game, clock_seconds=0, bank_seconds=0).options["clock_seconds"] == 0
    with pytest.raises(ConfigError, match="clock_seconds=601 is not allowed: expected int from 0 to 600"):
        hexbox.load(game, clock_seconds=601)
    with pytest.raises(ConfigError, match="bank_seconds=-1 is not allowed: expected int from 0 to 3600"):
        hexbox.load(game, bank_seconds=-1)


def _playout(name, players, options, seed):
    """The moves and every seat's final view of a seeded random game (capped: the first 600 moves)."""
    state = hexbox.load(name, players=players, **options).new_state(seed=seed)
    rng = random.Random(seed)
    moves = []
    while not state.is_over and len(moves) < 600:
        seat = rng.choice(state.actors)
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        moves.append((seat, action.to_json()))
    return moves, [state.observe(s) for s in (None, *range(players))]


SETUPS = {name: (players, options) for name, players, options in reversed(conformance_setups())}  # one per game


@pytest.mark.parametrize("game", sorted(SETUPS))
def test_the_clock_changes_nothing_in_the_game(game):
    players, options = SETUPS[game]
    for seed in (1, 2):
        plain = _playout(game, players, options, seed)
        for clock, bank in ((0, 0), (600, 3600), (1, 0)):
            assert _playout(game, players, {**options, "clock_seconds": clock, "bank_seconds": bank}, seed) == plain
