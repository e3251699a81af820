"""What each seat sees (spec §7), and the table drawn as text for the terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import CARD_INDEX, CARDS, CLANS, FIELD_MARSHAL, LEADERS

if TYPE_CHECKING:
    from .rules import ProwlState

NAMES = {c.id: c.name for c in CARDS}
CLAN_NAMES = {k.id: k.name for k in CLANS}


def _ids(cards: list[int] | tuple[int, ...]) -> list[str]:
    return [CARDS[c].id for c in cards]


def observe(state: ProwlState, seat: int | None) -> dict[str, Any]:
    from .rules import CONSTRAINTS, OVER, PHASES, _att_params

    n = state.n
    over = state.phase == OVER
    players = []
    for p in range(n):
        card = state.clan_card[p]
        attachments = [{"card": CARDS[c].id, **_att_params(c, state.att_a[c], state.att_b[c])}
                       for c in range(32) if state.att_by[c] == p]
        players.append({
            "seat": p,
            "hand_size": len(state.hands[p]),
            "turns_left": len(state.hands[p]) if card >= 0 else len(state.hands[p]) - 1,
            "placed": card >= 0,
            "clan_card": CARDS[card].id if card >= 0 and state.face_up[p] else None,
            "face_up": state.face_up[p],
            "denied": [k.id for k in CLANS if state.denied[p] >> k.index & 1],
            "discards": _ids(state.discards[p]),
            "attachments": attachments,
            "constraint": CONSTRAINTS[state.constraint[p]],
        })
    prompt = state.prompt
    obs: dict[str, Any] = {
        "game": "prowl",
        "players": n,
        "seat": seat,
        "phase": PHASES[state.phase],
        "turn": state.turns,
        "round": (state.turns - 1) // n + 1 if state.turns else 0,
        "rounds": state.game.hand_size - 1,
        "start": state.start if state.start >= 0 else None,
        "active": state.active if state.active >= 0 else None,
        "actors": list(state.actors),
        "dominance": state.dominance if state.dominance >= 0 else None,
        "track": [CLANS[k].id for k in state.track],
        "start_track": [CLANS[k].id for k in state.start_track],
        "players_info": players,
        "leaders": state.game.leaders,
        "deck_size": len(state.deck),
        "deck_discards": _ids(state.deck_discards),
        "box_size": len(state.box),
        "prompt": None if prompt is None else {
            "seat": state.active, "card": CARDS[prompt[0]].id if prompt[0] >= 0 else None, "step": prompt[1],
            # the prompt's first parameter is public: a chosen seat, or the Field Marshal's clan
            "target": prompt[2] if prompt[2] >= 0 and prompt[0] != FIELD_MARSHAL else None,
            "clan": CLANS[prompt[2]].id if prompt[0] == FIELD_MARSHAL and prompt[2] >= 0 else None,
        },
        "history": [dict(h) for h in state.history],
        "result": state.result.to_json() if state.result else None,
    }
    if seat is not None:
        obs["hand"] = _ids(state.hands[seat])
        obs["clan_card"] = CARDS[state.clan_card[seat]].id if state.clan_card[seat] >= 0 else None
        obs["known_clans"] = {str(p): CARDS[c].id for p, c in enumerate(state.known_clans[seat]) if c >= 0}
        obs["known_hands"] = {str(p): _ids(sorted(h)) for p, h in enumerate(state.known_hand[seat]) if h}
        # cards known to be in that player's hand or to be its clan card (it Changed since you saw them)
        obs["known_held"] = {str(p): _ids(sorted(h)) for p, h in enumerate(state.known_held[seat]) if h}
        if prompt is not None and seat == state.active and prompt[3] >= 0:
            obs["prompt"]["chosen_card"] = CARDS[prompt[3]].id  # Mist Weaver: the card you offer
    if over:
        obs["clan_cards"] = _ids(state.clan_card)  # R44, D17: everything is revealed at the end
        obs["box"] = _ids(sorted(state.box))
        obs["deck"] = _ids(state.deck)
    return obs


def render(obs: dict[str, Any]) -> str:
    """The table as seen from ``obs['seat']``: track, your clan and hand, discards and attachments."""
    seat = obs["seat"]
    lines = [f"[bold]Prowl[/bold] — round {obs['round']} of {obs['rounds']}, turn {obs['turn']}, {obs['phase']} phase"]
    track = obs["track"]
    lines.append("Track (top first): " + "  >  ".join(
        f"{i + 1}. [bold]{CLAN_NAMES[k]}[/bold]" for i, k in enumerate(track)))
    if seat is not None:
        clan = obs["clan_card"]
        mine = f"{NAMES[clan]} ([green]{_clan_of(clan)}[/green])" if clan else "not placed yet"
        lines.append(f"You are seat {seat}. Your clan card: {mine}")
        hand = ", ".join(f"{NAMES[c]} ({_clan_of(c)})" for c in obs["hand"]) or "empty"
        lines.append(f"Your hand: {hand}")
        for p, c in obs["known_clans"].items():
            lines.append(f"  you know seat {p}'s clan card: {NAMES[c]} ({_clan_of(c)})")
        for p, cards in obs["known_hands"].items():
            lines.append(f"  you know seat {p} holds: {', '.join(NAMES[c] for c in cards)}")
        for p, cards in obs["known_held"].items():
            lines.append(f"  seat {p} holds these in hand or as its clan: {', '.join(NAMES[c] for c in cards)}")
    for info in obs["players_info"]:
        p = info["seat"]
        tags = []
        if p == seat:
            tags.append("you")
        if p == obs["dominance"]:
            tags.append("[yellow]Dominance[/yellow]")
        if p == obs["active"]:
            tags.append("[bold]to act[/bold]")
        if info["constraint"]:
            tags.append(info["constraint"].replace("_", " "))
        clan = info["clan_card"]
        shown = f"clan {NAMES[clan]} ({_clan_of(clan)}), face up" if clan else (
            "clan face down" if info["placed"] else "no clan yet")
        if info["denied"]:
            shown += ", not " + "/".join(CLAN_NAMES[k] for k in info["denied"])
        head = f"  seat {p}" + (f" ({', '.join(tags)})" if tags else "")
        lines.append(f"{head}: {info['hand_size']} in hand; {shown}")
        if info["attachments"]:
            lines.append("    attachments: " + "; ".join(_attachment(a) for a in info["attachments"]))
        if info["discards"]:
            lines.append("    discards: " + ", ".join(NAMES[c] for c in info["discards"]))
    if obs["deck_size"] or obs["deck_discards"]:
        lines.append(f"Strengthening deck: {obs['deck_size']} cards; revealed: "
                     + (", ".join(NAMES[c] for c in obs["deck_discards"]) or "none"))
    if obs["prompt"] and obs["prompt"]["seat"] == seat:
        what = NAMES[obs["prompt"]["card"]] if obs["prompt"]["card"] else "your accusation"
        lines.append(f"[bold]Choose for {what}: {obs['prompt']['step']}[/bold]")
    if obs["result"]:
        lines.append(f"[bold]Game over[/bold]: {obs['result']['reason']}")
        lines.append("Clan cards: " + "; ".join(
            f"seat {p}: {NAMES[c]} ({_clan_of(c)})" for p, c in enumerate(obs["clan_cards"])))
    return "\n".join(lines)


def _clan_of(card_id: str) -> str:
    return CLANS[CARDS[CARD_INDEX[card_id]].clan].name


def _attachment(a: dict[str, Any]) -> str:
    text = NAMES[a["card"]] + (" (leader)" if CARD_INDEX[a["card"]] in LEADERS else "")
    if a.get("clan"):
        text += f" naming {CLAN_NAMES[a['clan']]}"
    if a.get("target") is not None:
        text += f" on seat {a['target']}"
    return text


def game_stats(obs: dict[str, Any]) -> dict[str, Any]:
    """Designer statistics of a finished game, from the final spectator observation (clan cards are revealed).

    Read by ``hexbox.sim`` into each result line and by ``hexbox report``'s Prowl section.
    """
    clans = [CARDS[CARD_INDEX[c]].clan for c in obs["clan_cards"]]
    clan_ids = [CLANS[k].id for k in clans]
    start = obs["start_track"]
    final = obs["track"]
    result = obs["result"] or {"winners": [], "reason": ""}
    winner = result["winners"][0] if result["winners"] else None
    decided_by, step = _decided_by(result["reason"], final)
    return {
        "clans": clan_ids,
        "start_track": start,
        "final_track": final,
        # 1 = the top of the track when the game began
        "start_ranks": [start.index(k) + 1 for k in clan_ids],
        "final_ranks": [final.index(k) + 1 for k in clan_ids],
        "winner": winner,
        "winner_clan": clan_ids[winner] if winner is not None else None,
        "winner_start_rank": start.index(clan_ids[winner]) + 1 if winner is not None else None,
        "decided_by": decided_by,
        "ladder_step": step,
        "dominance": obs["dominance"],
    }


def _decided_by(reason: str, track: list[str]) -> tuple[str, int | None]:
    """How scoring.decide ended, read from its reason: the kind of decision and, on the ladder, the step.

    The ladder step is the final track position (1 = top) of the clan that settled the game.
    """
    if reason.startswith("no winner: High Mage"):
        return "no_winner_contract", None
    if reason.startswith("no winner"):
        return "no_winner_ties", None
    if reason.startswith("leader claim:"):
        return "leader_claim", None
    if reason.startswith("leader claims by") and "tied without Dominance" not in reason:
        return "leader_claims_dominance", None
    names = {k.name: k.id for k in CLANS}
    for part in reason.split("; "):
        for name, clan in names.items():
            if part.startswith(f"{name}: seat") and part.endswith("alone controls it"):
                return "sole_control", track.index(clan) + 1
            if part.startswith(f"{name} tied (seats"):
                return "dominance_tiebreak", track.index(clan) + 1
    return "other", None
