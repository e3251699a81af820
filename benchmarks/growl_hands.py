"""How close the hands of the worlds GROWL's hard search draws are to the true hands, sampler against sampler.

    python benchmarks/growl_hands.py [--games 20] [--draws 100] [--every 3] [--seed 3000] [--early | --late]
        [--bias] [--oracles]

Positions: every ``--every``-th decision with a choice of the seat clairvoyant.py's subject sits in (seat = seed mod
6, 6 players, ``normal`` bots everywhere), deals ``--seed`` onwards. At each, ``--draws`` worlds of each sampler are
set against the true state: per other seat the share of worlds with its true Wolf Zero flag and its true team, the
mean |Bites| and |all cards| by which its hand misses the true one, and over the table the evaluator's P(humans win)
(heuristic.humans_win_chance) against the truth's: the mean absolute error of its average over the worlds and the
mean over the worlds, less the truth, of how many living humans hold a net Bite; per dead other seat (over the
positions) how many hold fewer than three net Wounds, and the share of worlds in which it does. Samplers: uniform
(view.sample) and the belief's worlds (belief.determinizer, the hard level's); ``--oracles`` adds the belief's
worlds given the true hands or the true teams, ``--bias`` per true team how many more of each card the worlds put in
a seat's hand than it holds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from hexbox.agents import make_agent
from hexbox.core import View, load
from hexbox.games.growl import belief, passes
from hexbox.games.growl.cards import BITE, CARDS, HAND, INDEX
from hexbox.games.growl.heuristic import humans_win_chance


def positions(games: int, first: int, every: int) -> list[tuple[View, object]]:
    out = []
    bot = make_agent("normal", "growl")
    for seed in range(first, first + games):
        seat = seed % 6
        state = load("growl", players=6).new_state(seed=seed)
        rng, k = random.Random(seed), 0
        while not state.is_over:
            actors = state.actors
            s = actors[0] if len(actors) == 1 else rng.choice(actors)
            view = View.of(state, s)
            if s == seat and len(view.legal_actions) > 1:
                if k % every == 0:
                    truth = state.clone()
                    out.append((View.of(truth, seat), truth))
                k += 1
            state.apply(s, bot.act(view, rng))
    return out


def humans_bitten(state) -> int:
    return sum(1 for s in range(state.n) if not state.dead[s] and not state.wolf[s] and state.net_bites(s) >= 1)


BIAS: dict = {}


def measure(cases, make, draws: int) -> dict[str, float]:
    zero_ok, team_ok, bite_l1, card_l1, eval_err, bitten_err = [], [], [], [], [], []
    dead_truth, dead_world = [], []  # per dead other seat: fewer than three net Wounds
    read_l1, read_wounds, read_team = [], [], []  # the neighbours the last Night's passes are read of
    wound = INDEX["wound"]
    for i, (view, truth) in enumerate(cases):
        draw, rng = make(view), random.Random(i)
        me = view.seat
        read = passes.reading(view.observation)
        neighbours = sorted(read.sent) if read is not None else []
        others = [s for s in range(truth.n) if s != me and not truth.dead[s]]
        dead = [s for s in range(truth.n) if s != me and truth.dead[s]]
        dead_truth += [truth.net_wounds(s) < 3 for s in dead]
        hw = []
        bitten = []
        for _ in range(draws):
            w = draw(rng)
            for s in others:
                zero_ok.append(w.zero[s] == truth.zero[s])
                team_ok.append(w.wolf[s] == truth.wolf[s])
                bite_l1.append(abs(w.hands[s][BITE] - truth.hands[s][BITE]))
                card_l1.append(sum(abs(w.hands[s][c] - truth.hands[s][c]) for c in range(HAND)) / 2)
                team = truth.wolf[s]
                for c in range(HAND):
                    BIAS[team, c] = BIAS.get((team, c), 0.0) + (w.hands[s][c] - truth.hands[s][c]) / draws
                BIAS[team, "n"] = BIAS.get((team, "n"), 0.0) + 1 / draws
            dead_world += [w.net_wounds(s) < 3 for s in dead]
            for s in neighbours:
                read_l1.append(sum(abs(w.hands[s][c] - truth.hands[s][c]) for c in range(HAND)) / 2)
                read_wounds.append(abs(w.hands[s][wound] - truth.hands[s][wound]))
                read_team.append(w.wolf[s] == truth.wolf[s])
            hw.append(humans_win_chance(w))
            bitten.append(humans_bitten(w))
        eval_err.append(abs(statistics.fmean(hw) - humans_win_chance(truth)))
        bitten_err.append(statistics.fmean(bitten) - humans_bitten(truth))
    return {"zero": statistics.fmean(zero_ok), "team": statistics.fmean(team_ok),
            "bites": statistics.fmean(bite_l1), "cards": statistics.fmean(card_l1),
            "eval_mae": statistics.fmean(eval_err), "bitten_bias": statistics.fmean(bitten_err),
            "dead_seats": len(dead_truth), "dead_under_3_true": sum(dead_truth),
            "dead_under_3_worlds": statistics.fmean(dead_world) if dead_world else 0.0,
            "read_seats": len(read_l1) // draws, "read_cards": statistics.fmean(read_l1) if read_l1 else 0.0,
            "read_wounds": statistics.fmean(read_wounds) if read_wounds else 0.0,
            "read_team": statistics.fmean(read_team) if read_team else 0.0}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--draws", type=int, default=100)
    ap.add_argument("--every", type=int, default=3)
    ap.add_argument("--seed", type=int, default=3000)
    ap.add_argument("--early", action="store_true", help="only positions before the first Night passing")
    ap.add_argument("--late", action="store_true", help="only positions after the first Night passing")
    ap.add_argument("--oracles", action="store_true", help="also the belief's worlds given the true hands, teams")
    ap.add_argument("--bias", action="store_true", help="per true team, how many more of each card worlds give")
    ap.add_argument("--passes", action="store_true", help="also the belief's worlds weighed by the Night passes")
    args = ap.parse_args()
    cases = positions(args.games, args.seed, args.every)
    if args.early:
        cases = [c for c in cases if c[1].nights == 0]
    if args.late:
        cases = [c for c in cases if c[1].nights >= 1]
    print(f"{len(cases)} positions, {args.draws} worlds each")
    samplers = {
        "uniform": lambda v: v.sample,
        "belief": belief.determinizer,
    }
    if args.passes:
        def with_passes(v):
            belief.READ_PASSES = True
            try:
                return belief.determinizer(v)
            finally:
                belief.READ_PASSES = False
        samplers["belief, passes"] = with_passes
    if args.oracles:
        def with_truth(part):
            def make(v):
                draw, truth = belief.determinizer(v), cases_truth[id(v)]

                def d(rng):
                    w = draw(rng)
                    if part == "hands":
                        w.hands = [h[:] for h in truth.hands]
                    else:
                        w.wolf, w.zero = truth.wolf[:], truth.zero[:]
                    return w
                return d
            return make
        cases_truth = {id(v): t for v, t in cases}
        samplers["belief, true hands"] = with_truth("hands")
        samplers["belief, true teams"] = with_truth("teams")
    for name, make in samplers.items():
        t0 = time.process_time()
        m = measure(cases, make, args.draws)
        print(f"{name:16s} " + " ".join(f"{k} {v:.3f}" if isinstance(v, float) else f"{k} {v}" for k, v in m.items())
              + f"  cpu {time.process_time() - t0:.1f} s", flush=True)
        if args.bias:
            for team in (False, True):
                k = BIAS.get((team, "n"), 1)
                print(f"   {'wolf ' if team else 'human'} world - truth per seat: "
                      + " ".join(f"{CARDS[c].id} {BIAS.get((team, c), 0) / k:+.2f}" for c in range(HAND)))
        BIAS.clear()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
