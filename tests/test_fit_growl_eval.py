"""benchmarks/fit_growl_eval.py, the fit of GROWL's evaluator from Day gifts tried two ways: on constructed pairs
the conditional fit finds the effect that decides them, and on a few real games every tried gift is two branches
from the same position."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import numpy as np

from hexbox.games.growl.heuristic import EVAL_FEATURES

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("fit_growl_eval", ROOT / "benchmarks" / "fit_growl_eval.py")
fit_growl_eval = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fit_growl_eval)
NIGHTS_LEFT = EVAL_FEATURES.index("nights_left")


def test_the_conditional_fit_finds_an_effect_that_the_positions_hide():
    # Pairs where a Wound on a werewolf instead of a human decides the ending two times in three; positions where
    # wounded humans go with the humans' wins (the confounding a plain regression learns).
    rng = random.Random(1)
    k = len(EVAL_FEATURES)
    ww1, hw1 = EVAL_FEATURES.index("wolves_wounded_1"), EVAL_FEATURES.index("humans_wounded_1")
    game = []
    for _ in range(600):
        a, b = np.zeros(k), np.zeros(k)
        a[ww1], b[hw1] = 1 / 6, 1 / 6
        won_a = rng.random() < 2 / 3
        game.append([a, float(won_a), b, float(not won_a)])
    x = np.zeros((400, k))
    x[:, 0] = 1
    levels = [EVAL_FEATURES.index("nights_left"), EVAL_FEATURES.index("deck_left")]
    x[:, levels] = np.random.default_rng(1).random((400, 2))
    x[:200, hw1] = 1 / 6
    z = np.array([1.0] * 200 + [0.0] * 200)
    w = fit_growl_eval.effects_fit([x], [z], [game])
    assert w[ww1] > 0 > w[hw1]
    assert fit_growl_eval.fit(x, z)[hw1] > 0  # the plain regression says the opposite


def test_every_tried_gift_is_two_branches_of_one_position():
    positions, endings, pairs = fit_growl_eval.games_played(4, seed=3, branch=1.0)
    assert len(positions) == len(endings) == len(pairs) == 4
    tried = [row for game in pairs for row in game]
    assert tried
    for fa, ya, fb, yb in tried:
        assert len(fa) == len(fb) == len(EVAL_FEATURES) and ya in (0.0, 1.0) and yb in (0.0, 1.0)
        # one position: the same constant and Nights left on both branches
        assert fa[0] == fb[0] == 1.0 and fa[NIGHTS_LEFT] == fb[NIGHTS_LEFT]
    for xs, zs in zip(positions, endings):
        assert len(xs) == len(zs) and len(set(zs)) == 1  # one ending per game
