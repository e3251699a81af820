"""Digests of random playouts, seed by seed: the proof that a speed change (or the compiled build) keeps every game
byte-identical.

For each seed the loop of ``hexbox.bench.hexbox_playout`` is played (``actors``, ``legal_actions``, a uniform
``rng.choice``, ``apply``) with ``game.new_state(seed=seed)`` and ``rng = random.Random(seed)``, and a SHA-256 is
kept of every step: the seat, the ids (``game.action_id``) of the legal actions in their order, the chosen
action's id, each event's kind, data and audience, and at the end ``observe(None)`` and the result, all as JSON
with sorted keys. A game's digest is the digest of its seeds' digests in order.

    python benchmarks/seed_sweep.py --seeds 1000 --out digests.json          # write them
    python benchmarks/seed_sweep.py --seeds 1000 --check digests.json        # compare (exit 1 on a difference)
    python benchmarks/seed_sweep.py --games voodoo --seeds 200 --max-actions 4000

``--max-actions`` stops a playout after that many actions (still hashing each of them and the state it reached):
random Voodoo games run to ~27,000 actions. A check compares only the games, seeds and cap that both runs share,
and refuses a cap that differs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from typing import Any


def registered() -> list[str]:
    """Every registered game (``hexbox.games()``): this script keeps no list of the games of its own."""
    import hexbox

    return hexbox.games()


def _default(obj: Any) -> Any:
    if isinstance(obj, (set, frozenset)):
        return sorted(obj, key=_dumps)
    if hasattr(obj, "to_json"):
        return obj.to_json()
    return repr(obj)


def _canonical(obj: Any) -> Any:
    """JSON-able with string keys only (for data whose dicts mix int and str keys, which sort_keys refuses)."""
    if isinstance(obj, dict):
        return {(k if isinstance(k, str) else f"{type(k).__name__}:{k!r}"): _canonical(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_canonical(v) for v in obj]
    if isinstance(obj, (set, frozenset)):
        return sorted((_canonical(v) for v in obj), key=_dumps)
    return obj


def _dumps(obj: Any) -> str:
    try:
        return json.dumps(obj, sort_keys=True, separators=(",", ":"), default=_default)
    except TypeError:
        return json.dumps(_canonical(obj), sort_keys=True, separators=(",", ":"), default=_default)


def players_of(name: str) -> int:
    from hexbox.core.registry import game_info

    info = game_info(name)
    return info.default_players or info.min_players


def playout_digest(game: Any, seed: int, max_actions: int | None = None) -> tuple[str, int]:
    """(hex digest, actions played) of one random playout."""
    h = hashlib.sha256()
    update = h.update
    ids = game.action_space.ids
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    n = 0
    while not state.is_over and (max_actions is None or n < max_actions):
        actors = state.actors
        seat = actors[0] if len(actors) == 1 else rng.choice(actors)
        legal = state.legal_actions(seat)
        action = rng.choice(legal)
        events = state.apply(seat, action)
        update(f"{seat}|{[ids[a] for a in legal]}|{ids[action]}|".encode())
        for e in events:
            update(_dumps([e.kind, e.data, None if e.to is None else sorted(e.to)]).encode())
        update(b"\n")
        n += 1
    update(_dumps(state.observe(None)).encode())
    result = state.result
    update(_dumps(None if result is None else result.to_json()).encode())
    return h.hexdigest(), n


def sweep(name: str, seeds: range, max_actions: int | None = None, players: int | None = None) -> dict[str, Any]:
    from hexbox import load

    players = players or players_of(name)
    game = load(name, players=players)
    per_seed: dict[str, str] = {}
    actions = 0
    start = time.process_time()
    for seed in seeds:
        digest, n = playout_digest(game, seed, max_actions)
        per_seed[str(seed)] = digest
        actions += n
    cpu = time.process_time() - start
    total = hashlib.sha256("".join(per_seed.values()).encode()).hexdigest()
    return {"players": players, "first_seed": seeds.start, "seeds": len(seeds), "max_actions": max_actions,
            "actions": actions, "cpu_s": round(cpu, 3), "digest": total, "per_seed": per_seed}


def _build() -> str:
    try:
        from hexbox._build import build
    except ImportError:  # an older tree without the module
        return "pure"
    return build()


def check(ours: dict[str, Any], theirs: dict[str, Any]) -> list[str]:
    """The differences between two sweeps, in words (empty when every shared seed agrees)."""
    problems = []
    for name, mine in ours["games"].items():
        other = theirs["games"].get(name)
        if other is None:
            problems.append(f"{name}: not in the reference")
            continue
        if mine["max_actions"] != other["max_actions"] or mine["players"] != other["players"]:
            problems.append(f"{name}: played differently (players {mine['players']} vs {other['players']}, "
                            f"max_actions {mine['max_actions']} vs {other['max_actions']})")
            continue
        shared = [s for s in mine["per_seed"] if s in other["per_seed"]]
        if not shared:
            problems.append(f"{name}: no seed in common with the reference")
        bad = [s for s in shared if mine["per_seed"][s] != other["per_seed"][s]]
        if bad:
            problems.append(f"{name}: {len(bad)} of {len(shared)} seeds differ, first {bad[:5]}")
    return problems


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seeds", type=int, default=200, help="seeds per game (default 200)")
    p.add_argument("--first-seed", type=int, default=0)
    p.add_argument("--games", nargs="+", default=registered(), choices=registered())
    p.add_argument("--max-actions", type=int, default=None, help="cap every playout at this many actions")
    p.add_argument("--max-actions-voodoo", type=int, default=None,
                   help="a cap for Voodoo only (its random games are ~27,000 actions long)")
    p.add_argument("--out", help="write the digests to this JSON file")
    p.add_argument("--check", help="compare with the digests in this JSON file; exit 1 on any difference")
    args = p.parse_args(argv)

    seeds = range(args.first_seed, args.first_seed + args.seeds)
    report: dict[str, Any] = {"python": sys.version.split()[0], "build": _build(), "games": {}}
    for name in args.games:
        cap = args.max_actions_voodoo if name == "voodoo" and args.max_actions_voodoo else args.max_actions
        r = sweep(name, seeds, cap)
        report["games"][name] = r
        rate = r["actions"] / max(r["cpu_s"], 1e-3)
        print(f"{name:13s} {r['seeds']} seeds  {r['actions']:>9} actions  {r['cpu_s']:>7.1f} s CPU "
              f"({rate:,.0f} actions/s, hashing included)  cap {cap}  {r['digest'][:16]}", flush=True)
    print(f"build: {report['build']}")
    if args.out:
        with open(args.out, "w") as f:
            json.dump(report, f, indent=1, sort_keys=True)
    if args.check:
        with open(args.check) as f:
            problems = check(report, json.load(f))
        for line in problems:
            print("DIFFERENT", line)
        print(f"{'NOT identical' if problems else 'identical'}: checked against {args.check}")
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
