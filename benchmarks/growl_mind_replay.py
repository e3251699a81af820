"""The GROWL heuristic's own work (``Heuristic.act`` on a ready observation and legal list: Mind, its reading of
the log, the scores and the tiebreaks) replayed over recorded decisions, apart from the observation and the rules.

    python benchmarks/growl_mind_replay.py record FILE [--games 40]   # bot_speed.py's games, every Mind's inputs
    python benchmarks/growl_mind_replay.py time FILE [--repeat 5]     # µs a decision, median of the repeats
    python benchmarks/growl_mind_replay.py count FILE                 # CPU instructions a decision (valgrind)
    python benchmarks/growl_mind_replay.py check FILE                 # the recorded scores, the same floats

The record holds each decision's observation and legal actions (one pickle, so entries shared between observations
stay shared and the kept readings read on as in play) and the scores the recording version gave. Replayed with the
noise off, from empty readings. ``count`` runs the replay under ``valgrind --tool=callgrind`` less a run that only
loads the record (PYTHONHASHSEED=0, the garbage collector off).
"""

from __future__ import annotations

import argparse
import gc
import os
import pickle
import random
import re
import subprocess
import sys
import time
import types


def record(path: str, games: int) -> None:
    from bot_speed import self_play

    from hexbox.games.growl import heuristic

    recs = []
    mind = heuristic.Mind

    class Recording(mind):  # type: ignore[misc,valid-type]
        __slots__ = ()

        def choose(self, legal, tiebreak):
            recs.append((self.obs, legal, mind.scores(self, legal)))
            return mind.choose(self, legal, tiebreak)

    heuristic.Mind = Recording  # type: ignore[misc]
    try:
        self_play("growl", games, lambda view, bot, rng: bot.act(view, rng))
    finally:
        heuristic.Mind = mind  # type: ignore[misc]
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(100_000)  # the log entries nest a few levels deep in a long list: pickle recurses
    try:
        with open(path, "wb") as f:
            pickle.dump(recs, f, protocol=5)
    finally:
        # put back: a raised limit lets deeply nested input overflow C's stack instead of raising RecursionError
        # (a test run in the same process crashed so, parsing a JSON text of 100,000 brackets)
        sys.setrecursionlimit(limit)
    print(f"{len(recs)} decisions recorded")


def load(path: str) -> list:
    with open(path, "rb") as f:
        return pickle.load(f)


def replay(views: list) -> None:
    from hexbox.games.growl import heuristic

    heuristic._READINGS.clear()
    bot = heuristic.Heuristic(noise=-1.0)
    rng = random.Random(1)
    act = bot.act
    for view in views:
        act(view, rng)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("record", "time", "count", "check", "once", "none"))
    parser.add_argument("file")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if args.what == "record":
        record(args.file, args.games)
        return
    from hexbox.games.growl import heuristic  # noqa: F401  (imported in both runs that ``count`` compares)

    recs = load(args.file)
    # the views made before the replay, in both runs that ``count`` compares
    views = [types.SimpleNamespace(observation=obs, legal_actions=legal) for obs, legal, _ in recs]
    gc.disable()
    if args.what == "none":
        return
    if args.what == "once":
        replay(views)
    elif args.what == "time":
        spent = []
        for _ in range(args.repeat):
            start = time.process_time()
            replay(views)
            spent.append(time.process_time() - start)
        spent.sort()
        print(f"{1e6 * spent[len(spent) // 2] / len(recs):.2f} µs a decision (median of {args.repeat})")
    elif args.what == "check":
        from hexbox.games.growl import heuristic

        heuristic._READINGS.clear()
        bad = sum(heuristic.Mind(obs).scores(legal) != want for obs, legal, want in recs)
        print(f"{bad} of {len(recs)} decisions scored otherwise")
    else:
        counts = []
        for part in ("once", "none"):
            err = subprocess.run(
                ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__, part,
                 args.file], capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"}, check=True,
            ).stderr
            counts.append(int(re.search(r"Collected : (\d+)", err).group(1)))  # type: ignore[union-attr]
        print(f"{(counts[0] - counts[1]) / len(recs) / 1000:.1f}k CPU instructions a decision")


if __name__ == "__main__":
    main()
