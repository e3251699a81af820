"""What a designer measures in a run: fairness counted from the first player, roles, card strength, length and
endings, and the warnings that say when the bots, not the game, drive the numbers.

A leaf of ``hexbox.sim``: it reads result lines (dicts) and imports nothing of hexbox but ``core``'s arithmetic, so
that the report, ``compare`` and ``tune`` all use it without importing each other.

Every measure is defined per game (``per_game``), so that two runs on the same seeds can be compared game by game
(paired), and pooled over games for one run's report (``fairness``).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any

from hexbox.core.report import rate

#: the fewest seat-games on each side (held / not held) before a card's strength is shown: below that, an
#: interval of ±15 points or more says nothing a designer can act on
MIN_CARD_GAMES = 40
#: the copy number some games add to a card's id ("t_vampire_bite#0"): a card's strength is the card's, not a copy's
_COPY = re.compile(r"#\d+$")

#: the mean turns of a game between the heuristic bots at the default player count (`hexbox simulate GAME -n 40
#: --agents heuristic`: GROWL 29.0, Prowl 20.0, Transylvania 59.0, Voodoo 31.1, Werebeasts 12.0); a run whose median
#: is under a third of it ends far sooner than a game played to its rules does
INTENDED_TURNS = {"growl": 29, "prowl": 20, "transylvania": 59, "voodoo": 31, "werebeasts": 12}
#: the way a game ends when it is played out, by its rules: nearly every game ending so is no sign of the bots
#: (GROWL's Final Night at 7+ players, where two or fewer left alive is all but impossible). Transylvania has none:
#: each of its endings is a side winning, and one side nearly always winning is what the warning is for.
REGULAR_ENDINGS = {"growl": "final_night", "prowl": "sole_control", "voodoo": "reached_target", "werebeasts": "deck"}


def seat_from_first(seat: int, first: int, players: int) -> int:
    """0 for the first player, 1 for the next one round the table, …"""
    return (seat - first) % players


def roles_of(line: dict[str, Any]) -> list[str] | None:
    roles = (line.get("stats") or {}).get("roles")
    return roles if isinstance(roles, list) and len(roles) == line["players"] else None


def held_of(line: dict[str, Any]) -> list[set[str]] | None:
    held = (line.get("stats") or {}).get("held")
    if not isinstance(held, list) or len(held) != line["players"]:
        return None
    return [{_COPY.sub("", c) for c in cards} for cards in held]


def ending_of(line: dict[str, Any]) -> str:
    """How the game ended: the game's own ``end`` statistic where it has one (Werebeasts: the deck ran out or two
    were left; its result kind says only which tie-break step decided), else the result's kind."""
    end = (line.get("stats") or {}).get("end")
    return end if isinstance(end, str) and end else line.get("kind") or line.get("reason", "").split(";")[0] or "—"


# ---- per game: the values a paired comparison pairs -----------------------------------------------------


def per_game(line: dict[str, Any]) -> dict[str, float]:
    """measure key -> its value in this game; a measure the game cannot give (no first player recorded, no holder
    of a role or card) is left out, and the pairing then leaves that game out of that measure."""
    n, winners = line["players"], set(line["winners"])
    out: dict[str, float] = {"length:turns": float(line["turns"]), "length:actions": float(line["actions"])}
    out[f"ending:{ending_of(line)}"] = 1.0
    team = (line.get("stats") or {}).get("winning_team")
    if isinstance(team, str):  # a team game (GROWL): which team won, also when a team has no seat left at the end
        out[f"team:{team}"] = 1.0
    first = line.get("first")
    if isinstance(first, int):
        for s in range(n):
            out[f"first+{seat_from_first(s, first, n)}"] = float(s in winners)
    roles = roles_of(line)
    if roles:
        for r in set(roles):
            mine = [s for s in range(n) if roles[s] == r]
            out[f"role:{r}"] = sum(s in winners for s in mine) / len(mine)
    held = held_of(line)
    if held:
        for card in set().union(*held):
            mine = [s in winners for s in range(n) if card in held[s]]
            others = [s in winners for s in range(n) if card not in held[s]]
            if mine and others:
                out[f"card:{card}"] = sum(mine) / len(mine) - sum(others) / len(others)
    return out


#: measures a game either has (1) or not (0): a game that did not end so, or whose other team won, counts 0
COUNTED = ("ending:", "team:")


def measure_keys(lines: Iterable[dict[str, Any]]) -> list[str]:
    """Every measure of a set of lines, in a reading order: seats, roles, length, endings, cards."""
    keys: set[str] = set()
    endings: set[str] = set()
    for line in lines:
        for k in per_game(line):
            (endings if k.startswith(COUNTED) else keys).add(k)
    order = {"first": 0, "team": 1, "role": 1, "length": 2, "ending": 3, "card": 4}
    return sorted(keys | endings, key=lambda k: (order[k.split("+")[0].split(":")[0]], _natural(k)))


def _natural(key: str) -> tuple[Any, ...]:
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", key))


def label(key: str) -> str:
    """A measure as a designer reads it."""
    if key.startswith("first+"):
        k = int(key[6:])
        return "first player wins" if k == 0 else f"{_ordinal(k + 1)} player wins"
    kind, _, name = key.partition(":")
    return {"role": f"{name} win", "team": f"{name} win (team)", "length": f"game length ({name})",
            "ending": f"ends: {name}", "card": f"card {name}: holder's edge"}.get(kind, key)


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


# ---- one run: fairness, card strength, warnings -----------------------------------------------------------


def fairness(lines: list[dict[str, Any]], min_card_games: int = MIN_CARD_GAMES) -> dict[str, Any]:
    """Pooled over the games of one run: win rate by seat counted from the first player, by role, per card
    (holders against the others), and the warnings."""
    players = max(line["players"] for line in lines)
    from_first_wins: Counter[int] = Counter()
    from_first_games = 0
    role_wins: Counter[str] = Counter()
    role_games: Counter[str] = Counter()
    card_with: dict[str, list[int]] = defaultdict(lambda: [0, 0])  # wins, seat-games of holders
    seat_games = seat_wins = 0
    teams: Counter[str] = Counter()
    team_games = 0
    card_lines = 0
    for line in lines:
        n, winners = line["players"], set(line["winners"])
        seat_games += n
        seat_wins += len(winners)
        first = line.get("first")
        if isinstance(first, int) and n == players:
            from_first_games += 1
            for s in winners:
                from_first_wins[seat_from_first(s, first, n)] += 1
        team = (line.get("stats") or {}).get("winning_team")
        if "winning_team" in (line.get("stats") or {}):
            team_games += 1
            teams[team or "none"] += 1
        roles = roles_of(line)
        if roles:
            for s, r in enumerate(roles):
                role_games[r] += 1
                role_wins[r] += s in winners
        held = held_of(line)
        if held:
            card_lines += 1
            for s, cards in enumerate(held):
                for c in cards:
                    card_with[c][0] += s in winners
                    card_with[c][1] += 1
    total_card_games = sum(line["players"] for line in lines if held_of(line))
    total_card_wins = sum(len(line["winners"]) for line in lines if held_of(line))
    cards = []
    for c, (wins, games) in sorted(card_with.items()):
        other_games, other_wins = total_card_games - games, total_card_wins - wins
        row = {"card": c, "held": rate(wins, games), "not_held": rate(other_wins, other_games),
               "enough": games >= min_card_games and other_games >= min_card_games}
        row["edge"], row["edge_low"], row["edge_high"] = _difference(wins, games, other_wins, other_games)
        cards.append(row)
    cards.sort(key=lambda r: (not r["enough"], -r["edge"]))
    return {
        "games": len(lines),
        "players": players,
        # the mean seat's win rate: 1 / players where one player wins, more in a team game (GROWL)
        "fair": seat_wins / seat_games if seat_games else 1 / players,
        "from_first": [rate(from_first_wins[k], from_first_games) for k in range(players)] if from_first_games else [],
        "roles": {r: rate(role_wins[r], role_games[r]) for r in sorted(role_games)},
        "teams": {t: rate(teams[t], team_games) for t in sorted(teams)},
        "cards": cards,
        "min_card_games": min_card_games,
        "warnings": warnings(lines),
    }


def _difference(w1: float, n1: int, w2: float, n2: int) -> tuple[float, float, float]:
    """p1 - p2 with Newcombe's 95% interval (hybrid Wilson score): sound near 0 and 1, unlike the Wald interval."""
    if not n1 or not n2:
        return 0.0, -1.0, 1.0
    p1, p2 = w1 / n1, w2 / n2
    l1, u1 = rate(w1, n1)["low"], rate(w1, n1)["high"]
    l2, u2 = rate(w2, n2)["low"], rate(w2, n2)["high"]
    d = p1 - p2
    return d, d - ((p1 - l1) ** 2 + (u2 - p2) ** 2) ** 0.5, d + ((u1 - p1) ** 2 + (p2 - l2) ** 2) ** 0.5


def warnings(lines: list[dict[str, Any]], intended_turns: float | None = None) -> list[str]:
    """Signs that the bots' play, not the game, decides the numbers: one way of ending in over 90% of games,
    games far shorter than the rules mean them to be, a seat (counted from the first player) that never wins."""
    players = max(line["players"] for line in lines)
    with_first = [line for line in lines if isinstance(line.get("first"), int) and line["players"] == players]
    wins = Counter(seat_from_first(s, line["first"], players) for line in with_first for s in line["winners"])
    return warnings_of(lines[0]["game"], Counter(ending_of(line) for line in lines),
                       Counter(line["turns"] for line in lines), players, wins, len(with_first), intended_turns)


def warnings_of(game: str, endings: Counter[str], turns: Counter[int], players: int, from_first: Counter[int],
                with_first: int, intended_turns: float | None = None) -> list[str]:
    """:func:`warnings` from running counts (``hexbox simulate`` keeps no lines): endings, game lengths in turns,
    wins by seat from the first player over the ``with_first`` games that recorded one."""
    out = []
    n = sum(endings.values())
    kind, count = endings.most_common(1)[0]
    if n >= 20 and count / n > 0.9 and kind != REGULAR_ENDINGS.get(game) and _could_end_otherwise(game):
        out.append(f"{count / n:.0%} of the games end the same way ({kind}): the bots may be playing one line "
                   "rather than the game")
    intended = intended_turns or INTENDED_TURNS.get(game)
    median = _median(turns)
    if intended and median < intended / 3:
        out.append(f"games last {median:g} turns at the median, under a third of the {intended:g} a game between "
                   "the heuristic bots takes: the bots may end games before the game is played")
    if with_first >= 10 * players:
        never = [k for k in range(players) if from_first[k] == 0]
        if never:
            who = ", ".join(label(f"first+{k}").removesuffix(" wins") for k in never)
            out.append(f"in {with_first} games the {who} never won: the bots may not know how to play that seat")
    return out


def _median(counts: Counter[int]) -> float:
    total, seen = sum(counts.values()), 0
    for value in sorted(counts):
        seen += counts[value]
        if seen * 2 >= total:
            return value
    return 0


def _could_end_otherwise(game: str) -> bool:
    # a game with a single way of ending (a Result.kind that never varies) would always warn; the kinds it can end
    # by are its registration's, read lazily so that a test can build lines for a game it does not load
    try:
        from hexbox.core import game_info

        return len(game_info(game).result_kinds) > 1
    except Exception:  # noqa: BLE001 - an unknown game's lines: warn as for any game
        return True
