"""benchmarks/prowl_after_change.py: Prowl's accusations right after a Change, checked against the true clan card
(docs/strength.md, "Odd moves")."""

import importlib.util
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"


def test_every_accusation_is_counted_once_as_right_or_wrong(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))  # the script imports odd_moves beside it
    spec = importlib.util.spec_from_file_location("prowl_after_change", BENCH / "prowl_after_change.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    odd_moves = sys.modules["odd_moves"]
    counted = script.tally("normal", 3)
    plain = odd_moves.screen("prowl", 3, ["normal"])
    assert set(counted) <= {"after a change, right", "after a change, wrong", "other, right", "other, wrong"}
    assert sum(n for kind in counted.values() for n in kind.values()) == _accusations(odd_moves, 3)
    assert counted["other, right"] and counted["other, wrong"]  # both outcomes are told apart
    # the normal bot leaves out blind accusations after a change (odd_moves' own count, 0)
    assert not any(kind.startswith("after a change") for kind in counted)
    assert "blind accusation after a change" not in plain["odd"]


def _accusations(odd_moves, games):
    found = odd_moves.screen("prowl", games, ["normal"],
                             detector=lambda state, seat, action: "accuse" if action.kind == "accuse" else None)
    return found["odd"].get("accuse", 0)
