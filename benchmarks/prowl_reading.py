"""Prowl's reading of opponents as the normal bot (hexbox/games/prowl/opponent.py): fit, check, and play it.

    python benchmarks/prowl_reading.py fit --games 600 --seed 10000      # MODEL's weights from normal bots' turns
    python benchmarks/prowl_reading.py accuracy --games 40 --seed 20000  # true clans in each kind of world
    python benchmarks/prowl_reading.py clairvoyant [--belief-py | --oracle Q] [--roots] [--set N=V] ARGS

``fit`` plays games of four normal bots and fits the conditional logit of opponent.MODEL on every turn (play,
accuse, change) by maximum likelihood (scipy), printing nats a turn and the weights. ``accuracy`` plays games of
four normal bots and, at each turn with a choice, draws worlds for the seat to move from ``view.sample``,
belief.py and opponent.py, and counts how often each gives an unknown opponent its true clan. ``clairvoyant`` runs
benchmarks/clairvoyant.py, where ``--hard ismcts:iters=300+worlds=belief`` is the search with opponent.py's
worlds (Prowl's ``worlds=belief``); ``--belief-py`` gives it belief.py's worlds instead, ``--roots`` adds
opponent.root_actions, ``--set NAME=VALUE`` changes one of opponent.py's settings (EPSILON, EPSILON_SETUP, POOL, TEMPER,
TRACK, ACCUSE_AT), and ``--oracle Q`` replaces the reading by a bound: uniform worlds in which each unknown clan
card is the true one with probability Q (read from the true state behind the view: a measurement, never a bot).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import hexbox  # noqa: F401  (registers the games)
from hexbox.agents import make_agent
from hexbox.core import View, load
from hexbox.games.prowl import belief, opponent
from hexbox.games.prowl.cards import CARD_CLAN, CARD_INDEX
from hexbox.games.prowl.state import TURN


def turns(games: int, seed: int):
    """(state before the move, seat, action) for every move of games of four normal bots."""
    bot = make_agent("normal", "prowl")
    for s in range(seed, seed + games):
        state = load("prowl", players=4).new_state(seed=s)
        rng = random.Random(s)
        while not state.is_over:
            seat = state.actors[0] if len(state.actors) == 1 else rng.choice(state.actors)
            action = bot.act(View.of(state, seat), rng)
            yield state, seat, action
            state.apply(seat, action)


def fit(games: int, seed: int, held_out: int) -> None:
    """opponent.MODEL, PLAY_CARD and PLAY_CARD_OWN by maximum likelihood (an L2 penalty of 0.01 a weight), on the
    turns of ``games`` games from ``seed``; nats a turn on ``held_out`` games from seed + 20000."""
    import numpy as np
    from scipy.optimize import minimize

    kinds = opponent.KINDS
    width = 15 + 64

    def table(first: int, count: int):
        rows = [(list(state.hands[seat]), CARD_CLAN[state.clan_card[seat]], list(state.track), action)
                for state, seat, action in turns(count, first)
                if state.phase == TURN and state.prompt is None and action.kind in kinds]
        x = np.zeros((len(rows), 3 * 5, width))  # at most 5 cards in hand, 3 kinds
        mask = np.zeros((len(rows), 3 * 5), bool)
        y = np.zeros(len(rows), int)
        for n, (hand, clan, track, action) in enumerate(rows):
            j = 0
            for i, kind in enumerate(kinds):
                for c in hand:
                    k = CARD_CLAN[c]
                    own, h = int(k == clan), 3 - track.index(k)
                    f = x[n, j]
                    f[2 * i + own] = 1.0
                    f[6 + i] = sum(CARD_CLAN[d] == k for d in hand)
                    f[9 + i] = h
                    f[12 + i] = h * own
                    if kind == "play":
                        f[15 + c] = 1.0
                        f[47 + c] = own
                    if kind == action.kind and c == CARD_INDEX[action.card]:
                        y[n] = j
                    mask[n, j] = True
                    j += 1
        return x, mask, y

    def loss(theta, x, mask, y, penalty=0.01):
        theta = np.concatenate([[0.0], theta])  # a Play of another clan's card is the zero of utility
        z = np.where(mask, x @ theta, -1e9)
        z -= z.max(1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(1, keepdims=True)
        rows = np.arange(len(y))
        grad = x[rows, y] - (p[:, :, None] * x).sum(1)
        return (-np.log(p[rows, y]).sum() + penalty * (theta**2).sum(),
                -grad.sum(0)[1:] + 2 * penalty * theta[1:])

    x, mask, y = table(seed, games)
    res = minimize(loss, np.zeros(width - 1), args=(x, mask, y), jac=True, method="L-BFGS-B")
    w = [0.0, *res.x]
    tx, tmask, ty = table(seed + 20000, held_out)
    print(f"{len(y)} turns, {res.fun / len(y):.3f} nats a turn; held out ({len(ty)} turns) "
          f"{loss(res.x, tx, tmask, ty, 0.0)[0] / len(ty):.3f}; a uniform pick {np.log(mask.sum(1)).mean():.3f}")
    for i, kind in enumerate(kinds):
        print(f'    "{kind}": ({w[2 * i]:.3f}, {w[2 * i + 1]:.3f}, {w[6 + i]:.3f}, {w[9 + i]:.3f}, {w[12 + i]:.3f}),')
    print("PLAY_CARD", [round(float(v), 3) for v in w[15:47]])
    print("PLAY_CARD_OWN", [round(float(v), 3) for v in w[47:79]])


def accuracy(games: int, seed: int, draws: int) -> None:
    makers = {"uniform": lambda v: v.sample, "belief.py": belief.determinizer, "opponent.py": opponent.determinizer}
    right = dict.fromkeys(makers, 0)
    seconds = dict.fromkeys(makers, 0.0)
    asked = 0
    for state, seat, _ in turns(games, seed):
        if state.prompt is not None or state.phase != TURN or len(state.legal_actions(seat)) < 2:
            continue
        view = View.of(state, seat)
        obs = view.observation
        unknown = [r.seat for r in opponent.records(obs, seat, set())]
        if not unknown:
            continue
        asked += len(unknown) * draws
        for name, make in makers.items():
            rng = random.Random(len(obs["public"]["history"]) * 1000 + seat)
            t0 = time.process_time()
            draw = make(view)
            worlds = [draw(rng) for _ in range(draws)]
            seconds[name] += time.process_time() - t0
            right[name] += sum(CARD_CLAN[w.clan_card[p]] == CARD_CLAN[state.clan_card[p]] for w in worlds
                               for p in unknown)
    for name in makers:
        print(f"{name}: true clan {right[name] / asked:.3f} of {asked} (opponent, world) pairs; "
              f"{seconds[name]:.1f} s CPU")


def oracle(view: View, share: float):
    """Worlds from ``view.sample`` in which each opponent whose clan card the seat does not know gets its true clan
    card with probability ``share`` (the card trades places with the one the world put there), its hand and the
    rest as dealt: a bound on what reading the clans alone (not the hands) is worth. Reads the true state behind
    the view (clairvoyant.py's, a measurement only)."""
    truth = view._state
    obs = view.observation
    unknown = [r.seat for r in opponent.records(obs, view.seat, set())]

    def draw(rng: random.Random):
        world = view.sample(rng)
        for p in unknown:
            if rng.random() >= share:
                continue
            true, now = truth.clan_card[p], world.clan_card[p]
            if true == now:
                continue
            for q in range(world.n):  # where the world put the true card: a hand, another clan card, the box
                if true in world.hands[q]:
                    world.hands[q].remove(true)
                    world.hands[q].append(now)
                    world.hands[q].sort()
                    break
                if world.clan_card[q] == true:
                    world.clan_card[q] = now
                    break
            else:
                world.box.remove(true)
                world.box.append(now)
                world.box.sort()
            world.clan_card[p] = true
        return world

    return draw


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "clairvoyant":
        sys.path.insert(0, str(Path(__file__).parent))
        import clairvoyant

        rest = argv[1:]
        if rest and rest[0] == "--belief-py":  # the reading before opponent.py's
            opponent.Advice.determinizer = staticmethod(belief.determinizer)
            rest = rest[1:]
        if rest and rest[0] == "--oracle":  # a bound, not a reading: each unknown clan card is the true one w.p. Q
            share = float(rest[1])
            opponent.Advice.determinizer = staticmethod(lambda view: oracle(view, share))
            rest = rest[2:]
        if rest and rest[0] == "--roots":  # the root leaves out accusations the reading finds unlikely
            opponent.Advice.root_actions = staticmethod(opponent.root_actions)
            rest = rest[1:]
        while rest and rest[0] == "--set":  # --set NAME=VALUE: one of opponent.py's settings (EPSILON, POOL, TRACK)
            name, value = rest[1].split("=")
            old = getattr(opponent, name)
            setattr(opponent, name, type(old)(value))
            rest = rest[2:]
        return clairvoyant.main(rest)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("fit", "accuracy"))
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=20000)
    parser.add_argument("--draws", type=int, default=20, help="worlds drawn per decision (accuracy)")
    parser.add_argument("--held-out", type=int, default=200, help="games to score the fit on (fit)")
    args = parser.parse_args(argv)
    if args.what == "fit":
        fit(args.games, args.seed, args.held_out)
    else:
        accuracy(args.games, args.seed, args.draws)
    return 0


if __name__ == "__main__":
    sys.exit(main())
