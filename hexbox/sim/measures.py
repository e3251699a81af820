"""What a designer measures in a run: fairness counted from the first player, roles, card strength, length and
endings, and the warnings that say when the bots, not the game, drive the numbers.

A leaf of ``hexbox.sim``: it reads result lines (dicts) and imports nothing of hexbox but ``core``'s arithmetic, so
that the report, ``compare`` and ``tune`` all use it without importing each other.

Every measure is defined per game (``per_game``), so that two runs on the same seeds can be compared game by game
(paired), and pooled over games for one run's report (``fairness``).
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any

from hexbox.core.errors import ConfigError
from hexbox.core.registry import GameInfo, game_info
from hexbox.core.report import rate

#: the fewest seat-games on each side (held / not held) before a card's strength is shown: below that, an
#: interval of ±15 points or more says nothing a designer can act on
MIN_CARD_GAMES = 40
#: the copy number some games add to a card's id ("t_vampire_bite#0"): a card's strength is the card's, not a copy's
_COPY = re.compile(r"#\d+$")

def intended_turns_of(game: str) -> int | None:
    """The mean turns of a game between its own bots, as its registration declares (``GameInfo.intended_turns``);
    None for a game that declares none, or that is not registered here (lines read from elsewhere)."""
    info = _info(game)
    return None if info is None else info.intended_turns


def regular_endings(game: str) -> tuple[str, ...]:
    """The ways the game ends when it is played out by its rules (``GameInfo.regular_endings``)."""
    info = _info(game)
    return () if info is None else info.regular_endings


def _info(game: str) -> GameInfo | None:
    try:
        return game_info(game)
    except ConfigError:
        return None


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


def used_of(line: dict[str, Any]) -> list[set[str]] | None:
    """Per seat, the cards it used (played, cast, activated: the game's ``USES`` events); None where not kept."""
    used = (line.get("stats") or {}).get("used")
    if not isinstance(used, list) or len(used) != line["players"]:
        return None
    return [{_COPY.sub("", c) for c in cards} for cards in used]


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
    for prefix, per_seat in (("card", held_of(line)), ("used", used_of(line))):
        if per_seat:
            for card in set().union(*per_seat):
                mine = [s in winners for s in range(n) if card in per_seat[s]]
                others = [s in winners for s in range(n) if card not in per_seat[s]]
                if mine and others:
                    out[f"{prefix}:{card}"] = sum(mine) / len(mine) - sum(others) / len(others)
    uses = (line.get("stats") or {}).get("uses")
    if isinstance(uses, list):
        for use in uses:
            key = f"uses:{_COPY.sub('', str(use[1]))}"
            out[key] = out.get(key, 0.0) + 1.0
    return out


#: measures a game either has (1) or not (0), or counts: a game that did not end so, whose other team won, or in
#: which nobody used the card, counts 0
COUNTED = ("ending:", "team:", "uses:")


def measure_keys(lines: Iterable[dict[str, Any]]) -> list[str]:
    """Every measure of a set of lines, in a reading order: seats, roles, length, endings, cards."""
    keys: set[str] = set()
    endings: set[str] = set()
    for line in lines:
        for k in per_game(line):
            (endings if k.startswith(COUNTED) else keys).add(k)
    order = {"first": 0, "team": 1, "role": 1, "length": 2, "ending": 3, "card": 4, "used": 5, "uses": 6}
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
            "ending": f"ends: {name}", "card": f"card {name}: holder's edge", "used": f"card {name}: user's edge",
            "uses": f"card {name}: uses per game"}.get(kind, key)


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
    used_with: dict[str, list[int]] = defaultdict(lambda: [0, 0])  # wins, seat-games of users
    use_turns: dict[str, list[int]] = defaultdict(list)  # the turns a card was used in
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
        for per_seat, tally in ((held_of(line), card_with), (used_of(line), used_with)):
            if per_seat:
                for s, cards_of in enumerate(per_seat):
                    for c in cards_of:
                        tally[c][0] += s in winners
                        tally[c][1] += 1
        for use in (line.get("stats") or {}).get("uses") or []:
            use_turns[_COPY.sub("", str(use[1]))].append(use[2])
    card_lines = [line for line in lines if held_of(line)]
    used_lines = [line for line in lines if used_of(line)]
    cards = _strength(card_with, card_lines, min_card_games)
    used = _strength(used_with, used_lines, min_card_games)
    for row in used:
        turns = use_turns.get(row["card"], [])
        row["uses_per_game"] = len(turns) / len(used_lines) if used_lines else 0.0
        row["median_turn"] = _median(Counter(turns)) if turns else None
    return {
        "games": len(lines),
        "players": players,
        # the mean seat's win rate: 1 / players where one player wins, more in a team game (GROWL)
        "fair": seat_wins / seat_games if seat_games else 1 / players,
        "from_first": [rate(from_first_wins[k], from_first_games) for k in range(players)] if from_first_games else [],
        "roles": {r: rate(role_wins[r], role_games[r]) for r in sorted(role_games)},
        "teams": {t: rate(teams[t], team_games) for t in sorted(teams)},
        "cards": cards,
        "used": used,
        "unmeasured": unmeasured(lines, cards, used, min_card_games),
        "min_card_games": min_card_games,
        "warnings": warnings(lines),
    }


def _strength(tally: dict[str, list[int]], lines: list[dict[str, Any]], min_games: int) -> list[dict[str, Any]]:
    """Per card, the win rate of the seats that held (or used) it against the others', with Newcombe's interval and
    the games it would take at this edge for the interval to leave zero."""
    seat_games = sum(line["players"] for line in lines)
    seat_wins = sum(len(line["winners"]) for line in lines)
    rows = []
    for c, (wins, games) in sorted(tally.items()):
        other_games, other_wins = seat_games - games, seat_wins - wins
        row = {"card": c, "held": rate(wins, games), "not_held": rate(other_wins, other_games),
               "enough": games >= min_games and other_games >= min_games}
        row["edge"], row["edge_low"], row["edge_high"] = _difference(wins, games, other_wins, other_games)
        row["games_needed"] = games_needed(row["edge"], row["edge_low"], row["edge_high"], len(lines))
        rows.append(row)
    rows.sort(key=lambda r: (not r["enough"], -r["edge"]))
    return rows


def games_needed(edge: float, low: float, high: float, games: int) -> int | None:
    """The games at which an interval of this width, shrinking as 1/sqrt(games), would leave zero at this edge: how
    many games it takes to say the card matters (None for an edge of zero, which no number of games will show)."""
    half = (high - low) / 2
    if not edge or not games:
        return None
    return max(1, math.ceil(games * (half / abs(edge)) ** 2))


def unmeasured(lines: list[dict[str, Any]], held: list[dict[str, Any]], used: list[dict[str, Any]],
               min_games: int = MIN_CARD_GAMES) -> list[tuple[str, str]]:
    """The game's cards (its stats module's ``MEASURED``) that neither holding nor using measured, and why."""
    every = _stats_attr(lines[0]["game"], "MEASURED") or ()
    rows_held = {r["card"]: r for r in held}
    rows_used = {r["card"]: r for r in used}
    out = []
    for card in every:
        h, u = rows_held.get(card), rows_used.get(card)
        if (h and h["enough"]) or (u and u["enough"]):
            continue
        if not h and not u:
            why = f"no seat held or used it in these {len(lines)} games"
        else:
            most = max((r for r in (h, u) if r), key=lambda r: min(r["held"]["games"], r["not_held"]["games"]))
            side = "held or used it" if most["held"]["games"] < min_games else "did without it"
            why = (f"only {min(most['held']['games'], most['not_held']['games'])} seat-games {side} "
                   f"(needs {min_games} on each side)")
        out.append((card, why))
    return out


def _stats_attr(game: str, name: str) -> Any:
    """A constant of a game's stats module (``MEASURED``, ``BEHAVIOURS``), or None."""
    try:
        from hexbox.core import game_info

        hook = game_info(game).hook("stats")
    except Exception:  # noqa: BLE001 - an unknown game's lines: nothing declared
        return None
    import sys

    return getattr(sys.modules.get(getattr(hook, "__module__", ""), None), name, None)


def behaviour_count(lines: list[dict[str, Any]], measure: str) -> int | None:
    """How often the bots did what a knob needs, over a run: ``stat:K`` sums the games' statistic K, ``used:X``,
    ``held:X`` and ``any:X`` count the seat-games that used, held, or held or used card X; None if the lines do
    not keep it."""
    kind, _, name = measure.partition(":")
    total, kept = 0, False
    for line in lines:
        stats = line.get("stats") or {}
        if kind == "stat":
            value = stats.get(name)
            if isinstance(value, (int, float)):
                kept = True
                total += int(value)
            continue
        sides = [held_of(line)] if kind == "held" else [used_of(line)] if kind == "used" else [held_of(line),
                                                                                             used_of(line)]
        for per_seat in sides:
            if per_seat is not None:
                kept = True
                total += sum(name in cards for cards in per_seat)
    return total if kept else None


def untested(lines: list[dict[str, Any]], changed: list[str] | None = None) -> list[dict[str, Any]]:
    """The knobs (of ``changed``, dotted paths such as ``options.false_claim_penalty``; all the game declares when
    None) whose effect needs something the bots never did in these games: the game's ``BEHAVIOURS``."""
    from hexbox.core.data import fixed_reason

    declared = _stats_attr(lines[0]["game"], "BEHAVIOURS") or {}
    out = []
    for pattern, (measure, what, agents) in declared.items():
        hits = [c for c in changed if fixed_reason(c, {pattern: ""}) is not None] if changed is not None else [pattern]
        if not hits:
            continue
        count = behaviour_count(lines, measure)
        if count == 0:
            knobs = ", ".join(h.removeprefix("options.").removeprefix("overlay.") for h in hits)
            out.append({"knob": knobs, "behaviour": what, "agents": agents,
                        "message": f"the bots never {what} in these {len(lines)} games: {knobs} is untested by "
                                   f"these bots (agents that would: {agents})"})
    return out


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
    if n >= 20 and count / n > 0.9 and kind not in regular_endings(game) and _could_end_otherwise(game):
        out.append(f"{count / n:.0%} of the games end the same way ({kind}): the bots may be playing one line "
                   "rather than the game")
    intended = intended_turns or intended_turns_of(game)
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
    # a game with a single way of ending (a Result.kind that never varies) would always warn; an unknown game's
    # lines (a test's, another install's): warn as for any game
    info = _info(game)
    return info is None or len(info.result_kinds) > 1
