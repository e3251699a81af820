"""The table drawn as text for the terminal (Rich markup), from one viewer's observation only."""

from __future__ import annotations

from typing import Any

from hexbox.core.game import count

from .cards import CARD_INDEX, CARDS, CLANS, LEADERS

NAMES = {c.id: c.name for c in CARDS}
CLAN_NAMES = {k.id: k.name for k in CLANS}


def render(obs: dict[str, Any]) -> str:
    """The table as seen from ``obs['seat']``: track, your clan and hand, discards and attachments."""
    seat = obs["seat"]
    pub, mine = obs["public"], obs["private"]
    when = f"round {pub['round']} of {pub['rounds']}, turn {pub['turn']}" if pub["round"] else \
        f"set-up ({pub['rounds']} rounds to come)"  # rounds and turns count from 1; 0 is the set-up
    lines = [f"[bold]Prowl[/bold] — {when}, {obs['phase']} phase"]
    lines.append("Track (top first): " + "  >  ".join(
        f"{i + 1}. [bold]{CLAN_NAMES[k]}[/bold]" for i, k in enumerate(pub["track"])))
    if mine is not None:
        clan = mine["clan_card"]
        shown = f"{NAMES[clan]} ([green]{clan_of(clan)}[/green])" if clan else "not placed yet"
        lines.append(f"You are seat {seat}. Your clan card: {shown}")
        hand = ", ".join(f"{NAMES[c]} ({clan_of(c)})" for c in mine["hand"]) or "empty"
        lines.append(f"Your hand: {hand}")
        for p, c in mine["known_clans"].items():
            lines.append(f"  you know seat {p}'s clan card: {NAMES[c]} ({clan_of(c)})")
        for p, cards in mine["known_hands"].items():
            lines.append(f"  you know seat {p} holds: {', '.join(NAMES[c] for c in cards)}")
        for p, cards in mine["known_held"].items():
            lines.append(f"  seat {p} holds these in hand or as its clan: {', '.join(NAMES[c] for c in cards)}")
    for info in pub["players_info"]:
        p = info["seat"]
        tags = []
        if p == seat:
            tags.append("you")
        if p == pub["dominance"]:
            tags.append("[yellow]Dominance[/yellow]")
        if p == pub["active"]:
            tags.append("[bold]to act[/bold]")
        if info["constraint"]:
            tags.append(info["constraint"].replace("_", " "))
        clan = info["clan_card"]
        shown = f"clan {NAMES[clan]} ({clan_of(clan)}), face up" if clan else (
            "clan face down" if info["placed"] else "no clan yet")
        if info["denied"]:
            shown += ", not " + "/".join(CLAN_NAMES[k] for k in info["denied"])
        head = f"  seat {p}" + (f" ({', '.join(tags)})" if tags else "")
        lines.append(f"{head}: {info['hand_size']} in hand; {shown}")
        if info["attachments"]:
            lines.append("    attachments: " + "; ".join(_attachment(a) for a in info["attachments"]))
        if info["discards"]:
            lines.append("    discards: " + ", ".join(NAMES[c] for c in info["discards"]))
    if pub["deck_size"] or pub["deck_discards"]:
        lines.append(f"Strengthening deck: {count(pub['deck_size'], 'card')}; revealed: "
                     + (", ".join(NAMES[c] for c in pub["deck_discards"]) or "none"))
    prompt = pub["prompt"]
    if prompt and prompt["seat"] == seat:
        lines.append(f"[bold]{prompt_text(prompt, seat, pub['dominance'])}[/bold]")
    if obs["result"]:
        lines.append(f"[bold]Game over[/bold]: {obs['result']['reason']}")
        lines.append("Clan cards: " + "; ".join(
            f"seat {p}: {NAMES[c]} ({clan_of(c)})" for p, c in enumerate(pub["clan_cards"])))
    return "\n".join(lines)


def prompt_text(prompt: dict[str, Any], seat: int, dominance: int | None) -> str:
    """What the open prompt asks of its player."""
    if prompt["step"] == "reward":
        target = prompt["target"]
        if dominance == seat:  # R29: the first reward raises a clan instead
            return (f"Your accusation of seat {target} was right: choose your reward. You already hold Dominance, so "
                    f"'take the Dominance token' raises a clan of your choice by one instead.")
        return f"Your accusation of seat {target} was right: choose your reward."
    if prompt["step"] == "reward_clan":
        return "Your reward: choose a clan to raise by one (you already hold Dominance)."
    return f"Choose for {NAMES[prompt['card']]}: {prompt['step']}"


def clan_of(card_id: str) -> str:
    return CLANS[CARDS[CARD_INDEX[card_id]].clan].name


def _attachment(a: dict[str, Any]) -> str:
    text = NAMES[a["card"]] + (" (leader)" if CARD_INDEX[a["card"]] in LEADERS else "")
    if a["clan"]:
        text += f" naming {CLAN_NAMES[a['clan']]}"
    if a["target"] is not None:
        text += f" on seat {a['target']}"
    return text
