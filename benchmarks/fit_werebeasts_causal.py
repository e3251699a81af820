"""What a Werebeasts choice causes (issue 47 item 1: a value of what a move causes, as fit_growl_eval.py does for
GROWL). At the spoils (cards or cans) and accept (which bid) decisions of normal self-play, both sides from the same
position, each played to the end by the normal bots with the same random numbers; a logistic fit on the pairs whose
endings differ for the chooser, P(branch a won) = sigmoid(w . (f(a) - f(b))), f = the chooser's (points, cans,
off-goal cards) right after the choice; then with points x the share of the deck sold as well.

    python benchmarks/fit_werebeasts_causal.py 4000 0.5     # games, the share of such decisions branched
"""

import random
import sys

import numpy as np

from hexbox.core import View, load
from hexbox.games.werebeasts.heuristic import Heuristic
from hexbox.games.werebeasts.state import ACCEPT, BEAST, SPOILS


def feats(state, s):
    goals = state.goals_of(s)
    chips = sum(1 for c in state.cards[s] if BEAST[c] not in goals)
    return [state.points(s), state.cans[s], chips]


def play_out(state, bot, rng):
    while not state.is_over:
        a = state.actors
        seat = a[0] if len(a) == 1 else rng.choice(a)
        state.apply(seat, bot.act(View.of(state, seat), rng))
    return state


def run(games, seed, branch):
    rng = random.Random(seed)
    bot = Heuristic()
    pairs = []  # (kind, f_a, f_b, won_a, won_b, played)
    for _ in range(games):
        state = load("werebeasts", players=5).new_state(seed=rng.randrange(2**32))
        grng = random.Random(rng.randrange(2**32))
        while not state.is_over:
            a = state.actors
            seat = a[0] if len(a) == 1 else grng.choice(a)
            legal = state.legal_actions(seat)
            if state.phase in (SPOILS, ACCEPT) and len(legal) > 1 and grng.random() < branch:
                kind = "spoils" if state.phase == SPOILS else "accept"
                x, y = grng.sample(legal, 2)
                sub = grng.randrange(2**32)
                out = []
                for act in (x, y):
                    w = state.clone()
                    w.apply(seat, act)
                    f = feats(w, seat)
                    played = 1 - len(w.deck) / (4 * (len(w.in_play) - 1))
                    play_out(w, bot, random.Random(sub))
                    out.append((f, seat in w.result.winners))
                pairs.append((kind, out[0][0], out[1][0], out[0][1], out[1][1], played))
            state.apply(seat, bot.act(View.of(state, seat), grng))
    return pairs


def fit(X, y):
    w = np.zeros(X.shape[1])
    for _ in range(50):  # Newton
        p = 1 / (1 + np.exp(-X @ w))
        g = X.T @ (y - p)
        H = X.T @ (X * (p * (1 - p))[:, None]) + 1e-6 * np.eye(len(w))
        w += np.linalg.solve(H, g)
    p = 1 / (1 + np.exp(-X @ w))
    cov = np.linalg.inv(X.T @ (X * (p * (1 - p))[:, None]))
    return w, np.sqrt(np.diag(cov))


if __name__ == "__main__":
    games, branch = int(sys.argv[1]), float(sys.argv[2])
    pairs = run(games, 2026, branch)
    print(len(pairs), "pairs")
    for kinds in (("spoils",), ("accept",), ("spoils", "accept")):
        sel = [p for p in pairs if p[0] in kinds and p[3] != p[4]]
        if len(sel) < 10:
            continue
        X = np.array([[a - b for a, b in zip(p[1], p[2])] for p in sel], float)
        y = np.array([float(p[3]) for p in sel])
        w, se = fit(X, y)
        print(
            kinds,
            len(sel),
            "differing pairs; w (points, cans, chips):",
            np.round(w, 3),
            "se",
            np.round(se, 3),
            "can/point",
            round(w[1] / w[0], 3),
            "chip/point",
            round(w[2] / w[0], 3),
        )
        # and with points x played, early vs late
        X2 = np.array([[a - b for a, b in zip(p[1], p[2])] + [(p[1][0] - p[2][0]) * p[5]] for p in sel], float)
        w2, se2 = fit(X2, y)
        print("   + points x played:", np.round(w2, 3), "se", np.round(se2, 3))
