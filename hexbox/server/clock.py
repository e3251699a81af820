"""Turn clocks and time banks, in the way Board Game Arena keeps them: a turn has ``clock_seconds`` of its own,
then draws on its player's bank (``bank_seconds`` for the whole game); when both are spent, a stand-in bot plays
the rest of that turn. A *turn* is the span in which a seat stays among the actors: the several steps of a
Transylvania turn are one turn, and a turn ends when the seat no longer has to act.

Only human seats have clocks (bots are waited for), and a game's own clock comes first: while its ``timer`` hook
times the window now open (a bidding window, a reaction window), no turn clock runs and no bank is spent. The
clocks are part of a table's stored row, written with each move in the same transaction, and moved on by the time
the server was down (``Store.resume``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Clocks:
    turn: float = 0.0  # seconds per turn before the bank runs; 0: no clock
    banks: dict[int, float] = field(default_factory=dict)  # each human seat's reserve left
    since: dict[int, float] = field(default_factory=dict)  # when each human seat now acting began its turn

    @classmethod
    def of(cls, options: dict[str, Any], humans: list[int]) -> Clocks:
        """A new table's clocks, from its game's options (no options: no clock)."""
        turn = float(options.get("clock_seconds", 0) or 0)
        bank = float(options.get("bank_seconds", 0) or 0)
        return cls(turn, {seat: bank for seat in humans} if turn > 0 else {})

    @property
    def on(self) -> bool:
        return self.turn > 0

    def deadline(self, seat: int) -> float | None:
        """When ``seat``'s turn runs out, bank included (None: no clock, or not this seat's turn)."""
        since = self.since.get(seat)
        if not self.on or since is None:
            return None
        return since + self.turn + self.banks.get(seat, 0.0)

    def advance(self, actors: list[int], humans: set[int], now: float) -> Clocks:
        """The clocks after a change that leaves ``actors`` to act: a turn that ended pays its overtime from its
        bank; a turn that began starts now; a turn that goes on keeps running."""
        if not self.on:
            return self
        banks, since = dict(self.banks), {}
        for seat, began in self.since.items():
            if seat in actors:
                since[seat] = began
            else:
                banks[seat] = max(0.0, banks.get(seat, 0.0) - max(0.0, now - began - self.turn))
        for seat in actors:
            if seat in humans and seat not in since:
                since[seat] = now
        return Clocks(self.turn, banks, since)

    def view(self) -> list[dict[str, Any]]:
        """Every human seat's clock as viewers see it: the bank it had when its running turn began, and for a
        seat now acting when its turn's own time ends (``turn_ends``) and when its bank is spent too
        (``deadline``, seconds since the epoch): a client counts down from those."""
        out = []
        for seat in sorted(self.banks):
            since = self.since.get(seat)
            out.append({"seat": seat, "bank": round(self.banks[seat], 1),
                        "turn_ends": None if since is None else since + self.turn, "deadline": self.deadline(seat)})
        return out

    def to_json(self) -> dict[str, Any] | None:
        if not self.on:
            return None
        return {"turn": self.turn, "banks": {str(s): b for s, b in self.banks.items()},
                "since": {str(s): t for s, t in self.since.items()}}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Clocks:
        if not data:
            return cls()
        return cls(float(data["turn"]), {int(s): float(b) for s, b in data["banks"].items()},
                   {int(s): float(t) for s, t in data["since"].items()})
