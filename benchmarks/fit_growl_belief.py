"""Fit GROWL's belief (``hexbox/games/growl/belief.toml``) on heuristic self-play.

At a sample of decisions with a choice (two or more legal actions) of every seat (all player counts 4-10,
each with the base game, Curses, Spells and both), every other seat whose team the viewer does not know for
certain is a row of ``belief.evidence`` labelled with whether it is a werewolf then (the true state: only this
script reads it). One logistic regression (Newton's method, a small L2 penalty) per viewer team; the held-out
log loss and Brier score are printed next to a constant model's.

    python benchmarks/fit_growl_belief.py --games 3000 [--write]    # --write replaces belief.toml
"""

from __future__ import annotations

import argparse
import random

import numpy as np
from fit_growl_eval import fit, log_loss  # the same logistic regression (benchmarks/ is the script's path)

from hexbox.core import View, load
from hexbox.games.growl import belief
from hexbox.games.growl.heuristic import Heuristic

SETS = ({}, {"curses": True}, {"spells": True}, {"curses": True, "spells": True})


def rows(games: int, seed: int, rate: float) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    rng = random.Random(seed)
    pick = random.Random(seed + 1)
    bot = Heuristic()
    out: dict[str, tuple[list, list]] = {v: ([], []) for v in belief.VIEWERS}
    for i in range(games):
        players = 4 + i % 7
        game = load("growl", players, **SETS[(i // 7) % len(SETS)])
        state = game.new_state(seed=rng.randrange(2**32))
        while not state.is_over:
            actors = state.actors
            seat = actors[0] if len(actors) == 1 else rng.choice(actors)
            view = View.of(state, seat)
            if len(view.legal_actions) > 1 and pick.random() < rate:
                x, fixed = belief.evidence(view.observation)
                xs, ys = out["wolf" if state.wolf[seat] else "human"]
                for t in range(state.n):
                    if t not in fixed:
                        xs.append(x[t])
                        ys.append(float(state.wolf[t]))
            state.apply(seat, bot.act(view, rng))
    return {v: (np.array(xs), np.array(ys)) for v, (xs, ys) in out.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rate", type=float, default=0.2, help="share of decisions recorded")
    parser.add_argument("--write", action="store_true", help="write the weights to belief.toml")
    args = parser.parse_args()
    data = rows(args.games, args.seed, args.rate)
    fitted = {}
    for v, (x, y) in data.items():
        cut = int(len(y) * 0.8)  # rows are in game order: the last fifth is held-out games
        w = fit(x[:cut], y[:cut])
        held = 1 / (1 + np.exp(-x[cut:] @ w))
        base = np.full(len(y) - cut, y[:cut].mean())
        print(f"{v} viewer: {len(y)} rows, werewolves {y.mean():.3f}; held-out log loss "
              f"{log_loss(held, y[cut:]):.4f} (constant {log_loss(base, y[cut:]):.4f}), Brier "
              f"{np.mean((held - y[cut:]) ** 2):.4f} (constant {np.mean((base - y[cut:]) ** 2):.4f})")
        fitted[v] = fit(x, y)
        for name, a in zip(belief.FEATURES, fitted[v]):
            print(f"  {name:12} {a:+.3f}")
    text = ["# P(werewolf) of a seat the viewer is not sure of: a logistic model over belief.FEATURES, one weight",
            f"# set per viewer team. Fitted by benchmarks/fit_growl_belief.py --games {args.games} --seed "
            f"{args.seed} --rate {args.rate} on heuristic self-play; refit when the rules or the bot change.",
            "features = [" + ", ".join(f'"{f}"' for f in belief.FEATURES) + "]"]
    for v in belief.VIEWERS:
        text.append(f"{v} = [" + ", ".join(f"{a:.4f}" for a in fitted[v]) + "]")
    if args.write:
        belief.PATH.write_text("\n".join(text) + "\n")
        print(f"wrote {belief.PATH}")
    else:
        print("\n".join(text))


if __name__ == "__main__":
    main()
