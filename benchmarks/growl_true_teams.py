"""GROWL's ``hard`` given the true teams: what a perfect reading of who is on which team could ever win.

    python benchmarks/growl_true_teams.py --seed 3000 [--games 100] > x.json
    python benchmarks/growl_hard_variant.py --pair hard.json x.json

The subject seat of clairvoyant.py's deals plays ``hard``'s search with its own worlds (``view.sample``: every
hand the seat does not know dealt uniformly from what it has not seen, the deck shuffled), except that each
world's teams (werewolves and Wolf Zeroes) are the true ones, with no tilt by the belief (there is nothing left
to believe about teams). The hidden submissions of an open window are drawn again, as ``hard`` draws them. In
GROWL the `normal` bots' acts say next to nothing of their hands (docs/strength.md, "GROWL: what `hard`'s worlds
know of the others' hands"), so what reading people could give ``hard`` is at most this: every team known.
Between ``hard`` (teams believed) and the informed bound (teams and hands true) it says how much of the bound's
edge is in the teams. The output is growl_hard_variant.py's JSON line.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import clairvoyant  # noqa: E402

from hexbox.games.growl import belief  # noqa: E402
from hexbox.games.growl.resample import redraw_submissions  # noqa: E402


class TrueTeams(clairvoyant.Omniscient):
    name = "true_teams"

    def _worlds(self, view):
        truth = self.truth

        def draw(rng: random.Random):
            world = view.sample(rng)
            if not truth.is_over:
                world.wolf, world.zero = truth.wolf[:], truth.zero[:]
                redraw_submissions(world, view.seat, rng)  # a submission may depend on the team
            return world

        return draw, set(belief.root_actions(view, view.legal_actions))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=3000)
    args = ap.parse_args()
    clairvoyant.BOUNDS["true_teams"] = TrueTeams
    r = clairvoyant.measure("growl", args.games, args.seed, ("true_teams",))
    print(json.dumps({"spec": "hard, true teams", "seed": args.seed, "wins": r["true_teams"]["wins"],
                      "cpu_s": r["true_teams"]["cpu_s"], "decisions": r["true_teams"]["decisions"],
                      "by_deal": r["wins_by_deal"]["true_teams"]}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
