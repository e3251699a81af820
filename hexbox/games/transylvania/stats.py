"""Designer statistics of one Transylvania game: the game's ``stats`` hook, read by ``hexbox report`` (report.py)."""

from __future__ import annotations

from typing import Any

from hexbox.core.report import used_by_seat

from .cards import CARDS

#: the public events that say a seat used a card: kind -> (the seat's field, the card's field) (hexbox.sim.runner):
#: an adventurer's ability, a tile drawn and laid, an Event card drawn, a Discovery card put into play
USES = {"ability": ("seat", "ability"), "tile_drawn": ("seat", "tile"), "event_drawn": ("seat", "card"),
        "placed": ("seat", "card")}
#: every card card strength should measure: the adventurers and their abilities, the Discovery and Event cards, the
#: tiles
MEASURED = (*(a.id for a in CARDS.adventurers), *(a.ability for a in CARDS.adventurers), *(k.id for k in CARDS.kinds),
            *(t.id for t in CARDS.tiles))


def game_stats(obs: dict[str, Any], used: Any = ()) -> dict[str, Any]:
    """From the final spectator observation: how the game ended (``end``: the result's kind), its length in
    rounds, who won as what (``winner_roles``: "adventurer" or the Monster), the Monsters in play at the end and
    their kills, and the seats' count (for statistics by player count)."""
    result = obs["result"] or {"winners": [], "kind": ""}
    pub = obs["public"]
    seats = pub["seats"]
    winners = result["winners"]
    reveal = pub.get("reveal") or [None] * len(seats)
    return {
        "end": result["kind"] or None,
        "rounds": pub["round"],
        "players": len(seats),
        "winners": winners,
        "winner_roles": [seats[w]["role"] for w in winners],
        "monsters": sorted(s["role"] for s in seats if s["role"] != "adventurer"),
        "kills": {s["role"]: s["kills"] for s in seats if s["role"] != "adventurer"},
        "first": pub["first"],
        "tiles_laid": len(pub["board"]["tiles"]),
        "corpses": len(pub["board"]["corpses"]),
        # per seat, for fairness and card strength in reports: the Monster or "adventurer", the adventurer card,
        # the cards in hand and set aside at the end
        "roles": [s["role"] for s in seats],
        "held": [sorted({*([s["adventurer"]] if s.get("adventurer") else []),
                         *(r["hand"] + r["set_aside"] if r else [])}) for s, r in zip(seats, reveal, strict=True)],
        **used_by_seat(used, len(seats)),
    }


def first_player(state: Any) -> int | None:
    """The ``first`` hook: the first player (R9, D51)."""
    return state.first
