"""The facts a game's registration owns are the ones the simulation reads: its intended length and its regular
endings set the warnings of `hexbox simulate` and `hexbox report` (hexbox.sim.measures), for every game, the
session's toy included (it declares neither, so neither warning can be silenced or set off by a guess)."""

from __future__ import annotations

from collections import Counter

import pytest

import hexbox
from hexbox.sim.measures import intended_turns_of, regular_endings, warnings_of


@pytest.mark.parametrize("game", hexbox.games())
def test_the_warnings_read_the_registration(game):
    info = hexbox.game_info(game)
    assert intended_turns_of(game) == info.intended_turns and regular_endings(game) == info.regular_endings
    players = info.default_players or info.min_players
    same = "same way"
    for kind in info.result_kinds:  # one ending in 30 of 30 games: a warning unless the game calls it regular
        warned = any(same in w for w in warnings_of(game, Counter({kind: 30}), Counter({50: 30}), players,
                                                    Counter(), 0))
        assert warned == (kind not in info.regular_endings and len(info.result_kinds) > 1), kind
    short = warnings_of(game, Counter({"a": 15, "b": 15}), Counter({1: 30}), players, Counter(), 0)
    assert any("under a third" in w for w in short) == (info.intended_turns is not None and info.intended_turns > 3)


def test_a_game_the_registry_does_not_know_still_gets_the_warnings_it_can():
    assert intended_turns_of("chess") is None and regular_endings("chess") == ()
    assert any("same way" in w for w in warnings_of("chess", Counter({"mate": 30}), Counter({40: 30}), 2,
                                                      Counter(), 0))
