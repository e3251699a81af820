"""Fit GROWL's ISMCTS evaluator (``hexbox.games.growl.heuristic.EVAL_WEIGHTS``) on heuristic self-play.

Every position of every game (all player counts 4-10, each with the base game, Curses, Spells and both) is a
row of ``features(state)`` labelled with whether the humans won in the end. A logistic regression (Newton's
method, a small L2 penalty) gives the weights; the held-out log loss is printed next to a constant model's.

    python benchmarks/fit_growl_eval.py --games 4000     # prints EVAL_WEIGHTS to paste into heuristic.py
"""

from __future__ import annotations

import argparse
import random

import numpy as np

from hexbox.core import View, load
from hexbox.games.growl.heuristic import EVAL_FEATURES, Heuristic, features

SETS = ({}, {"curses": True}, {"spells": True}, {"curses": True, "spells": True})


def positions(games: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = random.Random(seed)
    bot = Heuristic()
    rows, labels = [], []
    for i in range(games):
        players = 4 + i % 7
        game = load("growl", players, **SETS[(i // 7) % len(SETS)])
        state = game.new_state(seed=rng.randrange(2**32))
        seen = []
        while not state.is_over:
            seen.append(features(state))
            actors = state.actors
            seat = actors[0] if len(actors) == 1 else rng.choice(actors)
            state.apply(seat, bot.act(View.of(state, seat), rng))
        humans_won = not any(state.wolf[s] for s in state.result.winners)
        rows += seen
        labels += [float(humans_won)] * len(seen)
    return np.array(rows), np.array(labels)


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, steps: int = 50) -> np.ndarray:
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (p - y) / len(y) + l2 * w
        hess = (x * (p * (1 - p))[:, None]).T @ x / len(y) + l2 * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    return w


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    x, y = positions(args.games, args.seed)
    cut = int(len(y) * 0.8)  # games are appended in order, so the last fifth is held-out games
    w = fit(x[:cut], y[:cut])
    held = 1 / (1 + np.exp(-x[cut:] @ w))
    print(f"{len(y)} positions from {args.games} games; humans won {y.mean():.3f} of positions")
    constant = log_loss(np.full(len(y) - cut, y[:cut].mean()), y[cut:])
    print(f"held-out log loss {log_loss(held, y[cut:]):.4f} (constant model {constant:.4f}), "
          f"accuracy {np.mean((held > 0.5) == y[cut:]):.3f}")
    w = fit(x, y)
    print("EVAL_WEIGHTS = (" + ", ".join(f"{v:.3f}" for v in w) + ")")
    for name, v in zip(EVAL_FEATURES, w):
        print(f"  {name:18} {v:+.3f}")


if __name__ == "__main__":
    main()
