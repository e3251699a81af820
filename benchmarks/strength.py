"""The strength table of docs/strength.md: ISMCTS vs heuristic vs random in every game.

Each pairing "A vs B" seats one A among N-1 B, rotated one seat per game (``--rotate``), 500 games with master
seed 2026 (2,000 for GROWL's ISMCTS vs heuristic, whose edge is smaller; fewer where a game is slow, MORE_GAMES). Each B
also plays alone, at every seat, the same games (same seeds, so the same deals): A's result in its seat is then
compared with B's in that very seat and deal (McNemar's paired test), which sees through the noise of the deal.

    python benchmarks/strength.py commands      # the hexbox simulate command of every pairing
    python benchmarks/strength.py run DIR       # runs them, resuming what DIR already holds
    python benchmarks/strength.py table DIR     # the Markdown table from their result files
    python benchmarks/strength.py timing        # seconds per ISMCTS decision, a few games against heuristics

The three levels a person picks (hexbox.agents.LEVELS), paired the same way, Hard vs Normal and Normal vs Easy
(300 games each, one process: ``--jobs 1``):

    python benchmarks/strength.py levels-commands
    python benchmarks/strength.py levels-run DIR
    python benchmarks/strength.py levels-table DIR
    python benchmarks/strength.py levels-timing   # seconds per decision of each game's hard level
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

from hexbox.agents import level_spec, make_agent
from hexbox.core import View, load
from hexbox.sim.stats import mcnemar, wilson

GAMES = 500
# other than GAMES: GROWL's edge is small; Werebeasts' search is slow among heuristics (300 games are the
# levels table's hard vs normal); a Transylvania search game takes ~20 s, and among random players longer
MORE_GAMES = {("werebeasts", "ismcts", "heuristic"): 300, ("growl", "ismcts", "heuristic"): 2000,
              ("transylvania", "ismcts", "heuristic"): 300, ("transylvania", "ismcts", "random"): 30}
SEED = 2026
# the ISMCTS budget of each game: iterations that keep a decision well under 1 s (docs/strength.md); the hard levels
ISMCTS = {"werebeasts": "ismcts:iters=100+worlds=belief", "prowl": "ismcts:iters=300",
          "growl": "ismcts:iters=800+worlds=belief", "voodoo": "ismcts:iters=200",
          "transylvania": "ismcts:iters=100+focus=kinds+bias=2"}
PLAYERS = {"werebeasts": 5, "prowl": 4, "growl": 6, "voodoo": 4, "transylvania": 4}


LEVEL_GAMES = ("werebeasts", "prowl", "growl", "voodoo", "transylvania")
LEVEL_PAIRS = (("hard", "normal"), ("normal", "easy"))
LEVEL_GAMES_PLAYED = 300


def level_runs() -> list[tuple[str, str, str | None]]:
    """Every run of the levels table: (game, A, B) and each B alone (game, B, None)."""
    pairs = [(game, a, b) for game in LEVEL_GAMES for a, b in LEVEL_PAIRS]
    return pairs + list(dict.fromkeys((game, b, None) for game, _, b in pairs))


def pairings() -> list[tuple[str, str, str]]:
    """(game, A, B) for every game and the three pairings."""
    out = []
    for game in ISMCTS:
        for a, b in (("ismcts", "heuristic"), ("ismcts", "random"), ("heuristic", "random")):
            out.append((game, a, b))
    return out


def runs() -> list[tuple[str, str, str | None]]:
    """Every run: the pairings (game, A, B), then each B alone (game, B, None) for the paired comparison."""
    alone = dict.fromkeys((game, b, None) for game, _, b in pairings())
    return pairings() + list(alone)


def games_of(game: str, a: str, b: str | None) -> int:
    if b is None:  # B alone covers every pairing it is the B of
        return max(MORE_GAMES.get((g, x, y), GAMES) for g, x, y in pairings() if (g, y) == (game, a))
    return MORE_GAMES.get((game, a, b), GAMES)


def file_of(game: str, a: str, b: str | None) -> str:
    return f"{game}_{a}_alone.jsonl" if b is None else f"{game}_{a}_{b}.jsonl"


def spec(game: str, agent: str) -> str:
    return ISMCTS[game] if agent == "ismcts" else agent  # a level is its own spec: the simulator knows them


def command(game: str, a: str, b: str | None, folder: str = "strength", games: int | None = None,
            jobs: int = 2) -> list[str]:
    n = PLAYERS[game]
    agents = spec(game, a) if b is None else ",".join([spec(game, a)] + [spec(game, b)] * (n - 1))
    games = games_of(game, a, b) if games is None else games
    return ["hexbox", "simulate", game, "-p", str(n), "--games", str(games), "--agents", agents,
            "--rotate", "--seed", str(SEED), "--jobs", str(jobs), "--out", f"{folder}/{file_of(game, a, b)}"]


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


def paired(path: Path, alone: Path, a: str) -> tuple[int, int, int]:
    """B's wins in A's seat of the same games (B alone), and the pairs won only by A / only by B."""
    theirs = {r["index"]: set(r["winners"]) for r in map(json.loads, alone.read_text().splitlines())}
    wins = gained = lost = 0
    for r in map(json.loads, path.read_text().splitlines()):
        seat = next(s for s, agent in enumerate(r["agents"]) if agent.split(":")[0] == a)
        mine, base = seat in r["winners"], seat in theirs[r["index"]]
        wins += base
        gained += mine and not base
        lost += base and not mine
    return wins, gained, lost


def table(folder: Path, which: list[tuple[str, str, str]] | None = None) -> str:
    rows = ["| game | players | A vs B | games | A wins (95% CI) | B wins (95% CI) | A − B | intervals apart | "
            "B in A's seat, same deals (95% CI) | apart from A's | won only by A / only by B | paired p | "
            "A > B, paired |", "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for game, a, b in pairings() if which is None else which:
        path = folder / file_of(game, a, b)
        if not path.exists():
            continue
        games, tally = rates(path)
        (wa, na), (wb, nb) = tally[a], tally[b]
        ra, rb = wa / na, wb / nb
        (la, ha), (lb, hb) = wilson(wa, na), wilson(wb, nb)
        row = (f"| {game} | {PLAYERS[game]} | {a} vs {b} | {games} | {ra:.3f} ({la:.3f}–{ha:.3f}) | "
               f"{rb:.3f} ({lb:.3f}–{hb:.3f}) | {ra - rb:+.3f} | {'yes' if la > hb else 'no'} |")
        alone = folder / file_of(game, b, None)
        if alone.exists():
            base, gained, lost = paired(path, alone, a)
            p = mcnemar(gained, lost)
            # in a team game the B seats include A's teammates, who win with it: B in A's own seats and deals
            # is the fair interval to set A's against
            low, high = wilson(base, games)
            row += (f" {base / games:.3f} ({low:.3f}–{high:.3f}) | {'yes' if la > high else 'no'} | "
                    f"{gained} / {lost} | {p:.2g} | {'yes' if gained > lost and p < 0.05 else 'no'} |")
        else:
            row += " — | — | — | — | — |"
        rows.append(row)
    return "\n".join(rows)


def timing(games: int = 3, specs: dict[str, str] | None = None) -> str:
    """Seconds per searching decision (one searching seat among heuristics; decisions it plays without a search
    are not counted). ``specs``: the spec per game, the results table's ISMCTS by default."""
    rows = ["| game | ISMCTS | decisions timed | median s | 95th percentile s | max s |", "|---|---|---|---|---|---|"]
    for game, agent in (specs or ISMCTS).items():
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
    if not argv or argv[0] not in ("commands", "run", "table", "timing", "levels-commands", "levels-run",
                                   "levels-table", "levels-timing"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    if argv[0].startswith("levels-") and argv[0] != "levels-timing":
        folder = argv[1] if len(argv) > 1 else "levels"
        if argv[0] == "levels-table":
            print(table(Path(folder), [r for r in level_runs() if r[2] is not None]))
            return 0
        for game, a, b in level_runs():
            cmd = command(game, a, b, folder, LEVEL_GAMES_PLAYED, jobs=1)
            print(shlex.join(cmd))
            if argv[0] == "levels-run":
                Path(folder).mkdir(parents=True, exist_ok=True)
                subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        return 0
    if argv[0] == "timing":
        print(timing())
        return 0
    if argv[0] == "levels-timing":  # the hard level of every game
        print(timing(specs={game: level_spec("hard", game) for game in LEVEL_GAMES}))
        return 0
    folder = argv[1] if len(argv) > 1 else "strength"
    if argv[0] == "table":
        print(table(Path(folder)))
        return 0
    for game, a, b in runs():
        cmd = command(game, a, b, folder)
        print(shlex.join(cmd))
        if argv[0] == "run":
            Path(folder).mkdir(parents=True, exist_ok=True)
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
