"""The strength table of docs/strength.md: ISMCTS vs heuristic vs random in every game.

Each pairing "A vs B" seats one A among N-1 B, rotated one seat per game (``--rotate``), 500 games with master
seed 2026 (1,000 for Werebeasts' ISMCTS vs heuristic, whose edge is smaller).

    python benchmarks/strength.py commands      # the hexbox simulate command of every pairing
    python benchmarks/strength.py run DIR       # runs them, resuming what DIR already holds
    python benchmarks/strength.py table DIR     # the Markdown table from their result files
    python benchmarks/strength.py timing        # seconds per ISMCTS decision, a few games against heuristics
"""

from __future__ import annotations

import json
import random
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

from hexbox.agents import make_agent
from hexbox.core import View, load
from hexbox.sim.stats import wilson

GAMES = 500
MORE_GAMES = {("werebeasts", "ismcts", "heuristic"): 1000}
SEED = 2026
# the ISMCTS budget of each game: iterations that stay well under 0.5 s per decision (docs/strength.md)
ISMCTS = {"werebeasts": "ismcts:iters=100", "prowl": "ismcts:iters=300", "growl": "ismcts:iters=300",
          "voodoo": "ismcts:iters=200"}
PLAYERS = {"werebeasts": 5, "prowl": 4, "growl": 6, "voodoo": 4}


def pairings() -> list[tuple[str, str, str]]:
    """(game, A, B) for every game and the three pairings."""
    out = []
    for game in ISMCTS:
        for a, b in (("ismcts", "heuristic"), ("ismcts", "random"), ("heuristic", "random")):
            out.append((game, a, b))
    return out


def spec(game: str, agent: str) -> str:
    return ISMCTS[game] if agent == "ismcts" else agent


def command(game: str, a: str, b: str, folder: str = "strength") -> list[str]:
    n = PLAYERS[game]
    agents = ",".join([spec(game, a)] + [spec(game, b)] * (n - 1))
    games = MORE_GAMES.get((game, a, b), GAMES)
    return ["hexbox", "simulate", game, "-p", str(n), "--games", str(games), "--agents", agents, "--rotate",
            "--seed", str(SEED), "--jobs", "2", "--out", f"{folder}/{game}_{a}_{b}.jsonl"]


def rates(path: Path) -> tuple[int, dict[str, tuple[int, int]]]:
    """Games, and per agent kind (wins, seat-games)."""
    games = 0
    tally: dict[str, list[int]] = {}
    for line in path.read_text().splitlines():
        r = json.loads(line)
        games += 1
        winners = set(r["winners"])
        for seat, agent in enumerate(r["agents"]):
            t = tally.setdefault(agent.split(":")[0], [0, 0])
            t[0] += seat in winners
            t[1] += 1
    return games, {k: (w, n) for k, (w, n) in tally.items()}


def table(folder: Path) -> str:
    rows = ["| game | players | A vs B | games | A wins (95% CI) | B wins (95% CI) | A − B | A > B significantly |",
            "|---|---|---|---|---|---|---|---|"]
    for game, a, b in pairings():
        path = folder / f"{game}_{a}_{b}.jsonl"
        if not path.exists():
            continue
        games, tally = rates(path)
        (wa, na), (wb, nb) = tally[a], tally[b]
        ra, rb = wa / na, wb / nb
        (la, ha), (lb, hb) = wilson(wa, na), wilson(wb, nb)
        rows.append(f"| {game} | {PLAYERS[game]} | {a} vs {b} | {games} | {ra:.3f} ({la:.3f}–{ha:.3f}) | "
                    f"{rb:.3f} ({lb:.3f}–{hb:.3f}) | {ra - rb:+.3f} | {'yes' if la > hb else 'no'} |")
    return "\n".join(rows)


def timing(games: int = 3) -> str:
    """Seconds per ISMCTS decision (one ISMCTS seat among heuristics; decisions with one legal move excluded)."""
    rows = ["| game | ISMCTS | decisions timed | median s | 95th percentile s | max s |", "|---|---|---|---|---|---|"]
    for game, agent in ISMCTS.items():
        times = []
        for seed in range(games):
            state = load(game, players=PLAYERS[game]).new_state(seed=seed)
            bots = [make_agent(agent, game)] + [make_agent("heuristic", game)] * (PLAYERS[game] - 1)
            rng = random.Random(seed)
            while not state.is_over:
                actors = state.actors
                seat = actors[0] if len(actors) == 1 else rng.choice(actors)
                view = View.of(state, seat)
                start = time.perf_counter()
                action = bots[seat].act(view, rng)
                if seat == 0 and bots[0].last_iterations:
                    times.append(time.perf_counter() - start)
                state.apply(seat, action)
        times.sort()
        rows.append(f"| {game} | `{agent}` | {len(times)} | {statistics.median(times):.3f} | "
                    f"{times[int(0.95 * (len(times) - 1))]:.3f} | {times[-1]:.3f} |")
    return "\n".join(rows)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("commands", "run", "table", "timing"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    if argv[0] == "timing":
        print(timing())
        return 0
    folder = argv[1] if len(argv) > 1 else "strength"
    if argv[0] == "table":
        print(table(Path(folder)))
        return 0
    for game, a, b in pairings():
        cmd = command(game, a, b, folder)
        print(shlex.join(cmd))
        if argv[0] == "run":
            Path(folder).mkdir(parents=True, exist_ok=True)
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
