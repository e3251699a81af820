"""The tables of docs/strength.md from result lines: benchmarks/strength.py's paired row (with B's interval in
A's own seats) and benchmarks/endings.py's endings row, on constructed results whose answers are known."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


strength, endings = _load("strength"), _load("endings")


def _write(path: Path, lines: list[dict]) -> Path:
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))
    return path


def _game(index: int, agents: list[str], winners: list[int], kind: str = "x", turns: int = 10) -> dict:
    return {"index": index, "game": "voodoo", "players": 4, "agents": agents, "winners": winners, "kind": kind,
            "turns": turns, "actions": 5 * turns, "stats": {}}


def test_the_paired_row_sets_a_against_b_in_as_own_seats(tmp_path):
    # one A per game, rotated; A wins 60 of 100, and B in A's seat (B alone, the same deals) wins 25 of them
    pair, alone = [], []
    for i in range(100):
        seat = i % 4
        agents = ["heuristic"] * 4
        agents[seat] = "ismcts:iters=5"
        pair.append(_game(i, agents, [seat] if i < 60 else [(seat + 1) % 4]))
        alone.append(_game(i, ["heuristic"] * 4, [seat] if 35 <= i < 60 else [(seat + 2) % 4]))
    _write(tmp_path / "voodoo_ismcts_heuristic.jsonl", pair)
    _write(tmp_path / "voodoo_heuristic_alone.jsonl", alone)
    row = strength.table(tmp_path, [("voodoo", "ismcts", "heuristic")]).splitlines()[-1]
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[4].startswith("0.600") and cells[8].startswith("0.250")
    assert cells[9] == "yes"  # 0.60's interval (0.50–0.69) lies above 0.25's (0.18–0.34)
    assert cells[10] == "35 / 0" and cells[12] == "yes"


def test_the_endings_row_counts_each_ending_and_flags_one_above_nine_in_ten(tmp_path):
    lines = [_game(i, ["hard", "normal", "normal", "normal"], [0], "reached" if i < 95 else "cap", turns=10 + i % 3)
             for i in range(100)]
    table = endings.table([_write(tmp_path / "voodoo_mixed.jsonl", lines)])
    row = table.splitlines()[-1]
    assert "| voodoo | 4 | one hard among normal | 100 |" in row
    assert "reached 95.0%, cap 5.0%" in row and "**95% > 90%**" in row
