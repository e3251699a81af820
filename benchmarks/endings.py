"""How games end and how long they last, per game and pairing: the endings tables of docs/strength.md.

    python benchmarks/endings.py commands [--games 300]   # the hexbox simulate command of every run
    python benchmarks/endings.py run DIR [--games 300]    # runs them (resumes what DIR already holds)
    python benchmarks/endings.py table DIR [FILE…]        # the Markdown tables from the result files

Each run is one ``hexbox simulate`` at the game's default player count, master seed 2026, one process (the
numbers are the same for any --jobs). "Ending" is the game's own word for how it ended: Werebeasts' ``end``
statistic (the deck ran out, or two players were left: R30), else the result's ``kind``. A file name
``GAME_AGENTS.jsonl`` says the pairing; any other result file of ``hexbox simulate`` may be given too.
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
AGENTS = ("random", "heuristic")
#: an ending more common than this is flagged (issue: no game's bots may end it the same way in > 90% of games)
FLAG = 0.9


def command(game: str, agent: str, folder: str, games: int) -> list[str]:
    return ["hexbox", "simulate", game, "-p", str(game_info(game).default_players), "--games", str(games),
            "--agents", agent, "--seed", str(SEED), "--jobs", "1", "--out", f"{folder}/{game}_{agent}.jsonl"]


def ending(line: dict) -> str:
    stats = line.get("stats") or {}
    if line["game"] == "werebeasts" and "end" in stats:
        return stats["end"]
    return line.get("kind") or "none"


def summary(path: Path) -> tuple[str, str, int, Counter, list[int], list[int]]:
    lines = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    agents = sorted(set(lines[0]["agents"])) if lines else []
    return (lines[0]["game"] if lines else path.stem, ",".join(agents), len(lines),
            Counter(ending(x) for x in lines), sorted(x["turns"] for x in lines), [x["actions"] for x in lines])


def table(paths: list[Path]) -> str:
    rows = ["| game | players' agents | games | endings (share) | most common | turns: mean | median | 10%–90% | "
            "actions: mean |", "|---|---|---|---|---|---|---|---|---|"]
    for path in paths:
        game, agents, n, ends, turns, actions = summary(path)
        if not n:
            continue
        shares = ", ".join(f"{k} {v / n:.1%}" for k, v in ends.most_common())
        top = ends.most_common(1)[0][1] / n
        flag = f"**{top:.0%} > 90%**" if top > FLAG else f"{top:.0%}"
        deciles = f"{turns[int(0.1 * (n - 1))]}–{turns[int(0.9 * (n - 1))]}"
        rows.append(f"| {game} | {agents} | {n} | {shares} | {flag} | {statistics.mean(turns):.1f} | "
                    f"{statistics.median(turns):g} | {deciles} | {statistics.mean(actions):.0f} |")
    return "\n".join(rows)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("commands", "run", "table"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    games = int(argv[argv.index("--games") + 1]) if "--games" in argv else 300
    args = [a for i, a in enumerate(argv[1:], 1) if a != "--games" and argv[i - 1] != "--games"]
    folder = args[0] if args else "endings"
    if argv[0] == "table":
        paths = [Path(a) for a in args[1:]] or [Path(folder) / f"{g}_{a}.jsonl" for g in GAMES for a in AGENTS]
        print(table([p for p in paths if p.exists()]))
        return 0
    for game in GAMES:
        for agent in AGENTS:
            cmd = command(game, agent, folder, games)
            print(shlex.join(cmd))
            if argv[0] == "run":
                Path(folder).mkdir(parents=True, exist_ok=True)
                subprocess.run([sys.executable, "-m", *cmd], check=True, stdout=subprocess.DEVNULL)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
