"""The table as text for the terminal (Rich markup): a map of the laid tiles with every stand-up and minion, the
seats, the viewer's own cards and what it knows."""

from __future__ import annotations

from typing import Any

from .board import NODES
from .cards import CARDS
from .heuristic import board_of
from .words import card, space, tile
from .words import who as adventurer

SLOT = CARDS.node_by_name
MARK = {"token": "t", "locked_token": "L", "token_event": "e", "event": "E", "gate": "G", "passage": "P"}


def render(obs: dict[str, Any]) -> str:
    pub, me = obs["public"], obs["private"]
    board = board_of(tuple((t["tile"], t["at"][0], t["at"][1], t["rotation"]) for t in pub["board"]["tiles"]))
    cells: dict[tuple[int, int], str] = {}
    locks = set(pub["board"]["locks"])
    tokens = {t["node"] for t in pub["board"]["tokens"]}
    for s in board.slots():
        n = NODES[s]
        ch = MARK.get(n.feature, "·")
        if n.feature in ("token", "token_event", "locked_token") and n.id not in tokens:
            ch = "·" if n.feature != "token_event" else "E"
        if n.id in locks and n.feature == "gate":
            ch = "#"
        cells[board.where(s)] = ch
    for node in pub["board"]["minions"]:
        if node:
            cells[board.where(SLOT[node])] = "m"
    for c in pub["board"]["corpses"]:
        cells[board.where(SLOT[c["node"]])] = "x"
    for seat in pub["seats"]:
        if seat["node"]:
            cells[board.where(SLOT[seat["node"]])] = str(seat["seat"]) if seat["role"] == "adventurer" else \
                seat["role"][0].upper()
    xs = [x for x, _ in cells] or [0]
    ys = [y for _, y in cells] or [0]
    lines = []
    for y in range(min(ys), max(ys) + 1):
        lines.append("".join(cells.get((x, y), " ") for x in range(min(xs), max(xs) + 1)).rstrip())
    when = f"round {pub['round']}" if pub["round"] else "set-up"  # rounds count from 1; 0 is the set-up
    out = [f"[bold]Transylvania[/bold] — {when} · seat {pub['active']} to act",
           "\n".join(lines),
           "key: digits adventurers, V/W/Z Monsters, m minion, t token, L locked token, E event, G/# gate, "
           "P passage, x corpse"]
    for s in pub["seats"]:
        who = adventurer(s["adventurer"]) if s["role"] == "adventurer" else f"[red]{s['role'].upper()}[/red]"
        row = ", ".join(card(e["card"]) + "".join(f" (cursed: {card(c)})" for c in e["attached"])
                        for e in s["examined"])
        where = space(s["node"]) if s["node"] else "—"
        out.append(f"seat {s['seat']}: {who} at {where}, Health {max(0, s['health'])}, hand {s['hand_size']}"
                   + (f", kills {s['kills']}" if s["role"] != "adventurer" else "")
                   + (f" · examined: {row}" if row else ""))
    if pub["church_card"]:
        out.append(f"On the Church: {card(pub['church_card'])}")
    if me is not None:
        out.append(f"Your hand: {', '.join(map(card, me['hand'])) or 'empty'}")
        if me["qualifies"]:
            out.append(f"[red]You could reveal as: {', '.join(me['qualifies'])}[/red]")
        if me["known_tiles"]:
            out.append(f"Top tiles: {', '.join(tile(t) for t in me['known_tiles'])}")
        if me["glimpses"]:
            out.append("You know: " + ", ".join(f"seat {g['seat']} holds {card(g['card'])}" for g in me["glimpses"]))
    return "\n".join(out)
