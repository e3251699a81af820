"""What each seat sees (spec §8), and the table drawn as text for the terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import CARDS, IDS, INDEX, hand_json
from .phases import CONTRIBUTE, HALLOWS, PHASES, PICK, POINT, SAVE, SHOW, VOTE

if TYPE_CHECKING:
    from .rules import GrowlState


def _id(card: int) -> str | None:
    return IDS[card] if card >= 0 else None


def _choice(state: GrowlState, value: Any) -> Any:
    """A seat's own hidden submission, as JSON: two cards, a card, a seat, a side, or None (nothing passed)."""
    if isinstance(value, tuple):
        return [IDS[value[0]], IDS[value[1]]]
    if state.phase == CONTRIBUTE:
        return IDS[value]
    return value


def observe(state: GrowlState, seat: int | None) -> dict[str, Any]:
    n = state.n
    over = state._result is not None
    obs: dict[str, Any] = {
        "game": "growl",
        "players": n,
        "seat": seat,
        "options": {k: v for k, v in state.game.options.items()},
        "phase": PHASES[state.phase],
        "active": state.active,
        "actors": list(state.actors),
        "talk": "silent" if state.night_card >= 0 and not over else "open",  # T1, R24
        "turn": state.turns,
        "nights": state.nights,
        "start_position": state.start_pos,
        "deck_size": len(state.deck),
        "top_card": IDS[state.deck[-1]] if state.deck and not over else None,
        "night_card": _id(state.night_card),
        "revealed_night": [IDS[c] for c in state.revealed_night],
        "discards": [IDS[c] for c in state.discards],
        "seats": [{
            "seat": s,
            "position": state.pos_of[s],
            "alive": not state.dead[s],
            "hand_size": sum(state.hands[s]),
            "front": [IDS[c] for c in state.front[state.pos_of[s]]],
            "pinned": hand_json(state.pub_known[s]),
        } for s in range(n)],
        "caged": state.caged if state.caged >= 0 else None,
        "insomniac": state.insomniac if state.insomniac >= 0 else None,
        "passing": {str(s): list(lr) for s, lr in sorted(state.sides.items())},
        "seance": [{"seat": s, "werewolf": w} for s, w in state.seance],
        "window": _window(state),
        "log": [e.to_json() for e in state.log if e.visible_to(seat)],
        "result": state._result.to_json() if over else None,
    }
    if seat is not None:
        obs["hand"] = hand_json(state.hands[seat])
        obs["werewolf"] = state.wolf[seat]
        obs["wolf_zero"] = state.zero[seat]
        obs["sniffed"] = list(state.sniffed) if seat in state.sniffed else []
        obs["known_hands"] = {str(o): hand_json(state.known_hand(seat, o)) for o in range(n)
                              if o != seat and any(state.known_hand(seat, o))}
        obs["told"] = {str(o): w for v, o, w in state.intel if v == seat}
        obs["icons"] = {"net_bites": state.net_bites(seat), "net_wounds": state.net_wounds(seat),
                        "gold": state.gold(seat)}
        obs["my_choice"] = _choice(state, state.pending[seat]) if seat in state.pending else None
    if over:
        obs["reveal"] = [{"seat": s, "werewolf": state.wolf[s], "wolf_zero": state.zero[s],
                          "hand": hand_json(state.hands[s])} for s in range(n)]
    return obs


def _window(state: GrowlState) -> dict[str, Any]:
    phase = state.phase
    out: dict[str, Any] = {"members": list(state.window)}
    if phase == VOTE:
        out["votes"] = {str(s): t for s, t in state.votes.items()}
    elif phase == POINT:
        out["candidates"], out["round"] = list(state.candidates), state.rounds
    elif phase == SAVE:
        out["unsaved"], out["saver"] = list(state.unsaved), state.picker
    elif phase == PICK:
        out["picker"], out["options"], out["why"] = state.picker, list(state.pick_options), state.pick_kind
    elif phase == SHOW:
        out["shower"] = state.show_seat
    elif phase == HALLOWS:
        out["dead_seat"] = state.picker
    elif phase == CONTRIBUTE:
        out["kind"] = IDS[state.night_card]
    out["death_rattles"] = list(state.rattles)
    return out


# ---- the terminal ---------------------------------------------------------------------------------------

def _cards(counts: dict[str, int]) -> str:
    return ", ".join(f"{CARDS[INDEX[c]].name}×{k}" if k > 1 else CARDS[INDEX[c]].name for c, k in counts.items())


def _name(card_id: str | None) -> str:
    return CARDS[INDEX[card_id]].name if card_id else "—"


def render(obs: dict[str, Any]) -> str:
    """The table as seen from ``obs['seat']``, as text with Rich markup."""
    seat = obs["seat"]
    lines = [f"[bold]GROWL[/bold] — turn {obs['turn']}, {obs['phase']}, deck {obs['deck_size']} "
             f"(top: [bold]{_name(obs['top_card'])}[/bold]), talk {obs['talk']}"]
    if obs["night_card"]:
        lines.append(f"[magenta]Night card:[/magenta] {_name(obs['night_card'])}")
    if seat is not None:
        team = "[red]werewolf[/red]" + (" (Wolf Zero)" if obs["wolf_zero"] else "") if obs["werewolf"] \
            else "[green]human[/green]"
        icons = obs["icons"]
        lines.append(f"You are seat {seat}, {team}. Hand: {_cards(obs['hand']) or 'empty'} "
                     f"(net bites {icons['net_bites']}, net wounds {icons['net_wounds']}, gold {icons['gold']})")
        if obs["sniffed"]:
            lines.append("The Sniff: werewolves at setup " + ", ".join(map(str, obs["sniffed"])))
        for o, w in obs["told"].items():
            lines.append(f"You know seat {o} was {'a werewolf' if w else 'human'}.")
    for p in obs["seats"]:
        s = p["seat"]
        mark = " ← you" if s == seat else ""
        act = " [yellow]*[/yellow]" if s in obs["actors"] else ""
        dead = " [red](dead)[/red]" if not p["alive"] else ""
        front = f" — in front: {', '.join(_name(c) for c in p['front'])}" if p["front"] else ""
        lines.append(f"  seat {s} (pos {p['position']}){act}{dead}: {p['hand_size']} cards{front}{mark}")
    if obs["discards"]:
        lines.append("Discards: " + ", ".join(_name(c) for c in obs["discards"]))
    if obs["seance"]:
        lines.append("Séance: " + "; ".join(f"seat {x['seat']} died {'a werewolf' if x['werewolf'] else 'human'}"
                                             for x in obs["seance"]))
    for e in obs["log"][-6:]:
        if e["kind"] == "game_over":
            continue  # the reveal is drawn below
        data = ", ".join(f"{k}={v}" for k, v in e.items() if k not in ("kind", "to"))
        lines.append(f"  [dim]{e['kind']}: {data}[/dim]")
    if obs["result"]:
        r = obs["result"]
        lines.append(f"[bold]The Growl![/bold] {r['reason']} — winners {r['winners']}, scores {r['scores']}")
        for x in obs["reveal"]:
            team = "werewolf" + (" zero" if x["wolf_zero"] else "") if x["werewolf"] else "human"
            lines.append(f"  seat {x['seat']}: {team}; {_cards(x['hand']) or 'no cards'}")
    return "\n".join(lines)


def game_stats(obs: dict[str, Any]) -> dict[str, Any]:
    """Designer statistics of a finished game, from the final spectator observation (teams are revealed).

    Read by ``hexbox.sim`` into each result line and by ``hexbox report``'s GROWL section.
    """
    result = obs["result"] or {"winners": [], "reason": ""}
    why, _, team = result["reason"].partition(": ")
    reveal = obs.get("reveal") or []
    wolves = [x["seat"] for x in reveal if x["werewolf"]]
    zeroes = [x["seat"] for x in reveal if x["wolf_zero"]]
    dead = [p["seat"] for p in obs["seats"] if not p["alive"]]
    options = obs["options"]
    return {
        "winning_team": team or None,
        "end": why or None,
        "expansions": "+".join(k for k in ("curses", "spells") if options.get(k)) or "base",
        "deaths": len(dead),
        "dead": dead,
        "dead_humans": sum(1 for s in dead if s not in wolves),
        "wolf_zeroes": len(zeroes),
        # nobody starts a werewolf except the Wolf Zeroes, and nobody is cured
        "turned": len(wolves) - len(zeroes),
        "humans_at_start": obs["players"] - len(zeroes),
        "werewolves_at_end": len(wolves),
        "nights": obs["nights"],
    }
