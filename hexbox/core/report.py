"""Report building blocks shared by `hexbox report` and the games' own sections, and the proportion maths.

A game's ``report`` hook is ``sections(results, plot) -> list[Section]``: it reads the ``stats`` that its
``stats`` hook put in each result line and draws with ``plot`` (the report's plotter: ``figure``, ``save``,
``rates``, ``histogram``). Nothing here imports matplotlib, so a game stays free of it until a report is drawn.
"""

from __future__ import annotations

import html
import math
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Section:
    """A heading, some HTML (tables, text) and the PNG files shown under it."""

    title: str
    body: str = ""
    images: list[str] = field(default_factory=list)


def table(header: list[str], rows: list[list[Any]]) -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def pct(r: dict[str, Any]) -> list[str]:
    return [f"{r['rate']:.1%}", f"{r['low']:.1%} – {r['high']:.1%}", f"{r['wins']:g} / {r['games']}"]


def shares(counts: Counter, total: int, names: dict[str, str] | None = None) -> list[list[Any]]:
    """Table rows (name, count, share) of a Counter, most common first."""
    names = names or {}
    return [[names.get(k, k), v, f"{v / total:.1%}"] for k, v in counts.most_common()]


# ---- proportions with intervals --------------------------------------------------------------------------

Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion; sound near 0 and 1, unlike the normal approximation."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mcnemar(gained: int, lost: int) -> float:
    """Two-sided p-value of McNemar's exact test for paired wins: ``gained`` pairs won only with the change,
    ``lost`` pairs won only without it (pairs that agree carry no information). Exact binomial, so sound for
    small counts too."""
    n = gained + lost
    if n == 0:
        return 1.0
    k = min(gained, lost)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def rate(wins: float, n: int) -> dict[str, Any]:
    """A proportion with its 95% Wilson interval."""
    lo, hi = wilson(wins, n)
    return {"wins": wins, "games": n, "rate": wins / n if n else 0.0, "low": lo, "high": hi}


def quantiles(values: list[float], qs: tuple[float, ...] = (0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0)
              ) -> dict[str, float]:
    """Empirical quantiles (nearest rank), e.g. for game lengths; {} for no values."""
    if not values:
        return {}
    ordered = sorted(values)
    last = len(ordered) - 1
    return {f"{q:g}": ordered[round(q * last)] for q in qs}


def used_by_seat(used: Any, seats: int) -> dict[str, Any]:
    """What a stats hook keeps of the cards a game's seats used (``(seat, card, turn)``, from the public events its
    ``USES`` names): per seat the cards used, and every use with its turn (when it was played, by whom)."""
    per: list[set[str]] = [set() for _ in range(seats)]
    uses = []
    for seat, card, turn in used:
        card = _COPY.sub("", card)  # a card's use is the card's, not a copy's ("i_lantern#1")
        if 0 <= seat < seats:
            per[seat].add(card)
        uses.append([seat, card, turn])
    return {"used": [sorted(x) for x in per], "uses": uses}


_COPY = re.compile(r"#\d+$")
