"""The Werebeasts belief (hexbox/games/werebeasts/belief.py): fit its likelihoods, and check its calibration.

    python benchmarks/werebeasts_belief.py fit [--games 300] [--agent heuristic]
        # counts, on self-play with the true goals, how often each public act happens when the beast is one of
        # the actor's goals and when it is not; prints the [bid] [pay] [cans] tables of belief.toml
    python benchmarks/werebeasts_belief.py fit-cost [--games 1000] [--agent heuristic]
        # the same for the bids read against their cost (werebeasts_reading.py): the final bid's size by the card's
        # icons and whether it bought the card or was outbid; prints the [cost] tables of werebeasts_reading.toml
    python benchmarks/werebeasts_belief.py calibrate [--games 300] [--agent heuristic] [--players 5]
        # every accusation a bot makes, binned by the P(right) its belief gave, against how often it was right

Both play in this process, seed 2026 + game index, one decision at a time (seat drawn as ``hexbox simulate``
does when several bidders may act).
"""

from __future__ import annotations

import argparse
import random
import sys

from hexbox.agents import make_agent
from hexbox.core import View, load
from hexbox.games.werebeasts import actions as A
from hexbox.games.werebeasts.belief import BEAST_OF, CHOW, bid_bucket, posterior
from hexbox.games.werebeasts.cards import CARDS

SEED = 2026
GOAL_ID = [g.id for g in CARDS.goals]
AUCTION_ID = [a.id for a in CARDS.auction]


def play(game, seed: int, bots, on_act=None):
    """One game; ``on_act(state, seat, view, action)`` before each action. Returns the final state."""
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        actors = state.actors
        seat = actors[0] if len(actors) == 1 else rng.choice(actors)
        view = View.of(state, seat)
        action = bots[seat].act(view, rng)
        if on_act is not None:
            on_act(state, seat, view, action)
        state.apply(seat, action)
    return state


def fit(games: int, agent: str, players: int) -> str:
    game = load("werebeasts", players=players)
    buckets = 5
    bid = {True: [0] * buckets, False: [0] * buckets}
    pay = {True: [0, 0], False: [0, 0]}  # [offered, held by a bidder]
    cans = {True: [0, 0], False: [0, 0]}  # [bids with cans, bids]
    for i in range(games):
        windows: dict[int, tuple[list[list[int]], list[bool]]] = {}

        def snapshot(state, seat, view, action, windows=windows):
            if state.sale >= 0 and len(state.sales) not in windows:
                windows[len(state.sales)] = ([c[:] for c in state.cards], state.out[:])

        bots = [make_agent(agent, "werebeasts") for _ in range(players)]
        state = play(game, SEED + i, bots, snapshot)
        goals = [{GOAL_ID[g] for g in state.goals_of(s)} for s in range(players)]
        for k, sale in enumerate(state.sales):
            if k not in windows:
                continue
            held, out = windows[k]
            beast = BEAST_OF[sale["card"]]
            for s in range(players):
                if out[s] or s == sale["seller"]:
                    continue
                b = sale["bids"].get(str(s))
                bid[beast in goals[s]][min(buckets - 1, bid_bucket(b))] += 1
                if b:
                    for c in held[s]:
                        cid = AUCTION_ID[c]
                        t = pay[BEAST_OF[cid] in goals[s]]
                        t[0] += cid in b["cards"]
                        t[1] += 1
                    t = cans[CHOW in goals[s]]
                    t[0] += b["cans"] > 0
                    t[1] += 1

    def freq(counts: list[int]) -> list[float]:
        total = sum(counts) + len(counts)  # add-one: no act is impossible
        return [round((c + 1) / total, 4) for c in counts]

    def rate(t: list[int]) -> float:
        return round((t[0] + 1) / (t[1] + 2), 4)

    return "\n".join([
        f"# fitted by: python benchmarks/werebeasts_belief.py fit --games {games} --agent {agent} "
        f"--players {players}",
        "[bid]  # P(final bid of 0, 1, 2, 3, 4+ items on a card | its beast is one of the bidder's goals / is not)",
        f"goal = {freq(bid[True])}  # {sum(bid[True])} bidder-sales",
        f"other = {freq(bid[False])}  # {sum(bid[False])} bidder-sales", "",
        "[pay]  # P(a card held is offered in a bid | its beast is one of the bidder's goals / is not)",
        f"goal = {rate(pay[True])}  # {pay[True][1]} cards held by bidders",
        f"other = {rate(pay[False])}  # {pay[False][1]} cards held by bidders", "",
        "[cans]  # P(a bid includes cans | the bidder holds the Werechow goal / does not)",
        f"chow = {rate(cans[True])}  # {cans[True][1]} bids",
        f"other = {rate(cans[False])}  # {cans[False][1]} bids",
    ])


def fit_cost(games: int, agent: str, players: int) -> str:
    """``werebeasts_reading.toml``'s [cost]: P(a bidder's final bid on a card | its beast is one of the bidder's
    goals / is not), by the card's icons, the bid's size (0 to COST_ITEMS items, the last holding every larger bid) and
    whether it bought the card or was outbid (a bid that stopped short of the price says where its budget ended)."""
    from werebeasts_reading import COST_ITEMS, ICONS, cost_cell  # beside this script

    game = load("werebeasts", players=players)
    cells = 2 * COST_ITEMS + 1
    counts = {(i, mine): [0] * cells for i in (1, 2) for mine in (True, False)}
    for i in range(games):
        windows: dict[int, list[bool]] = {}

        def snapshot(state, seat, view, action, windows=windows):
            if state.sale >= 0 and len(state.sales) not in windows:
                windows[len(state.sales)] = state.out[:]

        state = play(game, SEED + i, [make_agent(agent, "werebeasts") for _ in range(players)], snapshot)
        goals = [{GOAL_ID[g] for g in state.goals_of(s)} for s in range(players)]
        for k, sale in enumerate(state.sales):
            if k not in windows:
                continue
            beast = BEAST_OF[sale["card"]]
            for s in range(players):
                if windows[k][s] or s == sale["seller"]:
                    continue
                cell = cost_cell(sale["bids"].get(str(s)), sale["buyer"] == s)
                counts[(ICONS[sale["card"]], beast in goals[s])][cell] += 1

    def freq(c: list[int]) -> list[float]:
        total = sum(c) + len(c)  # add-one: no act is impossible (and none rounds to 0)
        return [float(f"{(x + 1) / total:.3g}") for x in c]

    out = [f"# fitted by: python benchmarks/werebeasts_belief.py fit-cost --games {games} --agent {agent} "
           f"--players {players}",
           f"[cost]  # P(final bid | the card's beast is one of the bidder's goals / is not): no bid, then 1 to "
           f"{COST_ITEMS}+ items outbid, then 1 to {COST_ITEMS}+ items that bought it"]
    for icons in (1, 2):
        for mine, name in ((True, "goal"), (False, "other")):
            c = counts[(icons, mine)]
            out.append(f"{name}{icons} = {freq(c)}  # {sum(c)} bidder-sales")
    return "\n".join(out)


BINS = ((0.0, 0.5), (0.5, 0.7), (0.7, 0.8), (0.8, 0.9), (0.9, 0.95), (0.95, 1.0001))


def calibrate(games: int, agent: str, players: int) -> str:
    """Each accusation: the P(right) the accuser's belief gave it (belief.posterior from its own view), and
    whether it was right."""
    game = load("werebeasts", players=players)
    seen: list[tuple[float, bool]] = []

    def record(state, seat, view, action):
        if type(action) is A.Accuse:
            obs = view.observation
            p = posterior(seat, obs["public"], obs["private"]["my_goals"]).get(action.target, {}).get(action.goal, 0.0)
            seen.append((p, GOAL_ID.index(action.goal) in state.goals_of(action.target)))

    for i in range(games):
        play(game, SEED + i, [make_agent(agent, "werebeasts") for _ in range(players)], record)
    rows = [f"accusations by `{agent}` in {games} games of {players} players (seed {SEED} + game):", "",
            "| belief's P(right) | accusations | mean P(right) | actually right |", "|---|---|---|---|"]
    for low, high in BINS:
        inside = [(p, ok) for p, ok in seen if low <= p < high]
        if inside:
            mean = sum(p for p, _ in inside) / len(inside)
            right = sum(ok for _, ok in inside) / len(inside)
            rows.append(f"| {low:.2f}–{min(high, 1.0):.2f} | {len(inside)} | {mean:.3f} | {right:.3f} |")
    if seen:
        rows.append(f"| all | {len(seen)} | {sum(p for p, _ in seen) / len(seen):.3f} | "
                    f"{sum(ok for _, ok in seen) / len(seen):.3f} |")
    return "\n".join(rows)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("fit", "fit-cost", "calibrate"))
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--agent", default="heuristic")
    parser.add_argument("--players", type=int, default=5)
    args = parser.parse_args(argv)
    run = {"fit": fit, "fit-cost": fit_cost, "calibrate": calibrate}[args.what]
    print(run(args.games, args.agent, args.players))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
