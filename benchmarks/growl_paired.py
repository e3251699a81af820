"""Paired GROWL screen split by the searching seat's starting team.

    hexbox simulate growl -p 6 --games 300 --agents "heuristic,heuristic,heuristic,heuristic,heuristic,heuristic" \\
        --rotate --seed 2026 --jobs 1 --out base.jsonl
    hexbox simulate growl -p 6 --games 300 --agents "A,heuristic,heuristic,heuristic,heuristic,heuristic" \\
        --rotate --seed 2026 --jobs 1 --out a.jsonl
    python benchmarks/growl_paired.py base.jsonl a.jsonl [more.jsonl ...]

The same seeds deal the same games, so each game of a run with one non-heuristic seat A is paired with the same
game of the all-heuristic run, read at A's seat. The starting team is not in the result line's stats (only the
count of Wolf Zeroes), so it is dealt again from the line's seed (``game.new_state(seed)``, as hexbox.sim does);
the Wolf Zeroes are checked against the revealed roles. Printed per starting team: A's win rate, the heuristic's
in the same seats and deals, the games won only by A / only by the heuristic, and McNemar's exact p.
"""

from __future__ import annotations

import json
import sys

from hexbox.core import load
from hexbox.sim.stats import mcnemar, wilson


def read(path: str) -> list[dict]:
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def main(argv: list[str]) -> int:
    base = {r["index"]: r for r in read(argv[0])}
    for path in argv[1:]:
        runs = read(path)
        game = load("growl", runs[0]["players"], **runs[0]["options"])
        rows = {"human": [0, 0, 0, 0, 0], "werewolf": [0, 0, 0, 0, 0]}  # games, A, heuristic, only A, only heuristic
        for r in runs:
            b = base[r["index"]]
            if b["seed"] != r["seed"]:
                raise SystemExit(f"game {r['index']}: seeds differ, not the same deal")
            seat = next(i for i, a in enumerate(r["agents"]) if a != "heuristic")
            zero = game.new_state(seed=r["seed"]).zero
            if any(zero[s] and r["stats"]["roles"][s] != "werewolf" for s in range(len(zero))):
                raise SystemExit(f"game {r['index']}: the re-dealt Wolf Zeroes do not match the revealed roles")
            a, h = seat in r["winners"], seat in b["winners"]
            x = rows["werewolf" if zero[seat] else "human"]
            x[0] += 1
            x[1] += a
            x[2] += h
            x[3] += a and not h
            x[4] += h and not a
        print(f"{path}: {len(runs)} games, A = {next(a for a in runs[0]['agents'] if a != 'heuristic')}")
        print("| A's starting team | games | A wins | heuristic in the same seats and deals | only A | only heuristic "
              "| McNemar p |")
        print("|---|---|---|---|---|---|---|")
        for team, (n, aw, hw, oa, oh) in rows.items():
            if n:
                lo, hi = wilson(aw, n)
                print(f"| {team} | {n} | {aw / n:.3f} ({lo:.3f}–{hi:.3f}) | {hw / n:.3f} | {oa} | {oh} | "
                      f"{mcnemar(oa, oh):.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
