"""The compiled build against the pure-Python one (docs/compiled.md): the same workload in two interpreters.

Each interpreter is a virtualenv's python with hexbox installed in it (not editable), one built with
``HEXBOX_COMPILE=1`` and one without::

    python benchmarks/compiled.py --pure /tmp/hexbox-venv-pure/bin/python \\
        --compiled /tmp/hexbox-venv-compiled/bin/python --rounds 5              # CPU time, interleaved
    python benchmarks/compiled.py --pure ... --compiled ... --callgrind        # instructions per action
    python benchmarks/compiled.py --pure ... --compiled ... --search 200       # ISMCTS iterations/s too

CPU time: in each round, a fresh process of each interpreter in turn (pure, compiled, pure, ...) plays every game's
fixed workload, the random playouts of seeds 0, 1, 2, ... (``rng = random.Random(seed)``, the loop of
``hexbox.bench.hexbox_playout``) until ``--actions`` actions, after one warm-up game, and reports actions per
second of ``time.process_time``. The work is the same in both builds (the games are byte-identical:
benchmarks/seed_sweep.py), so the ratio is the build's alone. Min / median / max over the rounds.

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

GAMES = ("werebeasts", "prowl", "growl", "voodoo", "transylvania")


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


def play(game: Any, first_seed: int, actions: int) -> int:
    """Random playouts of seeds first_seed, first_seed + 1, ... until ``actions`` actions; returns the number played
    (the last game is cut at the total)."""
    n = 0
    seed = first_seed
    while n < actions:
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over and n < actions:
            actors = state.actors
            seat = actors[0] if len(actors) == 1 else rng.choice(actors)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            n += 1
        seed += 1
    return n


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
    for name in args.games:
        game = load(name, players=_players(name))
        if args.mode == "playout":
            play(game, 10**6, 1)  # warm-up: one action of a game outside the measured seeds
            start = time.process_time()
            n = play(game, 0, args.actions)
            out["games"][name] = {"actions": n, "cpu_s": time.process_time() - start}
        elif args.mode == "callgrind":  # one game per process: the count is the whole process's
            game.new_state(seed=0)
            play(game, 0, args.warmup)  # the same actions once first: caches filled (voodoo's rerolls), imports done
            out["games"][name] = {"actions": play(game, 0, args.actions) if args.actions else 0}
        elif args.mode == "search":
            search(name, game, 10, 1)  # warm-up
            iterations, cpu = search(name, game, args.iters, args.searches)
            out["games"][name] = {"iterations": iterations, "cpu_s": cpu}
    print(json.dumps(out))


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


def measure_cpu(builds: dict[str, str], games: list[str], rounds: int, actions: int) -> dict[str, Any]:
    rates: dict[str, dict[str, list[float]]] = {b: {g: [] for g in games} for b in builds}
    seen: dict[str, str] = {}
    for r in range(rounds):
        order = list(builds) if r % 2 == 0 else list(reversed(builds))  # alternate who goes first
        for b in order:
            res = run_worker(builds[b], "playout", games, ["--actions", str(actions)])
            seen[b] = res["build"]
            for g in games:
                rates[b][g].append(res["games"][g]["actions"] / res["games"][g]["cpu_s"])
        print(f"round {r + 1}/{rounds} done", file=sys.stderr, flush=True)
    return {"rates": rates, "builds_seen": seen}


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


def _print_rates(rates: dict, games: list[str]) -> None:
    """One line per game: pure and compiled min/median/max, and the ratio of the medians."""
    for g in games:
        p_, c_ = _stats(rates["pure"][g]), _stats(rates["compiled"][g])
        print(f"{g:13s} {p_[0]:8,.0f}/{p_[1]:8,.0f}/{p_[2]:8,.0f} {c_[0]:8,.0f}/{c_[1]:8,.0f}/{c_[2]:8,.0f} "
              f"{c_[1] / p_[1]:14.2f}x")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--pure", help="the python of a virtualenv with the pure-Python hexbox installed")
    p.add_argument("--compiled", help="the python of a virtualenv with hexbox built with HEXBOX_COMPILE=1")
    p.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
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
    p.add_argument("--worker", choices=("playout", "callgrind", "search"), help=argparse.SUPPRESS)
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
        print(f"\nrandom playouts, actions/s of CPU time, min / median / max of {args.rounds} interleaved rounds")
        print(f"{'game':13s} {'pure':>26s} {'compiled':>26s} {'ratio (median)':>15s}")
        _print_rates(cpu["rates"], args.games)
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
