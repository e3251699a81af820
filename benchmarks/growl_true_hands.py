"""GROWL's ``hard`` given the true hands: how much of the omniscient bound's edge reading hands could ever win.

    python benchmarks/growl_true_hands.py --seed 3000 [--games 100] > x.json
    python benchmarks/growl_hard_variant.py --pair hard.json x.json

The subject seat of clairvoyant.py's deals plays ``hard``'s search, whose worlds are drawn as ``hard`` draws them
(belief.determinizer: teams dealt again and tilted to the seat's fitted belief, hidden submissions drawn again),
but from the true state with only the deck below its top shuffled (clairvoyant.py's informed worlds) in place of
``view.sample``'s uniform deal, its teams dealt again as a resample deals them: every hand is the true one, the
teams are believed. Between ``hard`` (both
believed) and the informed bound (both true) it says what perfect hands alone are worth to the search.
``--neighbours`` keeps true only the hands of the seat's two living neighbours (the ones its Night passes reach
and passes.py reads), the other living seats' hand cards shuffled with the deck's. The output is
growl_hard_variant.py's JSON line.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import clairvoyant  # noqa: E402

from hexbox.core import View  # noqa: E402
from hexbox.games.growl import belief  # noqa: E402
from hexbox.games.growl.cards import HAND  # noqa: E402
from hexbox.games.growl.resample import redeal_teams, redraw_submissions  # noqa: E402


class TrueHands(clairvoyant.Omniscient):
    name = "true_hands"
    neighbours_only = False  # --neighbours: only the two living neighbours' hands true, the rest dealt again

    def _shuffle_the_rest(self, world, seat: int, rng: random.Random) -> None:
        """The hand cards of the other seats but the two neighbours and of the deck below its top, shuffled among
        them (sizes kept, and the cards the seat knows each holds), until no living seat holds three net Wounds;
        the true deal if 50 tries fail."""
        near = set(belief._neighbours(View.of(world, seat).observation["public"], seat))
        rest = [o for o in range(world.n) if o != seat and o not in near and not world.dead[o]]
        slots = [i for i, c in enumerate(world.deck[:-1]) if c < HAND]
        true_hands, true_deck = [world.hands[o][:] for o in rest], world.deck[:]
        known = [[min(k, h) for k, h in zip(world.known_hand(seat, o), world.hands[o])] for o in rest]
        pool = [c for o, pins in zip(rest, known) for c, k in enumerate(world.hands[o]) for _ in range(k - pins[c])]
        pool += [world.deck[i] for i in slots]
        sizes = [sum(world.hands[o]) - sum(pins) for o, pins in zip(rest, known)]
        for _ in range(50):
            rng.shuffle(pool)
            at = 0
            for o, k, pins in zip(rest, sizes, known):
                hand = pins[:]
                for c in pool[at:at + k]:
                    hand[c] += 1
                world.hands[o] = hand
                at += k
            for i, c in zip(slots, pool[at:]):
                world.deck[i] = c
            if all(world.net_wounds(o) < 3 for o in rest):
                return
        for o, h in zip(rest, true_hands):
            world.hands[o] = h
        world.deck = true_deck

    def _worlds(self, view):
        truth = self.truth

        def informed(rng: random.Random):
            world = truth.clone()
            world.rng = world.reseeded(rng)
            if not truth.is_over:
                clairvoyant.UNDEALT["growl"](truth, world, rng)
                if self.neighbours_only:
                    self._shuffle_the_rest(world, view.seat, rng)
                # the teams as view.sample deals them (the determinizer tilts from there): not the true ones
                wolf, zero, sniffed = world.wolf[:], world.zero[:], world.sniffed
                redeal_teams(world, view.seat, rng)
                if not redraw_submissions(world, view.seat, rng):
                    world.wolf, world.zero, world.sniffed = wolf, zero, sniffed
            return world

        seat_view = types.SimpleNamespace(seat=view.seat, observation=view.observation, sample=informed)
        return belief.determinizer(seat_view), set(belief.root_actions(view, view.legal_actions))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=3000)
    ap.add_argument("--neighbours", action="store_true", help="only the two living neighbours' hands true")
    args = ap.parse_args()
    TrueHands.neighbours_only = args.neighbours
    clairvoyant.BOUNDS["true_hands"] = TrueHands
    r = clairvoyant.measure("growl", args.games, args.seed, ("true_hands",))
    spec = "hard, true hands" + (" of the neighbours" if args.neighbours else "")
    print(json.dumps({"spec": spec, "seed": args.seed, "wins": r["true_hands"]["wins"],
                      "cpu_s": r["true_hands"]["cpu_s"], "decisions": r["true_hands"]["decisions"],
                      "by_deal": r["wins_by_deal"]["true_hands"]}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
