"""Golden records: recorded games replayed and compared seat by seat, so a change of rules shows as a diff."""

import json
from pathlib import Path

import pytest

from hexbox.core import Record, replay

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_record_replays_to_the_same_views(path):
    # R51 (spec ids): the whole game, end and result included, is reproduced from its record
    saved = json.loads(path.read_text(encoding="utf-8"))
    state = replay(Record.from_json(saved["record"]))
    assert state.is_over
    players = saved["record"]["players"]
    for seat in range(players):
        assert state.observe(seat) == saved["final"][str(seat)], f"seat {seat}'s final view changed"
    assert state.observe(None) == saved["final"]["spectator"]


def test_there_are_golden_records():
    assert len(GOLDEN) >= 3
