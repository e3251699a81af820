"""A belief that reads bids against their cost, not by their size alone (benchmarks/werebeasts_reading.py, a research
tool no bot uses).

Histories are built by hand, as in test_werebeasts_belief.py, and read through the observation a seat gets.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest
from werebeasts_helpers import new, seat_goals

from hexbox.core import View
from hexbox.games.werebeasts import belief

_spec = importlib.util.spec_from_file_location(
    "werebeasts_reading", Path(__file__).resolve().parents[2] / "benchmarks" / "werebeasts_reading.py")
reading = importlib.util.module_from_spec(_spec)
sys.modules["werebeasts_reading"] = reading
_spec.loader.exec_module(reading)

ME, TARGET, RIVAL = 1, 3, 0  # seat 3 is not my neighbour; seat 0 does not share the target's slots


def history(bids: list[tuple[int, int]], card: str = "shark_1") -> object:
    """One sale of ``card`` by seat 4 per entry: the target bids ``mine`` cans, seat 0 bids ``rival`` cans;
    the higher bid buys it (the rival on a tie)."""
    state = new(players=5, dealer=0, need=("shark",))
    seat_goals(state, TARGET, "shark", "chow")
    sales = []
    for mine, rival in bids:
        offers = {s: {"cans": c, "cards": []} for s, c in ((TARGET, mine), (RIVAL, rival)) if c}
        buyer = TARGET if mine > rival else RIVAL if rival else 4
        sales.append({"seller": 4, "card": card, "buyer": buyer, "bids": {str(s): b for s, b in offers.items()}})
    state.sales = tuple(sales)
    return state


def p_shark(state, module) -> float:
    obs = View.of(state, ME).observation
    return module.posterior(ME, obs["public"], obs["private"]["my_goals"])[TARGET].get("shark", 0.0)


def test_an_expensive_bid_on_a_card_says_more_than_a_cheap_one():
    # the same sale, the same rival bid of one can: the target bought the single-icon shark for two, or for four
    prior = p_shark(history([]), reading)
    cheap = p_shark(history([(2, 1)]), reading)
    dear = p_shark(history([(4, 1)]), reading)
    assert prior < cheap < dear
    # the size-only belief of the normal bot reads them nearly alike (its 2- and 4+-item buckets: 2.9 and 4.2 to 1)
    assert dear - cheap > p_shark(history([(4, 1)]), belief) - p_shark(history([(2, 1)]), belief)


def test_a_bid_that_stopped_at_one_item_says_not_mine():
    # a collector's budget is at least two items, so a bid outbid at one is a decoy's: the cost reading counts it
    # against the shark, where the size-only belief (its bucket "1 item") reads it as interest
    silent, stopped = history([(0, 2)]), history([(1, 2)])
    assert p_shark(stopped, reading) < p_shark(history([]), reading)
    assert p_shark(stopped, belief) > p_shark(silent, belief)
    assert p_shark(stopped, reading) < p_shark(stopped, belief) / 2


def test_the_cost_tables_cover_every_cell_and_no_bid_is_proof():
    for icons in (1, 2):
        assert len(reading.COST[icons]) == 2 * reading.COST_ITEMS + 1
        assert all(abs(x) <= 2.303 for x in reading.COST[icons])  # ln 10: the clamp of belief.toml
    assert reading.cost_cell(None, False) == 0
    assert reading.cost_cell({"cans": 2, "cards": ["shark_1"]}, False) == 3
    assert reading.cost_cell({"cans": 9, "cards": []}, True) == 2 * reading.COST_ITEMS


def test_worlds_drawn_from_the_cost_reading_hold_each_goal_as_often_as_it_says():
    state = history([(4, 3), (1, 2)])
    obs = View.of(state, ME).observation
    pub, mine = obs["public"], obs["private"]["my_goals"]
    post = reading.posterior(ME, pub, mine)
    draw = reading.sampler(ME, pub, mine)
    rng = random.Random(5)
    deals = [draw(rng) for _ in range(3000)]
    positions = [p for p in state.game.seat_positions[TARGET] if p in deals[0]]
    for g, p in post[TARGET].items():
        seen = sum(any(d[q] == g for q in positions) for d in deals) / len(deals)
        assert seen == pytest.approx(p, abs=0.035), g


def test_a_cost_table_of_the_wrong_shape_is_refused_at_load(monkeypatch, tmp_path):
    from hexbox.core import DataError

    table = reading.TABLE.read_text(encoding="utf-8").splitlines()
    short = tmp_path / "werebeasts_reading.toml"
    # goal2 one cell short
    short.write_text("\n".join(line.rsplit(",", 1)[0] + "]" if line.startswith("goal2") else line
                               for line in table), encoding="utf-8")
    monkeypatch.setattr(reading, "TABLE", short)
    with pytest.raises(DataError, match="goal2 and other2 must be 13 positive frequencies"):
        reading._params()
