"""How games end and how long they last, per game and pairing: the endings tables of docs/strength.md.

    python benchmarks/endings.py commands [--games N]   # the hexbox simulate command of every run
    python benchmarks/endings.py run DIR [--games N]    # runs them (resumes what DIR already holds)
    python benchmarks/endings.py table DIR [FILE…]      # the Markdown tables from the result files

Each run is one ``hexbox simulate`` at the game's default player count, master seed 2026, one process (the
numbers are the same for any --jobs). The pairings are the levels a person picks (hexbox.agents.LEVELS):
``random`` and ``normal`` (the heuristic) at every seat, ``hard`` (the search) at every seat, and ``mixed``, one
``hard`` among ``normal`` bots, rotated. A search at every seat costs a search per move, so ``hard`` plays
fewer games (``HARD_GAMES``); ``--games N`` sets the others. "Ending" is the game's own word for how it ended:
Werebeasts' ``end`` statistic (the deck ran out, or two players were left: R30), else the result's ``kind``. A
file name ``GAME_PAIRING.jsonl`` says the pairing; any other result file of ``hexbox simulate`` may be given too.
"""

from __future__ import annotations

import json
import shlex
import statistics
import subprocess
import sys
from collections import Counter
from pathlib import Path

from hexbox.core import game_info

SEED = 2026
GAMES = ("werebeasts", "prowl", "growl", "voodoo", "transylvania")
PAIRINGS = ("random", "normal", "hard", "mixed")
#: games per pairing with a search at every seat (the others: --games)
HARD_GAMES = {"werebeasts": 50, "prowl": 100, "growl": 30, "voodoo": 30, "transylvania": 20}
#: a random Voodoo game is ~28,000 actions (everyone talks at random): 100 of them say enough
RANDOM_GAMES = {"voodoo": 100}
#: an ending more common than this is flagged (issue: no game's bots may end it the same way in > 90% of games)
FLAG = 0.9


def command(game: str, pairing: str, folder: str, games: int) -> list[str]:
    n = game_info(game).default_players
    agents, rotate = pairing, []
    if pairing == "mixed":
        agents, rotate = ",".join(["hard"] + ["normal"] * (n - 1)), ["--rotate"]
    games = {"hard": HARD_GAMES[game], "random": RANDOM_GAMES.get(game, games)}.get(pairing, games)
    return ["hexbox", "simulate", game, "-p", str(n), "--games", str(games), "--agents", agents, *rotate,
            "--seed", str(SEED), "--jobs", "1", "--out", f"{folder}/{game}_{pairing}.jsonl"]


def ending(line: dict) -> str:
    stats = line.get("stats") or {}
    if line["game"] == "werebeasts" and "end" in stats:
        return stats["end"]
    return line.get("kind") or "none"


def agents_of(line: dict) -> str:
    """The pairing in words: one agent at every seat, or one A among B ("hard among normal")."""
    counts = Counter(line["agents"])
    if len(counts) == 1:
        return line["agents"][0]
    (b, _), (a, _) = counts.most_common(2)
    return f"one {a} among {b}"


def summary(path: Path) -> tuple[str, int, str, int, Counter, list[int], list[int]]:
    lines = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    if not lines:
        return path.stem, 0, "", 0, Counter(), [], []
    return (lines[0]["game"], lines[0]["players"], agents_of(lines[0]), len(lines),
            Counter(ending(x) for x in lines), sorted(x["turns"] for x in lines), [x["actions"] for x in lines])


def table(paths: list[Path]) -> str:
    rows = ["| game | players | agents | games | endings (share) | most common | turns: mean | median | 10%–90% | "
            "actions: mean |", "|---|---|---|---|---|---|---|---|---|---|"]
    for path in paths:
        game, players, agents, n, ends, turns, actions = summary(path)
        if not n:
            continue
        shares = ", ".join(f"{k} {v / n:.1%}" for k, v in ends.most_common())
        top = ends.most_common(1)[0][1] / n
        flag = f"**{top:.0%} > 90%**" if top > FLAG else f"{top:.0%}"
        deciles = f"{turns[int(0.1 * (n - 1))]}–{turns[int(0.9 * (n - 1))]}"
        rows.append(f"| {game} | {players} | {agents} | {n} | {shares} | {flag} | {statistics.mean(turns):.1f} | "
                    f"{statistics.median(turns):g} | {deciles} | {statistics.mean(actions):.0f} |")
    return "\n".join(rows)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("commands", "run", "table"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    games = int(argv[argv.index("--games") + 1]) if "--games" in argv else 300  # random and normal; mixed too
    args = [a for i, a in enumerate(argv[1:], 1) if a != "--games" and argv[i - 1] != "--games"]
    folder = args[0] if args else "endings"
    if argv[0] == "table":
        paths = [Path(a) for a in args[1:]] or [Path(folder) / f"{g}_{a}.jsonl" for g in GAMES for a in PAIRINGS]
        print(table([p for p in paths if p.exists()]))
        return 0
    for game in GAMES:
        for pairing in PAIRINGS:
            cmd = command(game, pairing, folder, games)
            print(shlex.join(cmd))
            if argv[0] == "run":
                Path(folder).mkdir(parents=True, exist_ok=True)
                subprocess.run([sys.executable, "-m", *cmd], check=True, stdout=subprocess.DEVNULL)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
