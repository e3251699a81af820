"""Write golden records: games played by the heuristic bots with fixed seeds, and what each seat saw.

    python tests/golden/make_golden.py werebeasts     # rewrites tests/golden/werebeasts/*.json

A game without set-ups of its own below gets its registration's conformance set-ups, seeded 1, 2, 3… (a game from
outside hexbox: import its package first, ``python -c "import tests.toygame, runpy, sys; sys.argv[1:] = ['hunch'];
runpy.run_path('tests/golden/make_golden.py', run_name='__main__')"``).

Run it only when a rule change is intended; the diff of the JSON files is then the change to review.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import hexbox
from hexbox.agents import make_agent
from hexbox.core import Record, State, View

HERE = Path(__file__).parent

# (players, options, seed) per game: small, varied set-ups
SETUPS: dict[str, list[tuple[int, dict, int]]] = {
    "werebeasts": [(3, {}, 1), (5, {}, 2), (7, {"max_bid_changes": 2}, 3)],
    "prowl": [(2, {}, 1), (4, {}, 2), (3, {"leaders": False}, 3), (5, {}, 4)],
    "growl": [(4, {}, 1), (6, {"curses": True}, 2), (8, {"curses": True, "spells": True}, 3)],
    "voodoo": [(3, {}, 1), (4, {"claim_mode": "automatic"}, 2), (6, {}, 3)],
    "transylvania": [(3, {"tiles": "compact"}, 1), (4, {}, 2), (6, {"minion_attack": "eight"}, 3)],
}


def play(game: str, players: int, options: dict, seed: int) -> tuple[Record, State, dict[str, list], dict[str, list]]:
    state = hexbox.load(game, players=players, **options).new_state(seed=seed)
    record = Record(game, players, dict(state.game.options), seed)
    bots = [make_agent("heuristic", game) for _ in range(players)]
    rng = random.Random(seed)
    logs = new_logs(players)
    words: dict[str, list[str]] = {viewer: [] for viewer in viewers(players)}
    while not state.is_over:
        actors = state.actors
        seat = actors[0] if len(actors) == 1 else rng.choice(actors)
        action = bots[seat].act(View.of(state, seat), rng)
        events = state.apply(seat, action)
        record.actions.append((seat, action.to_json()))
        add_events(logs, events)
        add_words(words, state, events)
    return record, state, logs, words


def new_logs(players: int) -> dict[str, list]:
    """The public log, and each seat's private events (a seat's own log is public + its private)."""
    return {"public": [], **{str(s): [] for s in range(players)}}


def add_events(logs: dict[str, list], events: list) -> None:
    for e in events:
        if e.public:
            logs["public"].append(e.to_json())
        else:
            for s in sorted(e.to):
                logs[str(s)].append(e.to_json())


def viewers(players: int) -> list[str]:
    return [*map(str, range(players)), "spectator"]


def add_words(words: dict[str, list[str]], state: State, events: list) -> None:
    """What each viewer is told of a move, as the table shows it (``state`` is the state the move led to)."""
    for viewer in words:
        words[viewer].extend(state.describe(events, None if viewer == "spectator" else int(viewer)))


def views(state: State) -> dict:
    out = {str(s): state.observe(s) for s in range(state.game.players)}
    out["spectator"] = state.observe(None)
    return out


def dumps(doc: dict) -> str:
    """Readable diffs at a modest size: one event or one action per line."""
    lines = ["{"]
    for i, (key, value) in enumerate(sorted(doc.items())):
        comma = "," if i < len(doc) - 1 else ""
        if key == "final":
            lines.append(f'"final": {json.dumps(value, indent=1, sort_keys=True)}{comma}')
        elif key == "record":
            head = {k: v for k, v in value.items() if k != "actions"}
            body = ",\n".join("  " + json.dumps(a) for a in value["actions"])
            lines.append(f'"record": {json.dumps(head, sort_keys=True)[:-1]}, "actions": [\n{body}\n]}}{comma}')
        else:
            inner = []
            for viewer, log in value.items():  # logs: one event a line; words: one sentence a line
                body = ",\n".join("  " + json.dumps(e, sort_keys=True) for e in log)
                inner.append(f'"{viewer}": [\n{body}\n]' if log else f'"{viewer}": []')
            lines.append(f'"{key}": {{\n' + ",\n".join(inner) + f"\n}}{comma}")
    return "\n".join(lines) + "\n}\n"


def setups(game: str) -> list[tuple[int, dict, int]]:
    """The set-ups of a game's golden records: its own above, else its registration's conformance set-ups."""
    if game in SETUPS:
        return SETUPS[game]
    conformance = hexbox.game_info(game).conformance
    return [(s["players"], {k: v for k, v in s.items() if k != "players"}, i + 1) for i, s in enumerate(conformance)]


def main(games: list[str]) -> None:
    unknown = [g for g in games if g not in hexbox.games()]
    if unknown:  # checked before anything is written: "--help" once made a folder of that name
        print(__doc__.strip(), file=sys.stderr)
        print(f"\nunknown game(s): {', '.join(unknown)}; choose from {', '.join(hexbox.games())}", file=sys.stderr)
        sys.exit(2)
    for game in games:
        folder = HERE / game
        folder.mkdir(exist_ok=True)
        for players, options, seed in setups(game):
            record, state, logs, words = play(game, players, options, seed)
            doc = {"record": record.to_json(), "final": views(state), "logs": logs, "words": words}
            path = folder / f"{game}_{players}p_seed{seed}.json"
            path.write_text(dumps(doc), encoding="utf-8")
            print(f"{path}: {len(record.actions)} actions, {state.result.reason}")


if __name__ == "__main__":
    main(sys.argv[1:] or hexbox.games())
