"""Fit Werebeasts' value of a position (``hexbox/games/werebeasts/value.toml``) on `normal` self-play, 5 players.

Positions are taken from whole games of the `normal` bot at every seat (each position with probability
``--every``: rollouts of the `hard` search end anywhere, mostly in bidding windows); each living seat's
``value.features`` are recorded with the game's winners as labels (a tie splits the win). A conditional logit
(softmax over the living seats) is fitted by Newton's method with a small ridge, on the first four fifths of the
games; the log loss of the last fifth is printed for it and for heuristic.win_chances (the hand-set evaluator).

    python benchmarks/fit_werebeasts_value.py --games 3000 --write    # rewrites value.toml
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import time
from pathlib import Path

import numpy as np

from hexbox.agents import make_agent
from hexbox.core import View, load
from hexbox.games.werebeasts import heuristic, value

PLAYERS = 5
TOML = Path(value.__file__).with_name("value.toml")


def positions(games: int, seed: int, every: float, hard: bool = False):
    """Per game: a list of (features (living x d), labels (living), hand evaluator's chances (living)); with
    ``hard``, the `hard` level plays one seat (game i: seat i mod 5), `normal` the others."""
    rng = random.Random(seed)
    bot = make_agent("normal", "werebeasts")
    searcher = make_agent("hard", "werebeasts") if hard else None
    out = []
    for i in range(games):
        state = load("werebeasts", players=PLAYERS).new_state(seed=rng.randrange(2**32))
        subject = i % PLAYERS if hard else -1
        seen = []
        while not state.is_over:
            if rng.random() < every:
                rows = value.table(state)
                alive = list(rows)
                hand = heuristic.win_chances(state)
                seen.append((alive, np.array([rows[s] for s in alive]), [hand[s] for s in alive]))
            actors = state.actors
            s = actors[0] if len(actors) == 1 else rng.choice(actors)
            state.apply(s, (searcher if s == subject else bot).act(View.of(state, s), rng))
        winners = state.result.winners
        game = []
        for alive, x, hand in seen:
            y = np.array([1.0 if s in winners else 0.0 for s in alive])
            if y.sum() == 0:  # a winner already out cannot be: skip defensively
                continue
            game.append((x, y / y.sum(), np.array(hand)))
        out.append(game)
    return out


def stack(games):
    rows = [r for g in games for r in g]
    d = rows[0][0].shape[1]
    x = np.zeros((len(rows), PLAYERS, d))
    y = np.zeros((len(rows), PLAYERS))
    mask = np.zeros((len(rows), PLAYERS), dtype=bool)
    hand = np.full((len(rows), PLAYERS), 1.0)
    for i, (xi, yi, hi) in enumerate(rows):
        k = len(yi)
        x[i, :k], y[i, :k], mask[i, :k], hand[i, :k] = xi, yi, True, hi
    return x, y, mask, hand


def probs(x, mask, w, offset=0.0):
    u = np.where(mask, x @ w + offset, -np.inf)
    u -= u.max(axis=1, keepdims=True)
    e = np.exp(u)
    return e / e.sum(axis=1, keepdims=True)


def fit(x, y, mask, ridge: float = 1.0, steps: int = 30, offset=0.0):
    d = x.shape[2]
    w = np.zeros(d)
    for _ in range(steps):
        p = probs(x, mask, w, offset)
        grad = np.einsum("nk,nkd->d", y - p, x) - ridge * w
        mean = np.einsum("nk,nkd->nd", p, x)
        second = np.einsum("nk,nkd,nke->de", p, x, x) - np.einsum("nd,ne->de", mean, mean)
        step = np.linalg.solve(second + ridge * np.eye(d), grad)
        w += step
        if np.abs(step).max() < 1e-7:
            break
    return w


def log_loss(p, y, mask):
    p = np.clip(p, 1e-9, 1.0)
    return float(-(np.where(mask, y * np.log(p), 0.0)).sum() / len(y))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--every", type=float, default=0.1, help="the share of positions recorded")
    parser.add_argument("--ridge", type=float, default=1.0)
    parser.add_argument("--hard", type=int, default=0, help="games with `hard` in one seat, for [with_hard]")
    parser.add_argument("--jobs", type=int, default=1, help="processes for the --hard games")
    parser.add_argument("--write", action="store_true", help="rewrite value.toml with the weights")
    args = parser.parse_args(argv)
    t0 = time.process_time()
    games = positions(args.games, args.seed, args.every)
    cut = len(games) * 4 // 5
    extra = []
    if args.hard:
        share = [args.hard // args.jobs + (k < args.hard % args.jobs) for k in range(args.jobs)]
        with multiprocessing.Pool(args.jobs) as pool:
            parts = pool.starmap(positions, [(n, args.seed + 1 + k, args.every, True) for k, n in enumerate(share)])
        extra = [g for part in parts for g in part]
    x, y, mask, _ = stack(games[:cut])
    fitted_on = len(y)
    tx, ty, tmask, thand = stack(games[cut:])
    hand = np.where(tmask, thand, 0.0)
    hand = hand / hand.sum(axis=1, keepdims=True)
    held = log_loss(hand, ty, tmask)
    uniform = log_loss(np.where(tmask, 1.0, 0.0) / tmask.sum(axis=1, keepdims=True), ty, tmask)
    print(f"{len(y)} positions to fit, {len(ty)} held out; held-out log loss: hand-set {held:.4f}, "
          f"uniform {uniform:.4f}; cpu {time.process_time() - t0:.0f} s")
    sections = []
    # [held]: what a payment or a pile of spoils changes (cans, off-goal cards) held at heuristic.win_chances's
    # worth, the rest fitted around it: among `normal` bots a seat with many off-goal cards is one that paid for
    # decoys, so the plain fit prices them below nothing, and a search then turns down the pile of a right accusation
    sharp = heuristic.EVAL_SHARPNESS
    fixed = {"cans": sharp * heuristic.CAN_WORTH, "chips": sharp * heuristic.CHIP_WORTH}
    fits = [("weights", (), {}), ("plain", value.EXPOSURE, {}), ("held", value.EXPOSURE, fixed)]
    if extra:
        fits.append(("with_hard", value.EXPOSURE, {}))
    for section, drop, hold in fits:
        if section == "with_hard":  # the normal games' fifth still held out; every `hard` game fitted
            x, y, mask, _ = stack(games[:cut] + extra)
        keep = [i for i, name in enumerate(value.FEATURES) if name not in drop and name not in hold]
        w = np.zeros(len(value.FEATURES))
        for name, v in hold.items():
            w[value.FEATURES.index(name)] = v
        offset = x @ w
        w[keep] = fit(x[:, :, keep], y, mask, args.ridge, offset=offset)
        loss = log_loss(probs(tx, tmask, w), ty, tmask)
        print(f"[{section}] held-out log loss {loss:.4f}")
        for name, v in zip(value.FEATURES, w):
            print(f"  {name:16s} {v:+.4f}")
        sections += ["", f"[{section}]  # held-out log loss {loss:.4f}",
                     *(f"{name} = {v:.4f}" for name, v in zip(value.FEATURES, w))]
    if args.write:
        lines = [
            "# Werebeasts' value of a position (value.py): conditional-logit weights over the living seats, fitted on",
            "# `normal` self-play, 5 players (the first four fifths of the games; last fifth held out):",
            f"#   python benchmarks/fit_werebeasts_value.py --games {args.games} --seed {args.seed} "
            f"--every {args.every} --ridge {args.ridge}"
            + (f" --hard {args.hard} --jobs {args.jobs}" if args.hard else "") + " --write",
            f"# {fitted_on} positions fitted ({len(y)} with the --hard games); held-out log loss of",
            f"# heuristic.win_chances {held:.4f}, uniform {uniform:.4f};",
            "# [plain]: the same without the others' beliefs (the exposure), which cost most of the time; [held]: as",
            "# [plain] with cans and chips held at heuristic.win_chances's worth (0.8 x 0.15 and 0.8 x 0.25);",
            "# [with_hard]: as [plain], on the same games and the --hard games with `hard` in one seat",
            *sections,
        ]
        TOML.write_text("\n".join(lines) + "\n")
        print(f"wrote {TOML}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
