"""The yardstick of ``hexbox bench`` (docs/performance.md): a game and the Python reference are compared over the
same stretch of time, and per decision step."""

from __future__ import annotations

import itertools
import random

import pytest

from hexbox import bench


def test_a_game_and_the_reference_alternate_in_slices_and_compare_per_decision(monkeypatch):
    clock = [0.0]
    monkeypatch.setattr(bench.time, "process_time", lambda: clock[0])
    order = []

    def ours(rng):  # a game of 4 decisions in 1/4 s of CPU: 62,500 µs a decision
        order.append("ours")
        clock[0] += 0.25
        return 4, 0, 1, 0

    def reference(rng):  # 2 decisions and 6 chance steps in 1/8 s, the decisions half of the clock: 31,250 µs each
        order.append("reference")
        clock[0] += 0.125
        return 2, 6, 5, 5

    rates, ratio = bench._paired(ours, reference, bench.PAIR_SLICES, random.Random(0))  # slices of 1 s each
    runs = [(who, len(list(games))) for who, games in itertools.groupby(order)]
    assert [who for who, _ in runs] == ["reference", "ours"] * bench.PAIR_SLICES
    assert {n for who, n in runs if who == "ours"} == {4} and {n for who, n in runs if who == "reference"} == {8}
    assert rates["us_per_decision"] == pytest.approx(62_500) and rates["decisions_per_s"] == pytest.approx(16)
    assert ratio == pytest.approx(0.5)  # the reference's µs per decision over ours: ours costs twice as much
