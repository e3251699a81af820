"""Instructions per decision step, counted by valgrind: hexbox's random playouts beside ``python_liars_poker``'s.

    python benchmarks/instructions.py [GAME ...] [--actions 4000] [--games 300]

``hexbox bench`` times in CPU seconds, which on a shared machine drift by a third from one second to the next.
This counts instead, with ``valgrind --tool=callgrind``: the same number whatever else the machine is doing, so
a change to the rules can be measured to the instruction. Each count is of a whole process minus the same
process with no work (imports, loading the game), so start-up does not count.

- **hexbox**: the loop of ``hexbox.bench.hexbox_playout`` (actors, legal actions, a uniform choice, apply) over
  whole games, seeds 0, 1, …, until at least ``--actions`` actions; instructions / actions. Whole games, as the
  bench plays them: a Voodoo game's first thousand actions cost four times its average (its random games run
  ~27,000 actions, so one game is counted).
- **python_liars_poker**: ``--games`` random games through ``pyspiel``, the loop of the bench. Its chance steps
  (the deal) all come before its first decision, so the same games stopped at their first decision count the
  deal alone; (whole games − deals) / decisions is its instructions per decision step.

Instructions are not time: the reference spends part of its count in compiled C++ (the ``pyspiel`` bindings)
and hexbox all of it in the interpreter, and the two run at different instructions per cycle. The count is the
repeatable part of the picture; ``hexbox bench`` is the other part. Needs valgrind and, for the reference, the
``[bench]`` extra.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile


def registered() -> list[str]:
    """Every registered game (``hexbox.games()``): this script keeps no list of the games of its own."""
    import hexbox

    return hexbox.games()

HEXBOX = r"""
import random, sys
from hexbox.core import load
from hexbox.core.registry import game_info
name, target = sys.argv[1], int(sys.argv[2])
info = game_info(name)
game = load(name, players=info.default_players or info.min_players)
n = seed = 0
while n < target:
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    while not state.is_over:
        actors = state.actors
        seat = actors[0] if len(actors) == 1 else rng.choice(actors)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        n += 1
    seed += 1
print(n)
"""

REFERENCE = r"""
import random, sys
import pyspiel
from open_spiel.python import games  # registers the Python games
game = pyspiel.load_game("python_liars_poker")
count, deal_only = int(sys.argv[1]), sys.argv[2] == "deal"
rng = random.Random(0)
decisions = 0
for _ in range(count):
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        elif deal_only:
            break
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
print(decisions)
"""


def instructions(code: str, *args: str) -> tuple[int, int]:
    """(instructions of the whole process, the number it printed) under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        env = dict(os.environ, PYTHONHASHSEED="0")
        run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c",
                              code, *args], env=env, capture_output=True, text=True)
        if run.returncode:
            raise SystemExit(f"the counted process failed:\n{run.stderr[-2000:]}")
        with open(out) as f:
            total = re.search(r"^(?:summary|totals): (\d+)", f.read(), re.M)
        if total is None:
            raise SystemExit("no instruction count in callgrind's output")
        return int(total.group(1)), int(run.stdout.strip() or 0)


def per_action(name: str, actions: int) -> float:
    idle, _ = instructions(HEXBOX, name, "0")
    busy, done = instructions(HEXBOX, name, str(actions))
    return (busy - idle) / done


def reference_per_decision(games: int) -> float:
    whole, decisions = instructions(REFERENCE, str(games), "whole")
    deals, _ = instructions(REFERENCE, str(games), "deal")
    return (whole - deals) / decisions


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("games", nargs="*", default=registered())
    p.add_argument("--actions", type=int, default=4000, help="hexbox actions per game counted")
    p.add_argument("--games", dest="ref_games", type=int, default=300, help="python_liars_poker games counted")
    args = p.parse_args(argv)
    ref = reference_per_decision(args.ref_games)
    print(f"{'subject':<20} {'instructions per decision':>26} {'× python_liars_poker':>21}")
    print(f"{'python_liars_poker':<20} {ref:>26,.0f} {1:>20.2f}×")
    for name in args.games:
        ours = per_action(name, args.actions)
        print(f"{name:<20} {ours:>26,.0f} {ref / ours:>20.2f}×", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
