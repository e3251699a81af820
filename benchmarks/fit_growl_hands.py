"""Fit how a seat's hidden cards shift its odds of being a werewolf (hexbox/games/growl/hands.toml).

    python benchmarks/fit_growl_hands.py [--games 400] [--seed 5000] [--write]

Positions: every decision with a choice of clairvoyant.py's subject seat (seed mod 6, 6 players) in ``--games``
games of ``normal`` bots. At each, for every other living seat: the cards it holds that the subject has not seen
(its hand less ``known_hand``), by Night passings so far (0, 1, 2+), labelled with its true team. Per stage a
logistic regression (an intercept and one weight per hand card, an L2 penalty of 1) gives the log-likelihood
ratio of those cards, wolf against human: a werewolf keeps Bites and passes Wounds at Night, a human never passes
a Bite and keeps its Charms, and a Wolf Zero's starting card is a Bite. The intercept (the prior) is not written:
the worlds' teams follow the belief, the weights only say which of a world's seats hold a werewolf's cards.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import numpy as np

from hexbox.agents import make_agent
from hexbox.core import View, load
from hexbox.games.growl.cards import CARDS, HAND

STAGES = 3
OUT = Path(__file__).resolve().parent.parent / "hexbox" / "games" / "growl" / "hands.toml"


def rows(games: int, first: int) -> list[tuple[int, list[int], int]]:
    out = []
    bot = make_agent("normal", "growl")
    for seed in range(first, first + games):
        seat = seed % 6
        state = load("growl", players=6).new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            actors = state.actors
            s = actors[0] if len(actors) == 1 else rng.choice(actors)
            view = View.of(state, s)
            if s == seat and len(view.legal_actions) > 1:
                stage = min(STAGES - 1, state.nights)
                for o in range(state.n):
                    if o != seat and not state.dead[o]:
                        known = state.known_hand(seat, o)
                        out.append((stage, [state.hands[o][c] - known[c] for c in range(HAND)], int(state.wolf[o])))
            state.apply(s, bot.act(view, rng))
    return out


def logistic(x: np.ndarray, y: np.ndarray, l2: float = 1.0, steps: int = 50) -> np.ndarray:
    """Newton's method; column 0 is the intercept (not penalised)."""
    w = np.zeros(x.shape[1])
    pen = np.full(x.shape[1], l2)
    pen[0] = 0.0
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-x @ w))
        grad = x.T @ (p - y) + pen * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + np.diag(pen) + 1e-9 * np.eye(x.shape[1])
        w -= np.linalg.solve(hess, grad)
    return w


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    data = rows(args.games, args.seed)
    lines = ["# log-likelihood ratio (werewolf against human) of each hidden hand card, by Night passings so far",
             f"# (0, 1, 2+). Fitted by benchmarks/fit_growl_hands.py --games {args.games} --seed {args.seed} on "
             "normal bots' games (6 players); refit when the rules or the bot change.",
             f"cards = [{', '.join(repr(CARDS[c].id).replace(chr(39), chr(34)) for c in range(HAND))}]"]
    for stage in range(STAGES):
        part = [(h, y) for s, h, y in data if s == stage]
        x = np.array([[1.0] + h for h, _ in part])
        y = np.array([float(t) for _, t in part])
        used = x[:, 1:].any(axis=0)
        w = np.zeros(HAND + 1)
        cols = [0] + [i + 1 for i in range(HAND) if used[i]]
        w[cols] = logistic(x[:, cols], y)
        p = 1.0 / (1.0 + np.exp(-x @ w))
        base = y.mean()
        ll = -np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))
        ll0 = -np.mean(y * np.log(base) + (1 - y) * np.log(1 - base))
        print(f"stage {stage}: {len(part)} seats, wolf share {base:.3f}, log loss {ll:.4f} (prior {ll0:.4f}); "
              + " ".join(f"{CARDS[c].id} {w[c + 1]:+.2f}" for c in range(HAND) if used[c]))
        lines.append(f"stage{stage} = [{', '.join(f'{v:.4f}' for v in w[1:])}]")
    if args.write:
        OUT.write_text("\n".join(lines) + "\n")
        print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
