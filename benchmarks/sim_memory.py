"""Peak memory of `hexbox simulate` as the number of games grows: it should stay flat.

Each run is a fresh process (`python -m hexbox simulate GAME --games N --out FILE --json`, random agents); its
peak resident set size is read from the kernel (``ru_maxrss`` of the finished child). ``--tree DIR`` runs the
hexbox found in DIR instead (e.g. a git worktree of an older commit, to compare before and after).

    python benchmarks/sim_memory.py                          # werebeasts, 10^3, 10^4 and 10^5 games
    python benchmarks/sim_memory.py --game prowl --games 1000 100000 --jobs 2
    git worktree add /tmp/before REV && python benchmarks/sim_memory.py --tree /tmp/before
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MEASURE = """
import resource, subprocess, sys
subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def peak_kib(game: str, games: int, jobs: int, out: Path, tree: Path | None) -> tuple[int, float]:
    """(peak RSS in KiB of the largest process, wall seconds) of one simulate run."""
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    cmd = [sys.executable, "-m", "hexbox", "simulate", game, "--games", str(games), "--jobs", str(jobs),
           "--out", str(out), "--fresh", "--json"]
    start = time.perf_counter()
    # run from the output's folder: `python -m` puts the working directory first on the path, before --tree
    done = subprocess.run([sys.executable, "-c", MEASURE, *cmd], env=env, capture_output=True, text=True, check=True,
                          cwd=out.parent)
    return int(done.stdout.split()[-1]), time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", default="werebeasts")
    p.add_argument("--games", type=int, nargs="+", default=[1000, 10_000, 100_000])
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--tree", type=Path, help="run the hexbox package found in this directory")
    args = p.parse_args(argv)
    print(f"{args.game}, random agents, --jobs {args.jobs}" + (f", tree {args.tree}" if args.tree else ""))
    print("| games | peak RSS (MiB) | seconds |\n|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.games:
            kib, seconds = peak_kib(args.game, n, args.jobs, Path(tmp) / "runs.jsonl",
                                    args.tree.resolve() if args.tree else None)
            print(f"| {n:,} | {kib / 1024:.1f} | {seconds:.1f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
