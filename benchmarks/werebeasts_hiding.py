"""Werebeasts `hard` with bids that hide (opponent.hiding), deal by deal: the clairvoyant benchmark's `hard` row
with the hiding knobs set (issue 47 item 1).

Each line is one deal of ``clairvoyant.play`` (the subject seat rotated, every other seat ``normal``): whether
``hard`` won, how the deal ended for it (``accused_out``: the normal bots read its bids right) and its accusations
right and wrong; the last line sums them. Compare with ``clairvoyant.py --subjects hard --json``'s
``wins_by_deal`` for the same seeds (the omniscient and normal rows do not change with ``hard``).

    nice -n 10 python benchmarks/werebeasts_hiding.py --seed 0 --games 100 [--hide-at 0.5] [--readers seats|public]

``--hide-at 1.01`` leaves every bid in (the search without hiding).
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter

import clairvoyant

from hexbox.games.werebeasts import opponent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--hide-at", type=float, default=opponent.HIDE_AT)
    parser.add_argument("--readers", choices=("seats", "public"), default=opponent.READERS)
    args = parser.parse_args(argv)
    opponent.HIDE_AT, opponent.READERS = args.hide_at, args.readers
    wins, endings, right, wrong, cpu = 0, Counter(), 0, 0, 0.0
    for seed in range(args.seed, args.seed + args.games):
        t0 = time.process_time()
        won, decisions, how, (r, w) = clairvoyant.play("werebeasts", seed, "hard")
        took = time.process_time() - t0
        wins, right, wrong, cpu = wins + won, right + r, wrong + w, cpu + took
        endings[how] += 1
        print(
            json.dumps(
                {"seed": seed, "won": won, "decisions": decisions, "ending": how, "acc": [r, w], "cpu": round(took, 2)}
            ),
            flush=True,
        )
    print(
        json.dumps(
            {
                "hide_at": args.hide_at,
                "readers": args.readers,
                "games": args.games,
                "first_seed": args.seed,
                "wins": wins,
                "endings": dict(endings),
                "accusations": {"right": right, "wrong": wrong},
                "cpu_s": round(cpu, 1),
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
