"""Werebeasts `hard`'s own turn choices branched (issue 47 item 1: a value of what its own moves cause).

Each deal is played as werebeasts_hiding.py plays it (clairvoyant.py's subject seat `hard`, `normal` elsewhere, the
same games). At each turn decision of `hard` where its reading (opponent.py) gives some accusation P(right) >= LOW,
selling, the likeliest accusation and `hard`'s own choice are each applied to a copy of the true state and played
to the end K times (`hard` in its seat with its own beliefs only, `normal` elsewhere; replicate i of every candidate
with the same random numbers); one JSON line per position: the features `hard` could see, each candidate's wins.

    nice -n 10 python benchmarks/werebeasts_branch.py --seed 3000 --games 100 --k 6 > b3000.jsonl
    python benchmarks/werebeasts_branch.py --summary b3000.jsonl b4000.jsonl

``--summary`` reads such lines: how often the other branch won clearly more (by half the replicates or more), the
branches' difference (the likeliest accusation's wins less selling's) by P(right) and by what `hard` chose, and
whether a least-squares fit of that difference on what `hard` could see (P, its lead in points, seats left, the
share of the deck sold, cans), fitted on one seed set, beats `hard`'s own choices on the other when it overrides them.
"""

from __future__ import annotations

import argparse
import json
import random
import time

import clairvoyant

from hexbox.agents import make_agent
from hexbox.core import View, load
from hexbox.games.werebeasts import actions as A
from hexbox.games.werebeasts import opponent
from hexbox.games.werebeasts.rules import GOAL_INDEX

LOW = 0.35


def play_out(state, seat: int, seed: int) -> bool:
    me, others = make_agent("hard", "werebeasts"), make_agent("normal", "werebeasts")
    rng = random.Random(seed)
    while not state.is_over:
        actors = state.actors
        s = actors[0] if len(actors) == 1 else rng.choice(actors)
        state.apply(s, (me if s == seat else others).act(View.of(state, s), rng))
    return seat in state.result.winners


def key(a) -> str:
    if type(a) is A.Accuse:
        return f"{a.target}:{a.goal}"
    return "sell" if type(a) is A.Sell else repr(a)


def deal(seed: int, k: int, out, bids: float = 0.0) -> None:
    n = clairvoyant.PLAYERS["werebeasts"]
    seat = seed % n
    state = load("werebeasts", players=n).new_state(seed=seed)
    me, others = make_agent("hard", "werebeasts"), make_agent("normal", "werebeasts")
    rng = random.Random(seed)
    pick = random.Random(-seed)  # which bid decisions are branched, and the third candidate: not the game's numbers
    step = 0
    while not state.is_over:
        actors = state.actors
        s = actors[0] if len(actors) == 1 else rng.choice(actors)
        view = View.of(state, s)
        if s != seat:
            state.apply(s, others.act(view, rng))
            continue
        obs = view.observation
        cands = None
        if bids and obs["phase"] == "bidding":
            moves = opponent.root_actions(view, view.legal_actions)
            if len(moves) > 1 and pick.random() < bids:
                third = pick.choice(moves)
                cands = {"pass": A.Pass(), key(third): third}
                p_of = {}
        elif not bids and obs["phase"] == "turn":
            legal = view.legal_actions
            post = opponent.posterior(s, obs["public"], obs["private"]["my_goals"])
            acc = {(a.target, a.goal): a for a in legal if type(a) is A.Accuse}
            odds = sorted(
                ((p, pr) for t, q in post.items() for g, p in q.items() if (pr := (t, g)) in acc), reverse=True
            )
            if odds and odds[0][0] >= LOW:
                sell = next(a for a in legal if type(a) is A.Sell)
                cands = {"sell": sell, key(acc[odds[0][1]]): acc[odds[0][1]]}
                p_of = {key(acc[pr]): p for p, pr in odds}
        t0 = time.process_time()
        action = me.act(view, rng)
        if cands is not None:
            cands.setdefault(key(action), action)
            wins = {}
            for name, a in cands.items():
                w = []
                for i in range(k):
                    c = state.clone()
                    c.apply(s, a)
                    w.append(int(play_out(c, seat, 1_000_003 * seed + 7919 * step + i)))
                wins[name] = w
            living = [x for x in range(n) if not state.out[x]]
            rec = {
                "seed": seed,
                "step": step,
                "chose": key(action),
                "p": {nm: round(p_of.get(nm, 0.0), 3) for nm in cands},
                "phase": obs["phase"],
                "top": key(cands[list(cands)[1]]),
                "right": {
                    nm: ":" not in nm or GOAL_INDEX[nm.partition(":")[2]] in state.goals_of(int(nm.partition(":")[0]))
                    for nm in cands
                },
                "sold": round(1 - len(state.deck) / (4 * (len(state.in_play) - 1)), 3),
                "living": len(living),
                "points": state.points(seat),
                "rival_points": max(state.points(x) for x in living if x != seat),
                "cans": state.cans[seat],
                "wins": wins,
                "cpu": round(time.process_time() - t0, 1),
            }
            out.write(json.dumps(rec) + "\n")
            out.flush()
        state.apply(s, action)
        step += 1
    out.write(json.dumps({"seed": seed, "done": True, "won": seat in state.result.winners}) + "\n")
    out.flush()


def mean(w: list[float]) -> float:
    return sum(w) / len(w)


def band(v: list[float]) -> str:
    if not v:
        return "n 0"
    mu = mean(v)
    sd = (sum((x - mu) ** 2 for x in v) / max(1, len(v) - 1)) ** 0.5
    return f"n {len(v)} {mu:+.3f} ± {1.96 * sd / len(v) ** 0.5:.3f}"


def features(r: dict) -> list[float]:
    p, lead = r["p"][r["top"]], r["points"] - r["rival_points"]
    return [1.0, p, p * p, lead, p * lead, r["living"], r["sold"], r["cans"] / 10]


def summary(paths: list[str]) -> None:
    import numpy as np

    lines = [json.loads(x) for path in paths for x in open(path)]
    deals = [r for r in lines if r.get("done")]
    rows = [r for r in lines if not r.get("done") and r.get("phase", "turn") == "turn"]
    bidding = [r for r in lines if r.get("phase") == "bidding"]
    if bidding:  # hard's bid against a pass and one other bid move it searched
        worse = sum(
            max(mean(w) for n, w in r["wins"].items() if n != r["chose"]) - mean(r["wins"][r["chose"]]) >= 0.5
            for r in bidding
        )
        better = sum(
            mean(r["wins"][r["chose"]]) - max(mean(w) for n, w in r["wins"].items() if n != r["chose"]) >= 0.5
            for r in bidding
        )
        passing = band([mean(r["wins"][r["chose"]]) - mean(r["wins"]["pass"]) for r in bidding if r["chose"] != "pass"])
        print(
            f"{len(bidding)} bid decisions: another branch clearly better {worse}, hard's clearly better {better};"
            f" hard's bid less a pass {passing}"
        )
    if not rows:
        return
    clear_other = clear_mine = 0
    for r in rows:
        mine = mean(r["wins"][r["chose"]])
        other = max(mean(w) for n, w in r["wins"].items() if n != r["chose"])
        clear_other += other - mine >= 0.5
        clear_mine += mine - other >= 0.5
    accused = sum(r["chose"] != "sell" for r in rows)
    print(
        f"{len(deals)} deals ({sum(d['won'] for d in deals)} won), {len(rows)} positions, hard accused at {accused};"
        f" the other branch clearly better {clear_other}, hard's choice clearly better {clear_mine}"
    )
    diff = {id(r): mean(r["wins"][r["top"]]) - mean(r["wins"]["sell"]) for r in rows}
    for lo, hi in ((0.35, 0.5), (0.5, 0.6), (0.6, 0.7), (0.7, 0.8), (0.8, 0.9), (0.9, 1.01)):
        at = [r for r in rows if lo <= r["p"][r["top"]] < hi]
        sold = band([diff[id(r)] for r in at if r["chose"] == "sell"])
        acc = band([diff[id(r)] for r in at if r["chose"] != "sell"])
        print(f"P {lo}-{hi}: accuse - sell where hard sold {sold}; where it accused {acc}")
    right = [r for r in rows if r["right"][r["top"]]]
    print(
        f"right top accusations: win {band([mean(r['wins'][r['top']]) for r in right])},"
        f" selling there {band([mean(r['wins']['sell']) for r in right])}"
    )
    for at in (0.55, 0.6, 0.65, 0.7, 0.8):  # as ACCUSE_AT=at would first differ: hard's weaker accusation sold instead
        changed = [r for r in rows if r["chose"] != "sell" and r["p"].get(r["chose"], 0.0) < at]
        gain = sum(mean(r["wins"]["sell"]) - mean(r["wins"][r["chose"]]) for r in changed)
        print(f"no accusation below {at}: {len(changed)} changed, {gain:+.2f} wins")
    sets = {s: [r for r in rows if r["seed"] // 1000 == s] for s in sorted({r["seed"] // 1000 for r in rows})}
    for tr in sets:
        a = np.array([features(r) for r in sets[tr]])
        y = np.array([diff[id(r)] for r in sets[tr]])
        w = np.linalg.solve(a.T @ a + 0.5 * np.eye(a.shape[1]), a.T @ y)
        for te in sets:
            for margin in (0.0, 0.1, 0.2):
                gain, changed = 0.0, 0
                for r in sets[te]:
                    pred = float(np.dot(w, features(r)))
                    move = (
                        r["top"]
                        if r["chose"] == "sell" and pred > margin
                        else "sell"
                        if r["chose"] != "sell" and pred < -margin
                        else r["chose"]
                    )
                    if move != r["chose"]:
                        changed += 1
                        gain += mean(r["wins"][move]) - mean(r["wins"][r["chose"]])
                print(
                    f"fit on {tr}000's, override on {te}000's by margin {margin}: {changed} changed, {gain:+.2f} wins"
                )


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=3000)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--k", type=int, default=6)
    ap.add_argument("--bids", type=float, default=0.0, help="branch this share of the bid decisions instead")
    ap.add_argument("--summary", nargs="+", help="JSON lines of earlier runs: their numbers")
    args = ap.parse_args()
    import sys

    if args.summary:
        summary(args.summary)
        return 0
    for seed in range(args.seed, args.seed + args.games):
        deal(seed, args.k, sys.stdout, args.bids)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
