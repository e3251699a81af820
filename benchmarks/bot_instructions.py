"""CPU instructions per decision of a game's normal bot, counted by valgrind: docs/strength.md, "Bots at a
designer's speed".

    python benchmarks/bot_instructions.py [--game growl] [--games 20] [--part obs --part bot ...]

CPU seconds on a shared machine drift by a third between runs; instructions do not. The normal bots play
bot_speed.py's games (the same set-ups, seeds and acting seats) once, every decision's seat and action recorded;
then each part is counted in a process of its own under ``valgrind --tool=callgrind`` that replays the same moves
and does that part before each one, less the same replay doing nothing (imports, the rules' moves):

- ``obs``: the acting seat's observation (``View.of(state, seat).observation``);
- ``bot``: the bot's whole ``act`` (the observation it reads and the legal actions included), the seat's draw and
  ``View.of`` (the replay checks the bot makes the recorded choice).

Run with ``PYTHONHASHSEED=0`` set here (hashes move the counts by about 1k) and the garbage collector off in the
replays (its passes moved them by about 2k between runs). Needs valgrind.
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
import tempfile

from bot_speed import deals, self_play  # the same games, seeds and acting seats


def record(game: str, count: int, path: str) -> None:
    """bot_speed.py's self-play, every decision's (seat, action) in the games' order pickled to ``path``."""
    moves = []

    def decide(view, bot, rng):
        action = bot.act(view, rng)
        moves.append((view.seat, action))
        return action

    self_play(game, count, decide)
    with open(path, "wb") as f:
        pickle.dump(moves, f)


def replay(game: str, count: int, path: str, part: str) -> None:
    from hexbox.agents import make_agent
    from hexbox.core import View

    gc.disable()
    with open(path, "rb") as f:
        moves = iter(pickle.load(f))
    for seed, state in deals(game, count):
        bot, rng = make_agent("normal", game), random.Random(seed)
        while not state.is_over:
            seat, action = next(moves)
            if part == "obs":
                View.of(state, seat).observation  # noqa: B018
            elif part == "bot":
                actors = state.actors
                if len(actors) > 1:
                    rng.choice(actors)  # the seat's draw, as in self-play, so the bot's rng follows the same stream
                if bot.act(View.of(state, seat), rng) != action:
                    raise SystemExit(f"seed {seed}: the bot chose otherwise than in self-play")
            state.apply(seat, action)


def count_instructions(args: list[str]) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg", sys.executable, __file__, *args],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},
            check=True,
        ).stderr
    return int(re.search(r"Collected : (\d+)", out).group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="growl")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--part", action="append", choices=("obs", "bot"), help="default: both")
    parser.add_argument("--replay", help=argparse.SUPPRESS)  # a part, in the child process valgrind runs
    parser.add_argument("--moves", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.replay:
        replay(args.game, args.games, args.moves, args.replay)
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = f"{tmp}/moves.pkl"
        record(args.game, args.games, path)
        with open(path, "rb") as f:
            decisions = len(pickle.load(f))
        common = ["--game", args.game, "--games", str(args.games), "--moves", path, "--replay"]
        nothing = count_instructions([*common, "none"])
        for part in args.part or ("obs", "bot"):
            spent = count_instructions([*common, part]) - nothing
            print(
                f"{args.game} {part:4} {decisions} decisions {spent / decisions / 1000:7.1f}k instructions a decision",
                flush=True,
            )


if __name__ == "__main__":
    main()
