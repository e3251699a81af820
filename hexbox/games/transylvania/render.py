"""The table as text for the terminal (Rich markup), from one viewer's observation: a labelled map (each laid
tile under its name, its spaces by letter, the pieces on them), who stands where, the seats, and the viewer's own
traits, moves left and cards, each card saying what kind it is."""

from __future__ import annotations

from typing import Any

from .board import NODES
from .cards import CARDS, MONSTERS, SIDES, TRAITS
from .heuristic import board_of
from .words import card, space, tile
from .words import who as adventurer

SLOT = CARDS.node_by_name
KIND = CARDS.by_id
ADVENTURER = {a.id: a for a in CARDS.adventurers}
TILE = {t.id: t for t in CARDS.tiles}
#: the mark after a space's letter: what the space is
MARK = {"token": "t", "locked_token": "L", "token_event": "e", "event": "E", "gate": "G", "passage": "P"}
CELL = 3  # characters per space on the map: its letter (or a piece), its mark, a space
STRIP = 5  # tiles side by side at most: five tiles of five spaces and their gaps fit an 80-column terminal
PHASE = {"setup_start": "set-up: choosing starting spaces", "setup_keep": "set-up: keeping a card",
         "exploration": "exploration", "determination": "Determination", "cleanup": "Cleanup", "over": "the end"}


def render(obs: dict[str, Any]) -> str:
    pub, me, seat = obs["public"], obs["private"], obs["seat"]
    acting = obs["actors"]
    phase = PHASE.get(obs["phase"], obs["phase"].replace("_", " "))
    turn = "your turn, " if pub["active"] == seat else f"seat {pub['active']}'s turn, "
    deciding = ("you decide" if seat in acting else f"seat {', '.join(map(str, acting))} decides") if acting else ""
    when = f"round {pub['round']}, {turn}{phase}" if pub["round"] else phase  # round 0 is the set-up
    out = [f"[bold]Transylvania[/bold] — {when}{'; ' + deciding if deciding else ''}"]
    out += _map(pub)
    out.append("[dim]north up; a space: its letter and mark (t token, L locked token, e token and Event, E Event, "
               "G gate, # locked gate, P passage); on it: 0-5 a seat, V W Z a Monster, m minion, x corpse, "
               "+ several[/dim]")
    out += _where(pub, seat)
    for s in pub["seats"]:
        name = adventurer(s["adventurer"]) if s["role"] == "adventurer" else f"[red]{s['role'].upper()}[/red]"
        row = ", ".join(card(e["card"]) + "".join(f" (cursed: {card(c)})" for c in e["attached"])
                        for e in s["examined"])
        you = " (you)" if s["seat"] == seat else ""
        dead = "" if s["alive"] else " [red]dead[/red]"
        where = f" on {space(s['node'])}" if s["node"] and s["alive"] else ""
        out.append(f"seat {s['seat']}{you}: {name}{where}{dead}, Health {max(0, s['health'])}, "
                   f"{_cards(s['hand_size'])} in hand" + (f", kills {s['kills']}" if s["role"] != "adventurer" else "")
                   + (f" · examined: {row}" if row else ""))
    if pub["church_card"]:
        out.append(f"On the Church: {card(pub['church_card'])}")
    if me is not None:
        out += _mine(pub, me, seat)
    if pub["pending"] and pub["pending"].get("kind") == "orient" and pub["pending"].get("tile"):
        t = TILE[pub["pending"]["tile"]]
        exits = ", ".join(SIDES[e] for e in t.exits)
        out.append(f"[bold]Laying the {t.name}[/bold]: as printed its exits face {exits}; each choice below says "
                   "where they face once laid")
    return "\n".join(out)


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _pieces(pub: dict[str, Any]) -> dict[str, list[str]]:
    """space id -> the marks of the pieces on it, seats first."""
    on: dict[str, list[str]] = {}
    for s in pub["seats"]:
        if s["node"] and s["alive"]:
            on.setdefault(s["node"], []).append(str(s["seat"]) if s["role"] == "adventurer" else s["role"][0].upper())
    for node in pub["board"]["minions"]:
        if node:
            on.setdefault(node, []).append("m")
    for c in pub["board"]["corpses"]:
        on.setdefault(c["node"], []).append("x")
    return on


def _map(pub: dict[str, Any]) -> list[str]:
    laid = pub["board"]["tiles"]
    board = board_of(tuple((t["tile"], t["at"][0], t["at"][1], t["rotation"]) for t in laid))
    locks = set(pub["board"]["locks"])
    tokens = {t["node"] for t in pub["board"]["tokens"]}
    on = _pieces(pub)
    cells: dict[tuple[int, int], str] = {}
    for s in board.slots():
        n = NODES[s]
        letter = n.id.split(".")[1]
        mark = MARK.get(n.feature, " ")
        if n.feature in ("token", "locked_token") and n.id not in tokens:
            mark = " "  # its token is gone
        if n.feature == "token_event" and n.id not in tokens:
            mark = "E"
        if n.feature == "gate" and n.id in locks:
            mark = "#"
        here = on.get(n.id, [])
        piece = here[0] if len(here) == 1 else "+"
        shown = f"[bold yellow]{piece}[/bold yellow]" if here else f"[dim]{letter}[/dim]"
        cells[board.where(s)] = shown + (f"[dim]{mark}[/dim]" if mark != " " else " ") + " "
    xs = [t["at"][0] for t in laid]
    ys = [t["at"][1] for t in laid]
    names = {tuple(t["at"]): tile(t["tile"]) for t in laid}
    width = 5 * CELL
    columns = list(range(min(xs), max(xs) + 1))
    # a land wider than the terminal would wrap and lose its shape: it is drawn in strips, west to east, of equal
    # widths, none wider than STRIP tiles
    strips = -(-len(columns) // STRIP)
    per = -(-len(columns) // strips)
    lines = []
    for k in range(strips):
        part = columns[k * per:(k + 1) * per]
        if strips > 1:
            lines.append(f"[dim]the land's tile columns {k * per + 1}–{k * per + len(part)} of {len(columns)}, "
                         "west to east[/dim]")
        rows = [ty for ty in range(min(ys), max(ys) + 1) if any((tx, ty) in names for tx in part)]
        for ty in range(rows[0], rows[-1] + 1) if rows else ():  # laid tiles touch: every column has one
            lines.append(" ".join(f"[bold]{names.get((tx, ty), '')[:width]:^{width}}[/bold]" for tx in part).rstrip())
            for row in range(5):
                y = ty * 5 + row
                parts = ["".join(cells.get((tx * 5 + c, y), " " * CELL) for c in range(5)) for tx in part]
                lines.append(" ".join(parts).rstrip())
    return lines


def _where(pub: dict[str, Any], viewer: int | None) -> list[str]:
    """The minions, and the spaces where several pieces stand: the map shows one mark per space."""
    who: list[str] = []
    for i, node in enumerate(pub["board"]["minions"]):
        if node:
            who.append(f"minion {i} on {space(node)}")
    crowded = [f"{space(node)}: {', '.join(_mark_name(m, viewer) for m in marks)}"
               for node, marks in _pieces(pub).items() if len(marks) > 1]
    lines = ["Minions: " + "; ".join(who)] if who else []
    if crowded:
        lines.append("Several pieces (+) on " + "; ".join(crowded))
    return lines


def _mark_name(mark: str, viewer: int | None) -> str:
    if mark.isdigit():
        return "you" if int(mark) == viewer else f"seat {mark}"
    return {"m": "a minion", "x": "a corpse", "V": "the Vampire", "W": "the Werewolf", "Z": "the Zombie"}[mark]


def _mods(pub: dict[str, Any], mine: dict[str, Any]) -> list[dict[str, int]]:
    cards = [e["card"] for e in mine["examined"]] + [c for e in mine["examined"] for c in e["attached"]]
    if pub["church_card"]:
        cards.append(pub["church_card"])
    return [KIND[c.split("#")[0]].mods for c in cards]


def _mine(pub: dict[str, Any], me: dict[str, Any], seat: int) -> list[str]:
    out = []
    mine = next(s for s in pub["seats"] if s["seat"] == seat)
    if mine["role"] == "adventurer" and mine["adventurer"] in ADVENTURER:
        a = ADVENTURER[mine["adventurer"]]
        mods = _mods(pub, mine)
        monsters = sum(1 for s in pub["seats"] if s["role"] != "adventurer" and s["alive"] and s["node"])
        parts = [f"Move {max(1, a.movement + sum(m.get('movement', 0) for m in mods))}"]
        for t, trait in enumerate(TRAITS):
            n = a.traits[t] + mine["trait_tokens"][t] + sum(m.get(trait, 0) for m in mods)
            if trait == "spirit":
                n += sum(m.get("spirit_per_monster", 0) for m in mods) * monsters
            parts.append(f"{trait.capitalize()} {max(0, min(CARDS.max_dice, n))}")
        left = pub["this_turn"]["movement_left"] if pub["active"] == seat else None
        moves = f"; moves left this turn: {left}" if left is not None and pub["round"] else ""
        ability = "ready" if mine["ability_available"] else "used"
        out.append(f"[bold]You[/bold]: {a.name} — {', '.join(parts)}; Health {max(0, mine['health'])}{moves}; "
                   f"{a.ability_name} {ability}")
    elif mine["role"] in MONSTERS:
        out.append(f"[bold]You[/bold] are the {mine['role'].capitalize()}: Health {mine['health']}, kills "
                   f"{mine['kills']} of {pub['kills_to_win']}")
    out.append(f"Your hand: {', '.join(_kind_named(c) for c in me['hand']) or 'empty'}")
    if me["qualifies"]:
        out.append(f"[red]You could reveal as: {', '.join(m.capitalize() for m in me['qualifies'])}[/red]")
    if me["known_tiles"]:
        out.append(f"Top tiles: {', '.join(tile(t) for t in me['known_tiles'])}")
    if me["glimpses"]:
        out.append("You know: " + ", ".join(f"seat {g['seat']} holds {card(g['card'])}" for g in me["glimpses"]))
    return out


def _kind_named(c: str) -> str:
    """A card with what it is: "Treatise on the Undying (Vampire Knowledge)"."""
    k = KIND.get(c.split("#")[0])
    if k is None:
        return card(c)
    if k.kind == "knowledge":
        what = "General Knowledge" if k.monster == "general" else f"{k.monster.capitalize()} Knowledge"
    elif k.kind == "transformation":
        what = f"Transformation: {k.monster.capitalize()}"
    elif k.deck == "discovery":
        what = "Item"
    else:
        what = "Event"
    return f"{k.name} ({what})"
