"""Fit GROWL's ISMCTS evaluator (``hexbox.games.growl.heuristic.EVAL_WEIGHTS``) on heuristic self-play.

A regression over the positions of heuristic games learns what goes *with* a humans' win, not what *makes* one:
in those games a human holding a Wound or one Bite was a sign of a game going the humans' way, so the weights fitted
that way said a Wound or a Bite given to a human helped the humans, and a searching human could not tell a Wound
on a werewolf from a Wound on a human. So the weights of everything a move changes are fitted on experiments:

1. heuristic self-play over every player count 4-10, each with the base game, Curses, Spells and both;
2. at a share (``--branch``) of the Day gifts with a choice, two different receivers are tried from the same
   position, and each branch is played to the end by the heuristic with the same random numbers;
3. a conditional logistic regression on the pairs whose endings differ: P(branch a is the one the humans won)
   = sigmoid(w . (features(a) - features(b))) gives each feature's effect, the position's own odds cancelled;
4. the weights of what a gift cannot change (the constant, the Nights and the deck left) are then fitted over
   every position of the games with the effects held fixed.

The held-out log loss of the pairs (last fifth of the games) is printed for these weights and for the
correlational fit the evaluator used before (``--plain`` prints that fit), with the positions' log loss.

    python benchmarks/fit_growl_eval.py --games 3000     # prints EVAL_WEIGHTS to paste into heuristic.py
"""

from __future__ import annotations

import argparse
import random

import numpy as np

from hexbox.core import View, load
from hexbox.games.growl.heuristic import EVAL_FEATURES, Heuristic, features

SETS = ({}, {"curses": True}, {"spells": True}, {"curses": True, "spells": True})
LEVELS = ("bias", "nights_left", "deck_left")  # what one Day gift cannot change
EFFECTS = [i for i, name in enumerate(EVAL_FEATURES) if name not in LEVELS]


def humans_won(state) -> float:
    return float(not any(state.wolf[s] for s in state.result.winners))


def play_out(state, bot: Heuristic, rng: random.Random) -> float:
    while not state.is_over:
        actors = state.actors
        seat = actors[0] if len(actors) == 1 else rng.choice(actors)
        state.apply(seat, bot.act(View.of(state, seat), rng))
    return humans_won(state)


def games_played(games: int, seed: int, branch: float):
    """Positions with their games' endings (one array per game), and the branched gifts: pairs
    ``(features(a), humans won a, features(b), humans won b)``, one list per game."""
    rng = random.Random(seed)
    bot = Heuristic()
    positions, endings, pairs = [], [], []
    for i in range(games):
        players = 4 + i % 7
        game = load("growl", players, **SETS[(i // 7) % len(SETS)])
        state = game.new_state(seed=rng.randrange(2**32))
        seen, tried = [], []
        while not state.is_over:
            seen.append(features(state))
            actors = state.actors
            seat = actors[0] if len(actors) == 1 else rng.choice(actors)
            view = View.of(state, seat)
            legal = view.legal_actions
            if len(legal) > 1 and legal[0].kind == "give" and rng.random() < branch:
                tried_ways = rng.sample(legal, 2)
                same = rng.randrange(2**32)  # both branches draw the same random numbers
                row = []
                for a in tried_ways:
                    world = state.clone()
                    world.apply(seat, a)
                    row += [features(world), play_out(world, bot, random.Random(same))]
                tried.append(row)
            state.apply(seat, bot.act(view, rng))
        positions.append(np.array(seen))
        endings.append(np.full(len(seen), humans_won(state)))
        pairs.append(tried)
    return positions, endings, pairs


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, steps: int = 50,
        offset: np.ndarray | float = 0.0) -> np.ndarray:
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(x @ w + offset)))
        grad = x.T @ (p - y) / len(y) + l2 * w
        hess = (x * (p * (1 - p))[:, None]).T @ x / len(y) + l2 * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    return w


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def differences(pairs: list) -> tuple[np.ndarray, np.ndarray]:
    """The pairs whose endings differ: feature differences, and whether branch a was the humans' win."""
    rows = [(np.subtract(fa, fb), ya) for game in pairs for fa, ya, fb, yb in game if ya != yb]
    return np.array([r[0] for r in rows]), np.array([r[1] for r in rows])


def effects_fit(positions: list, endings: list, pairs: list) -> np.ndarray:
    d, y = differences(pairs)
    weights = np.zeros(len(EVAL_FEATURES))
    weights[EFFECTS] = fit(d[:, EFFECTS], y, l2=1e-4)
    x, z = np.concatenate(positions), np.concatenate(endings)
    levels = [i for i in range(len(EVAL_FEATURES)) if i not in EFFECTS]
    weights[levels] = fit(x[:, levels], z, l2=0.0, offset=x[:, EFFECTS] @ weights[EFFECTS])
    return weights


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--branch", type=float, default=0.6, help="share of Day gifts tried both ways")
    parser.add_argument("--plain", action="store_true", help="also print the correlational fit over positions")
    args = parser.parse_args()
    positions, endings, pairs = games_played(args.games, args.seed, args.branch)
    cut = int(args.games * 0.8)  # the last fifth of the games is held out
    w = effects_fit(positions[:cut], endings[:cut], pairs[:cut])
    plain = fit(np.concatenate(positions[:cut]), np.concatenate(endings[:cut]))
    d, y = differences(pairs[cut:])
    x, z = np.concatenate(positions[cut:]), np.concatenate(endings[cut:])
    print(f"{sum(map(len, positions))} positions of {args.games} games, {sum(map(len, pairs))} gifts tried both "
          f"ways, {len(differences(pairs)[1])} with different endings")
    print("held-out log loss          pairs (which branch won)   positions (who wins)")
    for name, v in (("effects (these weights)", w), ("plain regression", plain)):
        print(f"  {name:24} {log_loss(1 / (1 + np.exp(-d @ v)), y):.4f}                     "
              f"{log_loss(1 / (1 + np.exp(-x @ v)), z):.4f}")
    print(f"  {'constant':24} {log_loss(np.full(len(y), 0.5), y):.4f}                     "
          f"{log_loss(np.full(len(z), np.concatenate(endings[:cut]).mean()), z):.4f}")
    w = effects_fit(positions, endings, pairs)
    print("EVAL_WEIGHTS = (" + ", ".join(f"{v:.3f}" for v in w) + ")")
    if args.plain:
        print("plain: (" + ", ".join(f"{v:.3f}" for v in fit(np.concatenate(positions), np.concatenate(endings)))
              + ")")
    for name, v in zip(EVAL_FEATURES, w):
        print(f"  {name:18} {v:+.3f}")


if __name__ == "__main__":
    main()
