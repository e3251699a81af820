"""Werebeasts `hard` with its knobs set (opponent.py's module constants: HIDE_AT, READERS, EPSILON, ACCUSE_AT), deal
by deal: the clairvoyant benchmark's `hard` row (issue 47 item 1).

Each line is one deal played as ``clairvoyant.play`` plays it (the subject seat rotated, every other seat
``normal``; the same seeds give the same deals and, for an unchanged ``hard``, the same games): whether ``hard``
won, how the deal ended for it (``accused_out``: the normal bots read its bids right), its accusations right and
wrong (``acc_p``: each one's P(right) by opponent.py's reading, and whether it was right), the others'
accusations of it right and wrong, and its bid edits (cans set, card offered or taken back) in the windows where
it made any; the last line sums them. Compare with ``clairvoyant.py --subjects hard --json``'s
``wins_by_deal`` for the same seeds (the omniscient and normal rows do not change with ``hard``).

    nice -n 10 python benchmarks/werebeasts_hiding.py --seed 0 --games 100 [--set HIDE_AT=0.5] [--turn iters=400]

``--set HIDE_AT=1.01`` leaves every bid in (the search without hiding); ``--turn NAME=VALUE`` sets the search's
parameter (``iters``, ``rollout``) at its turn decisions (accuse or sell) only, ``--every`` at all of them;
``--margin M`` keeps an accusation the search chose only if its P(right) beats by M the searched value (a win
chance) of the most visited other move, selling mostly, and plays that move otherwise. The knobs of the levers
of 7 December (``EXPOSED_AT``, ``RISK``, ``STEADY``) are in commit 9c57ea6 only.
"""

from __future__ import annotations

import argparse
import ast
import json
import random
import time
from collections import Counter

import clairvoyant

from hexbox.agents import make_agent
from hexbox.core import View, load
from hexbox.games.werebeasts import actions as A
from hexbox.games.werebeasts import opponent

EDITS = (A.OfferCans, A.OfferCard, A.RetractCard)
TURN: dict[str, float] = {}  # the search's parameters at a turn decision (accuse or sell): --turn iters=400, c=0.35
ALL = False  # --every: at every decision
MARGIN: list[float] = []  # --margin M: accuse only when P(right) beats the value of selling by M


def hold(view: View, root, action, p: float):
    """The searched accusation if the reading's P(right) of it, ``p``, beats by MARGIN the searched value of the
    most visited move that is no accusation (selling, mostly); else that move."""
    game = view.game
    base = view.seat * game.num_action_ids
    rest = [(c.visits, c.total / c.visits, a) for a in view.legal_actions if type(a) is not A.Accuse
            and (c := root.children.get(base + game.action_id(a))) is not None and c.visits]
    if not rest:
        return action
    _, value, other = max(rest, key=lambda r: r[:2])
    return action if p >= value + MARGIN[0] else other


def play(seed: int) -> dict:
    """clairvoyant.play("werebeasts", seed, "hard"), counting the subject's bid edits window by window."""
    n = clairvoyant.PLAYERS["werebeasts"]
    seat = seed % n
    state = load("werebeasts", players=n).new_state(seed=seed)
    me, others = make_agent("hard", "werebeasts"), make_agent("normal", "werebeasts")
    rng = random.Random(seed)
    base = {k: getattr(me, k) for k in TURN}
    roots = []
    if MARGIN:  # keep the root of each search, to read its value of selling
        search = me.search
        me.search = lambda *a, **k: roots.append(search(*a, **k)) or roots[-1]
    decisions, windows, odds = 0, Counter(), []
    while not state.is_over:
        actors = state.actors
        s = actors[0] if len(actors) == 1 else rng.choice(actors)
        if s == seat:
            view = View.of(state, s)
            if TURN:
                for k, v in TURN.items():
                    setattr(me, k, v if ALL or view.observation["phase"] == "turn" else base[k])
            action = me.act(view, rng)
            decisions += 1
            if type(action) is A.Accuse:  # the reading's P(right) of it, for its calibration
                obs = view.observation
                post = opponent.posterior(s, obs["public"], obs["private"]["my_goals"])
                p = post.get(action.target, {}).get(action.goal, 0.0)
                if MARGIN and roots:
                    action = hold(view, roots[-1], action, p)
                if type(action) is A.Accuse:
                    odds.append(round(p, 3))
            if type(action) in EDITS:
                windows[state.turns, len(state.deck)] += 1
        else:
            action = others.act(View.of(state, s), rng)
        state.apply(s, action)
    made = [a["correct"] for a in state.accusations if a["accuser"] == seat]
    met = [a["correct"] for a in state.accusations if a["target"] == seat]  # the others' accusations of it
    return {
        "won": seat in state.result.winners,
        "decisions": decisions,
        "ending": clairvoyant.ending("werebeasts", state, seat),
        "acc": [sum(made), len(made) - sum(made)],
        "acc_p": [[p, c] for p, c in zip(odds, made, strict=True)],  # each accusation's P(right) and whether right
        "accused": [sum(met), len(met) - sum(met)],
        "edits": sum(windows.values()),
        "windows": len(windows),
        "most": max(windows.values(), default=0),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--set", action="append", default=[], help="NAME=VALUE: an opponent.py knob")
    parser.add_argument("--turn", action="append", default=[], help="NAME=VALUE: the search's at a turn decision")
    parser.add_argument("--every", action="store_true", help="--turn's parameters at every decision")
    parser.add_argument("--margin", type=float, help="accuse only when P(right) beats the value of selling by this")
    args = parser.parse_args(argv)
    global ALL
    ALL = args.every
    if args.margin is not None:
        MARGIN.append(args.margin)
    TURN.update((k, ast.literal_eval(v)) for k, v in (x.split("=") for x in args.turn))
    knobs = {}
    for item in args.set:
        name, value = item.split("=", 1)
        if not hasattr(opponent, name):
            parser.error(f"opponent.py has no {name}")
        knobs[name] = setattr(opponent, name, ast.literal_eval(value)) or getattr(opponent, name)
    wins, endings, right, wrong, edits, windows, cpu = 0, Counter(), 0, 0, 0, 0, 0.0
    accused = [0, 0]
    for seed in range(args.seed, args.seed + args.games):
        t0 = time.process_time()
        r = play(seed)
        took = time.process_time() - t0
        wins, right, wrong, cpu = wins + r["won"], right + r["acc"][0], wrong + r["acc"][1], cpu + took
        edits, windows = edits + r["edits"], windows + r["windows"]
        accused = [accused[0] + r["accused"][0], accused[1] + r["accused"][1]]
        endings[r["ending"]] += 1
        print(json.dumps({"seed": seed, **r, "cpu": round(took, 2)}), flush=True)
    print(
        json.dumps(
            {
                "knobs": knobs,
                "turn": TURN,
                "margin": args.margin,
                "games": args.games,
                "first_seed": args.seed,
                "wins": wins,
                "endings": dict(endings),
                "accusations": {"right": right, "wrong": wrong},
                "accused_by_others": {"right": accused[0], "wrong": accused[1]},
                "edits_per_window": round(edits / max(1, windows), 2),
                "windows": windows,
                "cpu_s": round(cpu, 1),
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
