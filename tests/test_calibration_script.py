"""benchmarks/calibration.py, the calibration tables of the bots' suspicions, on a few games: every decision it
records lands in exactly one row of its table, and every probability is one."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("calibration", ROOT / "benchmarks" / "calibration.py")
calibration = importlib.util.module_from_spec(spec)
sys.modules["calibration"] = calibration  # its dataclasses look their module up
spec.loader.exec_module(calibration)


def _counts(rows: list[str]) -> tuple[list[int], int]:
    """The counts of the bin rows and of the "all" row of a table."""
    bins, total = [], -1
    for row in rows:
        m = re.match(r"\| ([^|]+) \| (\d+) \|", row)
        if m:
            if m[1] == "all":
                total = int(m[2])
            else:
                bins.append(int(m[2]))
    return bins, total


def test_growl_tables_hold_every_decision_recorded():
    run = calibration.growl_run(3, players=6)
    assert run.acted and run.believed and run.decisions > 0
    acted = [(p, y) for _, p, y in run.acted]
    believed = [(p, y) for _, p, y in run.believed]
    for pairs in (acted, believed):
        assert all(0.0 <= p <= 1.0 for p, _ in pairs)
        bins, total = _counts(calibration.table(pairs, "p", "n"))
        assert sum(bins) == total == len(pairs)
    assert {k for k, _, _ in run.acted} <= {"give", "vote", "pick", "target", "point", "death_rattle", "leash"}
    for records in (run.acted, run.believed):
        bins, _ = _counts(calibration.by_kind(records, "n"))
        assert sum(bins) == len(records)
    assert "| all |" in calibration.growl_report(run, 3, 6, {})


def test_prowl_accusations_are_binned_once_each():
    run = calibration.prowl_run(2, players=4)
    assert run.accusations
    assert {a[0] for a in run.accusations} <= {"Accuse", "Duelist's guess"}
    for column in (1, 2):
        pairs = [(a[column], a[3]) for a in run.accusations]
        assert all(0.0 <= p <= 1.0 for p, _ in pairs)
        bins, total = _counts(calibration.table(pairs, "p", "n", calibration.PROWL_BINS))
        assert sum(bins) == total == len(pairs)


def test_exact_zero_and_one_have_bins_of_their_own():
    pairs = [(0.0, False), (1.0, True), (0.3, True), (0.999, True)]
    rows = calibration.table(pairs, "p", "n")
    assert "| 0.00 | 1 |" in "\n".join(rows) and "| 1.00 | 1 |" in "\n".join(rows)
    assert sum(_counts(rows)[0]) == 4


def test_prowl_replays_the_very_worlds_the_bot_drew(monkeypatch):
    """The bot's P(right) is read from worlds drawn again from a copy of its generator: the same worlds."""
    from hexbox.core import View

    drawn: list[tuple] = []
    sample = View.sample

    def spy(view, rng):
        world = sample(view, rng)
        drawn.append(tuple(world.clan_card))
        return world

    checked = 0

    def decide(state, seat, view, rng, bot):
        nonlocal checked
        before = calibration.copy_of(rng)
        drawn.clear()
        monkeypatch.setattr(View, "sample", spy)
        action = bot.act(view, rng)
        monkeypatch.setattr(View, "sample", sample)
        if action.kind == "accuse":
            again = [tuple(View.of(state, seat).sample(before).clan_card) for _ in range(bot.samples)]
            assert again == drawn[:bot.samples]
            checked += 1
        return action

    game = calibration.load("prowl", players=4)
    calibration.play(game, calibration.SEED, "heuristic", decide)
    assert checked > 0
