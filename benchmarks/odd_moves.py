"""A screen for the moves a person at the table finds odd, counted over whole games of bots (goal: 0 of each).

- **werebeasts, raise while leading**: a bidder raises its own standing bid (more cans, another card) when that
  bid already has more items than every other bid of the sale: it bids against nobody (W3, W4);
- **transylvania, back and forth**: a piece steps back onto a space it already stood on in the same run of steps
  of its turn (no other action of its own in between, nothing befell it: Health, hand, examined cards and dice as
  they were, the same tokens, face-up tokens, locks and corpses on the board) and the game goes on: a walk that
  comes back with nothing gained (R3: the walk off the Church and back that breaks the curse ends the game, so it
  is not counted);
- **growl, self-defeating kill**: a pick or a save that kills a seat and so ends the game at once (R70) with the
  decider's team losing (R71), when another choice of the same decision would not have; ``told`` counts those the
  decider could tell from its own observation (the bot's ``Mind.loses_by``), ``any`` every one in the true world.

Prowl and Voodoo have no detector here (no such case was reported). Games cycle through each game's conformance
set-ups; the agents are given per seat (``--agents hard,normal,normal``, the last repeated for the remaining
seats) and rotate one seat per game, so every seat plays every agent.

    nice -n 10 python benchmarks/odd_moves.py --games 1000 [--game werebeasts] [--agents normal] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import hexbox  # noqa: F401  (registers the games)
from hexbox.agents import make_agent
from hexbox.core import View, conformance_setups, games, load

Detector = Callable[[Any, int, Any], "str | None"]  # (state before the move, seat, action) -> a kind of odd move


def werebeasts_detector() -> Detector:
    from hexbox.games.werebeasts import actions as A
    from hexbox.games.werebeasts.state import BIDDING

    def odd(state, seat: int, action) -> str | None:
        if state.phase != BIDDING:
            return None
        cans, cards = state.offer_cans, state.offer_cards
        if not (type(action) is A.OfferCard or (type(action) is A.OfferCans and action.cans > cans[seat])):
            return None
        rival = max([cans[s] + len(cards[s]) for s in range(state.n) if s != seat], default=0)
        return "raise while leading" if cans[seat] + len(cards[seat]) > rival else None

    return odd


def transylvania_detector() -> Detector:
    walks: dict[int, list[int]] = {}
    signs: dict[int, tuple] = {}
    last = [None]

    def odd(state, seat: int, action) -> str | None:
        turn = (state.round, state.active)
        if turn != last[0]:
            walks.clear()
            last[0] = turn
        # anything that befell the piece meanwhile (an ambush, a card, an Event that changed its dice and so a
        # token's odds) or changed what there is to walk to (a token, a corpse, a lock) is news a walk may answer
        sign = (state.health[seat], len(state.hand[seat]), len(state.row[seat]), state.role[seat],
                tuple(state.dice(seat, t) for t in range(3)), repr(state.tokens), repr(sorted(state.faceup)),
                repr(sorted(state.locks)), repr(state.corpses))
        if action.kind != "move" or signs.get(seat) != sign:
            walks.pop(seat, None)
            signs[seat] = sign
            if action.kind != "move":
                return None
        walk = walks.setdefault(seat, [state.pos[seat]])
        if action.node in walk:
            return "back and forth?"  # confirmed by after(): only when the game goes on
        walk.append(action.node)
        return None

    return odd


def growl_detector() -> Detector:
    from hexbox.games.growl.advice import loses_at_once
    from hexbox.games.growl.heuristic import KILLING, Mind

    def odd(state, seat: int, action) -> str | None:
        if action.kind not in KILLING or not loses_at_once(state, seat, action):
            return None
        if all(loses_at_once(state, seat, a) for a in state.legal_actions(seat)):
            return None  # every choice loses: nothing odd about this one
        return "self-defeating kill, told" if Mind(state.observe(seat)).loses_by(action) else \
            "self-defeating kill, any"

    return odd


def prowl_detector() -> Detector:
    from hexbox.games.prowl.heuristic import blind_after_change

    def odd(state, seat: int, action) -> str | None:
        if action.kind != "accuse" or not blind_after_change(state.observe(seat), action.target):
            return None
        return "blind accusation after a change"

    return odd


def voodoo_detector() -> Detector:
    from hexbox.games.voodoo import actions as A
    from hexbox.games.voodoo.curses import violations_of

    def odd(state, seat: int, action) -> str | None:
        # a free emote would have kept the curse (R72): rolling without it only gives its caster points
        if type(action) is not A.Roll or not violations_of(state.observe(seat), seat, action):
            return None
        return "roll without its ritual"

    return odd


DETECTORS: dict[str, Callable[[], Detector]] = {"werebeasts": werebeasts_detector,
                                               "transylvania": transylvania_detector, "growl": growl_detector,
                                               "prowl": prowl_detector, "voodoo": voodoo_detector}


def screen(game: str, count: int, agents: list[str], first_seed: int = 0, detector: Detector | None = None
           ) -> dict[str, Any]:
    """``count`` games of ``game`` by ``agents`` (per seat, rotated one seat per game): decisions, odd moves by
    kind, and the first few examples (seed, seat, agent, action). ``detector``: another count than the game's."""
    setups = [(p, o) for g, p, o in conformance_setups() if g == game]
    detect = detector or DETECTORS.get(game, lambda: (lambda state, seat, action: None))()
    odd: Counter[str] = Counter()
    by_agent: dict[str, Counter[str]] = {}
    examples: list[dict[str, Any]] = []
    decisions = 0
    started = time.process_time()
    for seed in range(first_seed, first_seed + count):
        players, options = setups[seed % len(setups)]
        state = load(game, players=players, **options).new_state(seed=seed)
        specs = [agents[min(i, len(agents) - 1)] for i in range(players)]
        shift = seed % players
        specs = specs[-shift:] + specs[:-shift] if shift else specs
        bots = [make_agent(spec, game) for spec in specs]
        rng = random.Random(seed)
        while not state.is_over:
            actors = state.actors
            seat = actors[0] if len(actors) == 1 else rng.choice(actors)
            action = bots[seat].act(View.of(state, seat), rng)
            decisions += 1
            found = detect(state, seat, action)
            if found == "back and forth?":
                state.apply(seat, action)
                found = "back and forth" if not state.is_over else None
            else:
                state.apply(seat, action)
            if found:
                odd[found] += 1
                by_agent.setdefault(found, Counter())[specs[seat]] += 1
                if len(examples) < 5:
                    examples.append({"seed": seed, "seat": seat, "agent": specs[seat], "action": str(action),
                                     "kind": found})
    return {"game": game, "games": count, "agents": agents, "decisions": decisions,
            "detector": game in DETECTORS, "odd": dict(odd), "examples": examples,
            "odd_by_agent": {k: dict(v) for k, v in by_agent.items()},
            "cpu_s": round(time.process_time() - started, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per game")
    parser.add_argument("--game", action="append", help="a game (repeatable; default: every game)")
    parser.add_argument("--agents", default="normal", help="agent specs per seat, comma-separated, rotated")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    reports = []
    for game in args.game or games():
        report = screen(game, args.games, [a.strip() for a in args.agents.split(",")], args.seed)
        reports.append(report)
        if not args.json:
            found = ", ".join(f"{k}: {v} ({', '.join(f'{a} {n}' for a, n in report['odd_by_agent'][k].items())})"
                              for k, v in sorted(report["odd"].items())) or \
                ("none" if report["detector"] else "no detector")
            print(f"{game:13} {report['games']:5} games {report['decisions']:8} decisions  odd moves: {found}  "
                  f"({report['cpu_s']} s CPU)", flush=True)
            for e in report["examples"]:
                print(f"    seed {e['seed']} seat {e['seat']} ({e['agent']}): {e['action']} [{e['kind']}]")
    if args.json:
        json.dump(reports, sys.stdout, indent=2)
        print()
    return 1 if any(r["odd"] for r in reports) else 0


if __name__ == "__main__":
    sys.exit(main())
