"""The compiled build against the pure-Python one (docs/compiled.md): the same workload in two interpreters.

Each interpreter is a virtualenv's python with hexbox installed in it (not editable), one built with
``HEXBOX_COMPILE=1`` and one without::

    python benchmarks/compiled.py --pure /tmp/hexbox-venv-pure/bin/python \\
        --compiled /tmp/hexbox-venv-compiled/bin/python --rounds 5              # CPU time, interleaved
    python benchmarks/compiled.py --pure ... --compiled ... --callgrind        # instructions per action
    python benchmarks/compiled.py --pure ... --compiled ... --search 200       # ISMCTS iterations/s too

CPU time: one long-lived worker process per build plays each game's fixed workload, the random playouts of seeds
0, 1, 2, ... (``rng = random.Random(seed)``, the loop of ``hexbox.bench.hexbox_playout``), after one warm-up game,
in slices: each round hands every game's ``--actions`` actions out in ``SLICES`` slices that alternate between the
builds (pure, compiled, pure, ... and the other way round in the next round), each worker continuing its own
stream of games where its last slice stopped, so the two builds play the very same actions. A worker reports the
``time.process_time`` of each slice. The round's ratio for a game is its rate in the compiled worker over its rate
in the pure one over that round's slices; the figure is the median of the rounds' ratios, with their range. On a
shared machine the speed of the same code drifts by a third from one second to the next, and slices a fraction
of a second long see the same machine (``hexbox bench`` pairs its reference the same way): one process per build
and round, run one after the other, gave ratios from 0.92x to 1.39x for builds that count 1.07-1.20x fewer
instructions. The work is the same in both builds (the games are byte-identical: benchmarks/seed_sweep.py), so the
ratio is the build's alone.

Instructions: ``valgrind --tool=callgrind`` counts the instructions of a fixed-seed playout of ``--cg-actions``
actions (4,000) and of the same process with no playout (imports, ``load``, one ``new_state``); their difference
over the actions is the instructions per action, repeatable whatever else the machine is doing.

The workers run with ``python -I`` from this file, so each imports the hexbox installed in its own interpreter,
never a source tree from the working directory; each says which build it ran (``hexbox._build.build()``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any


def registered() -> list[str]:
    """Every registered game (``hexbox.games()``): this script keeps no list of the games of its own."""
    import hexbox

    return hexbox.games()


# ---- the worker: runs inside the interpreter under test -----------------------------------------------------


def _build() -> str:
    try:
        from hexbox._build import build
    except ImportError:
        return "pure"
    return build()


def _players(name: str) -> int:
    from hexbox.core.registry import game_info

    info = game_info(name)
    return info.default_players or info.min_players


class Stream:
    """One game's random playouts of seeds ``first``, ``first`` + 1, ... (``rng = random.Random(seed)``, the loop
    of ``hexbox.bench.hexbox_playout``) as a stream of actions, played a slice at a time: each slice resumes where
    the last one stopped, cutting a game where its count runs out."""

    def __init__(self, game: Any, first: int = 0) -> None:
        self.game, self.seed = game, first
        self.state, self.rng = game.new_state(seed=first), random.Random(first)

    def play(self, actions: int) -> None:
        state, rng, n = self.state, self.rng, 0
        while n < actions:
            if state.is_over:
                self.seed += 1
                state, rng = self.game.new_state(seed=self.seed), random.Random(self.seed)
            actors = state.actors
            seat = actors[0] if len(actors) == 1 else rng.choice(actors)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            n += 1
        self.state, self.rng = state, rng


def search(name: str, game: Any, iters: int, searches: int) -> tuple[int, float]:
    """(iterations, CPU seconds) of ``searches`` ISMCTS searches of ``iters`` iterations each, from the first
    decision of new games (seeds 0, 1, ...), with the game's own ISMCTS defaults."""
    from hexbox.agents.ismcts import ISMCTS
    from hexbox.core import View

    total = 0
    cpu = 0.0
    for seed in range(searches):
        state = game.new_state(seed=seed)
        agent = ISMCTS.from_params({"iters": str(iters)}, name)
        view = View.of(state, state.actors[0])
        start = time.process_time()
        agent.search(view, random.Random(0))
        cpu += time.process_time() - start
        total += agent.last_iterations
    return total, cpu


def worker(args: argparse.Namespace) -> None:
    from hexbox import load

    out: dict[str, Any] = {"build": _build(), "games": {}}
    streams: dict[str, Stream] = {}
    for name in args.games:
        game = load(name, players=_players(name))
        if args.mode == "slices":
            Stream(game, 10**6).play(1000)  # warm-up: games outside the measured seeds
            streams[name] = Stream(game)
        elif args.mode == "callgrind":  # one game per process: the count is the whole process's
            Stream(game).play(args.warmup)  # the same actions first: imports done, caches filled (voodoo's rerolls)
            Stream(game).play(args.actions)  # with 0 actions, the baseline: the same set-up, nothing played
            out["games"][name] = {"actions": args.actions}
        elif args.mode == "search":
            search(name, game, 10, 1)  # warm-up
            iterations, cpu = search(name, game, args.iters, args.searches)
            out["games"][name] = {"iterations": iterations, "cpu_s": cpu}
    print(json.dumps(out), flush=True)
    if streams:  # then slices on demand, one line "GAME ACTIONS" in, its CPU seconds out, until stdin closes
        for line in sys.stdin:
            name, actions = line.split()
            start = time.process_time()
            streams[name].play(int(actions))
            print(time.process_time() - start, flush=True)


# ---- the driver -----------------------------------------------------------------------------------------------


def run_worker(python: str, mode: str, games: list[str], extra: list[str], prefix: list[str] | None = None) -> dict:
    cmd = [*(prefix or []), python, "-I", os.path.abspath(__file__), "--worker", mode, "--games", *games, *extra]
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=tempfile.gettempdir(), check=False)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{done.stderr[-3000:]}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    result["stderr"] = done.stderr
    return result


def _stats(xs: list[float]) -> tuple[float, float, float]:
    return min(xs), statistics.median(xs), max(xs)


SLICES = 10


def measure_cpu(builds: dict[str, str], games: list[str], rounds: int, actions: int) -> dict[str, Any]:
    """Rates per round and build, and each build's paired ratio to the pure one per round (the module's doc)."""
    workers = {b: subprocess.Popen([python, "-I", os.path.abspath(__file__), "--worker", "slices", "--games", *games],
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                   cwd=tempfile.gettempdir()) for b, python in builds.items()}
    seen = {b: json.loads(w.stdout.readline())["build"] for b, w in workers.items()}  # type: ignore[union-attr]
    rates: dict[str, dict[str, list[float]]] = {b: {g: [] for g in games} for b in builds}
    paired: dict[str, dict[str, list[float]]] = {b: {g: [] for g in games} for b in builds}
    size = max(1, actions // SLICES)
    try:
        for r in range(rounds):
            order = list(builds) if r % 2 == 0 else list(reversed(builds))  # alternate who goes first
            for g in games:
                spent = dict.fromkeys(builds, 0.0)
                for _ in range(SLICES):
                    for b in order:
                        w = workers[b]
                        w.stdin.write(f"{g} {size}\n")  # type: ignore[union-attr]
                        w.stdin.flush()  # type: ignore[union-attr]
                        spent[b] += float(w.stdout.readline())  # type: ignore[union-attr]
                for b in builds:
                    rates[b][g].append(size * SLICES / spent[b])
                    paired[b][g].append(spent["pure"] / spent[b])
            print(f"round {r + 1}/{rounds} done", file=sys.stderr, flush=True)
    finally:
        for w in workers.values():
            w.stdin.close()  # type: ignore[union-attr]
            w.wait()
    return {"rates": rates, "paired": paired, "builds_seen": seen}


def measure_search(builds: dict[str, str], games: list[str], rounds: int, iters: int,
                   searches: int) -> dict[str, Any]:
    rates: dict[str, dict[str, list[float]]] = {b: {g: [] for g in games} for b in builds}
    for r in range(rounds):
        order = list(builds) if r % 2 == 0 else list(reversed(builds))
        for b in order:
            res = run_worker(builds[b], "search", games, ["--iters", str(iters), "--searches", str(searches)])
            for g in games:
                rates[b][g].append(res["games"][g]["iterations"] / res["games"][g]["cpu_s"])
        print(f"search round {r + 1}/{rounds} done", file=sys.stderr, flush=True)
    return {"rates": rates}


_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def _instructions(python: str, game: str, actions: int, warmup: int) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        prefix = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out"]
        res = run_worker(python, "callgrind", [game], ["--actions", str(actions), "--warmup", str(warmup)], prefix)
    m = _COLLECTED.search(res["stderr"])
    if not m:
        raise SystemExit(f"no instruction count in callgrind's output:\n{res['stderr'][-2000:]}")
    return int(m.group(1))


def measure_callgrind(builds: dict[str, str], games: list[str], actions: int,
                      warmup: int) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {b: {} for b in builds}
    for g in games:
        for b, python in builds.items():
            played = _instructions(python, g, actions, warmup)
            base = _instructions(python, g, 0, warmup)
            out[b][g] = (played - base) / actions
            print(f"callgrind {g} {b}: {out[b][g]:,.0f} instructions/action", file=sys.stderr, flush=True)
    return out


def _print_rates(rates: dict, games: list[str], paired: dict | None = None) -> None:
    """One line per game: pure and compiled min/median/max, and the paired ratio (median, range) if given, else
    the ratio of the medians."""
    for g in games:
        p_, c_ = _stats(rates["pure"][g]), _stats(rates["compiled"][g])
        if paired is None:
            ratio = f"{c_[1] / p_[1]:14.2f}x"
        else:
            lo, mid, hi = _stats(paired[g])
            ratio = f"{mid:8.2f}x ({lo:.2f}-{hi:.2f})"
        print(f"{g:13s} {p_[0]:8,.0f}/{p_[1]:8,.0f}/{p_[2]:8,.0f} {c_[0]:8,.0f}/{c_[1]:8,.0f}/{c_[2]:8,.0f} {ratio}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--pure", help="the python of a virtualenv with the pure-Python hexbox installed")
    p.add_argument("--compiled", help="the python of a virtualenv with hexbox built with HEXBOX_COMPILE=1")
    p.add_argument("--games", nargs="+", default=registered(), choices=registered())
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--actions", type=int, default=40_000, help="actions per game per round (CPU time)")
    p.add_argument("--no-cpu", action="store_true", help="skip the CPU-time measure")
    p.add_argument("--callgrind", action="store_true", help="also count instructions with valgrind")
    p.add_argument("--cg-actions", type=int, default=4000)
    p.add_argument("--cg-warmup", type=int, default=None, metavar="N",
                   help="actions of the same playout played first in both runs (default: --cg-actions)")
    p.add_argument("--other", action="append", default=[], metavar="LABEL=PYTHON",
                   help="a further build to compare with the pure one (e.g. core=/tmp/venv-core/bin/python)")
    p.add_argument("--search", type=int, default=0, metavar="ITERS",
                   help="also time ISMCTS searches of ITERS iterations (0: not)")
    p.add_argument("--searches", type=int, default=3, help="searches per game per round")
    p.add_argument("--json", help="write every number to this file")
    p.add_argument("--worker", choices=("slices", "callgrind", "search"), help=argparse.SUPPRESS)
    p.add_argument("--iters", type=int, default=200, help=argparse.SUPPRESS)
    p.add_argument("--warmup", type=int, default=0, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.worker:
        args.mode = args.worker
        worker(args)
        return 0
    if not (args.pure and args.compiled):
        p.error("--pure and --compiled are required")
    builds = {"pure": args.pure, "compiled": args.compiled}
    for other in args.other:
        label, _, python = other.partition("=")
        if not python or label in builds:
            p.error(f"--other wants LABEL=PYTHON with a new label, not {other!r}")
        builds[label] = python
    report: dict[str, Any] = {"games": args.games}

    if not args.no_cpu:
        cpu = measure_cpu(builds, args.games, args.rounds, args.actions)
        report["cpu"] = cpu
        print(f"builds seen: {cpu['builds_seen']}")
        print(f"\nrandom playouts, actions/s of CPU time, min / median / max of {args.rounds} rounds of {SLICES} "
              f"alternating slices; the paired ratio: median (min-max) of the rounds' compiled/pure")
        print(f"{'game':13s} {'pure':>26s} {'compiled':>26s} {'paired ratio':>22s}")
        _print_rates(cpu["rates"], args.games, cpu["paired"]["compiled"])
    if args.search:
        s = measure_search(builds, args.games, args.rounds, args.search, args.searches)
        report["search"] = s
        print(f"\nISMCTS ({args.search} iterations, game defaults), iterations/s of CPU time, min / median / max")
        _print_rates(s["rates"], args.games)
    if args.callgrind:
        warmup = args.cg_actions if args.cg_warmup is None else args.cg_warmup
        cg = measure_callgrind(builds, args.games, args.cg_actions, warmup)
        report["callgrind"] = cg
        print(f"\ninstructions per action (callgrind, {args.cg_actions} actions of seed 0 after a warm-up of "
              f"{warmup}, minus the same run without them); ratio = pure / build")
        print(f"{'game':13s}" + "".join(f" {b:>12s} {'ratio':>7s}" for b in builds))
        for g in args.games:
            print(f"{g:13s}" + "".join(f" {cg[b][g]:12,.0f} {cg['pure'][g] / cg[b][g]:6.2f}x" for b in builds))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
