"""Golden records (tests/golden/<game>/): replayed, and compared seat by seat with what each seat saw then:
its events, the sentences it was told (``describe``) and its final observation.

A change of rules shows up here as a failure; if it is intended, rerun tests/golden/make_golden.py and review
the diff of the JSON files.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import hexbox
from hexbox.core import Record

from .golden.make_golden import add_events, add_words, setups

HERE = Path(__file__).parent / "golden"
FILES = sorted(HERE.glob("*/*.json"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_game_replays_seat_by_seat(path):
    saved = json.loads(path.read_text(encoding="utf-8"))
    record = Record.from_json(saved["record"])
    state = hexbox.load(record.game, players=record.players, **record.options).new_state(seed=record.seed)
    logs: dict[str, list] = {viewer: [] for viewer in saved["logs"]}
    words: dict[str, list] = {viewer: [] for viewer in saved["words"]}
    for seat, action in record.actions:
        events = state.apply(seat, state.game.parse_action(action))
        add_events(logs, events)
        add_words(words, state, events)
    assert state.is_over
    for viewer, log in saved["logs"].items():
        assert logs[viewer] == log, f"{viewer}'s events changed"
    for viewer, lines in saved["words"].items():
        assert words[viewer] == lines, f"what {viewer} was told changed"
    for viewer, view in saved["final"].items():
        who = None if viewer == "spectator" else int(viewer)
        assert state.observe(who) == view, f"{viewer}'s final view changed"


@pytest.mark.parametrize("game", sorted(hexbox.games()))
def test_every_game_has_golden_records(game):
    """One per set-up of make_golden.py (a game's own there, else its registration's conformance set-ups)."""
    wanted = {f"{game}_{players}p_seed{seed}.json" for players, _, seed in setups(game)}
    assert {p.name for p in (HERE / game).glob("*.json")} == wanted, \
        f"run `python tests/golden/make_golden.py {game}` and review the records"
