"""A variant of GROWL's ``hard`` in clairvoyant.py's subject seat, and two such runs paired deal by deal.

    python benchmarks/growl_hard_variant.py --spec "ismcts:iters=400+worlds=belief" --seed 3000 > a.json
    python benchmarks/growl_hard_variant.py --seed 3000 > hard.json          # the hard level as it is
    python benchmarks/growl_hard_variant.py --pair hard.json a.json
    python benchmarks/growl_hard_variant.py --set belief.READ_PASSES=1 --set passes.EPS=0.1 --seed 3000 > b.json

The deals, the subject's seat and the ``normal`` bots elsewhere are clairvoyant.py's (``measure`` with the one
subject ``hard``, whose agent is built from ``--spec`` instead of the level's, as clairvoyant.py's ``--hard``).
The output is one JSON line: the spec, the wins, the CPU seconds and decisions, and each deal's win. ``--pair A B``
prints B − A over the deals both cover: the mean difference ± 1.96 standard errors and the deals won only by
each; a clairvoyant.py ``--json`` report is read as its ``hard`` row. ``--set MODULE.NAME=VALUE`` sets a number of
one of GROWL's modules (belief, passes, resample, heuristic) for the run, the hard subject's worlds included.
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import clairvoyant  # noqa: E402


def wins_of(path: str) -> list[float]:
    data = json.loads(Path(path).read_text())
    return data[0]["wins_by_deal"]["hard"] if isinstance(data, list) else data["by_deal"]


def pair(a_path: str, b_path: str) -> str:
    a, b = wins_of(a_path), wins_of(b_path)
    n = min(len(a), len(b))
    d = [y - x for x, y in zip(a[:n], b[:n])]
    mean = statistics.fmean(d)
    half = 1.96 * statistics.stdev(d) / n ** 0.5
    return (f"{n} deals: A {sum(a[:n]):.0f}, B {sum(b[:n]):.0f}; B − A {mean:+.3f} ({mean - half:+.3f} to "
            f"{mean + half:+.3f}); won only by A {sum(x < 0 for x in d)}, only by B {sum(x > 0 for x in d)}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--spec", help="the agent spec to play as hard (default: the hard level)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=3000)
    ap.add_argument("--pair", nargs=2, metavar=("A", "B"))
    ap.add_argument("--set", action="append", default=[], metavar="MODULE.NAME=VALUE")
    args = ap.parse_args()
    if args.pair:
        print(pair(*args.pair))
        return 0
    for item in args.set:
        name, value = item.split("=", 1)
        module, attr = name.split(".", 1)
        target = importlib.import_module(f"hexbox.games.growl.{module}")
        old = getattr(target, attr)  # only a setting the module has
        setattr(target, attr, type(old)(float(value)) if not isinstance(old, bool) else bool(float(value)))
    if args.spec:
        clairvoyant.HARD = args.spec  # what clairvoyant.py's --hard sets: the hard subject plays this spec
    r = clairvoyant.measure("growl", args.games, args.seed, ("hard",))
    print(json.dumps({"spec": args.spec or "hard", "set": args.set, "seed": args.seed, "wins": r["hard"]["wins"],
                      "cpu_s": r["hard"]["cpu_s"], "decisions": r["hard"]["decisions"],
                      "by_deal": r["wins_by_deal"]["hard"]}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
