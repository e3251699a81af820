"""The table as text for the terminal (the ``render`` hook), in Rich markup, from one viewer's observation."""

from __future__ import annotations

from typing import Any

from hexbox.core.game import count

from .words import card, cards

#: the phases as players say them (the browser's growl.js says the same)
PHASE = {"spells": "the spell step", "give": "the Day: the top card is given", "night_card": "a Night card is revealed",
         "contribute": "secret contributions", "show": "Truth Serum", "vote": "an open vote",
         "purge": "The Purge: a secret vote", "point": "The Unwanted: pointing left or right", "save": "The Unsaved",
         "pick": "a pick", "hallows": "All Hallows' Eve", "passing": "the Night: a card to each neighbour",
         "death_rattle": "Death Rattle", "over": "the Growl"}


def _name(card_id: str | None) -> str:
    return card(card_id) if card_id else "—"


def render(obs: dict[str, Any]) -> str:
    """The table as seen from ``obs['seat']`` (None: a spectator)."""
    seat, pub, me = obs["seat"], obs["public"], obs["private"]
    talk = "open" if pub["talk_allowed"] else "silent"
    phase = PHASE.get(obs["phase"], obs["phase"].replace("_", " "))
    lines = [f"[bold]GROWL[/bold] — turn {pub['turn']}, {phase}; deck {pub['deck_size']} "
             f"(top: [bold]{_name(pub['top_card'])}[/bold]), talk {talk}"]
    if pub["night_card"]:
        lines.append(f"[magenta]Night card:[/magenta] {_name(pub['night_card'])}")
    if me is not None:
        team = "[red]werewolf[/red]" + (" (Wolf Zero)" if me["wolf_zero"] else "") if me["werewolf"] \
            else "[green]human[/green]"
        icons = me["icons"]
        hand = cards(me["hand"]) if me["hand"] else "empty"
        lines.append(f"You are seat {seat}, {team}. Hand: {hand} "
                     f"(net bites {icons['net_bites']}, net wounds {icons['net_wounds']}, gold {icons['gold']})")
        if me["sniffed"]:
            lines.append("The Sniff: werewolves at setup " + ", ".join(map(str, me["sniffed"])))
        for o, w in me["told"].items():
            lines.append(f"You know seat {o} was {'a werewolf' if w else 'human'}.")
    for p in pub["seats"]:
        s = p["seat"]
        mark = " ← you" if s == seat else ""
        act = " [yellow]*[/yellow]" if s in obs["actors"] else ""
        dead = " [red](dead)[/red]" if not p["alive"] else ""
        front = f" — in front: {', '.join(_name(c) for c in p['front'])}" if p["front"] else ""
        lines.append(f"  seat {s} (pos {p['position']}){act}{dead}: {count(p['hand_size'], 'card')}{front}{mark}")
    if pub["discards"]:
        lines.append("Discards: " + ", ".join(_name(c) for c in pub["discards"]))
    if pub["seance"]:
        lines.append("Séance: " + "; ".join(f"seat {x['seat']} died {'a werewolf' if x['werewolf'] else 'human'}"
                                             for x in pub["seance"]))
    # no log here: the terminal prints what the seat was told since its last move, and replay each move's words
    if obs["result"]:
        r = obs["result"]
        winners = [int(w) for w in r["winners"]]
        who = f"seat{'s' if len(winners) > 1 else ''} {_listed(winners)} win{'' if len(winners) > 1 else 's'}" \
            if winners else "nobody wins"
        scores = ", ".join(f"seat {k}: {v}" for k, v in r["scores"].items())
        lines.append(f"[bold]The Growl![/bold] {r['reason']} So {who}. Scores: {scores}.")
        for x in pub["reveal"]:
            team = "werewolf" + (" zero" if x["wolf_zero"] else "") if x["werewolf"] else "human"
            lines.append(f"  seat {x['seat']}: {team}; {cards(x['hand']) if x['hand'] else 'no cards'}")
    return "\n".join(lines)


def _listed(seats: list[int]) -> str:
    """[1, 3, 4] → "1, 3 and 4"."""
    text = [str(s) for s in seats]
    return text[0] if len(text) == 1 else ", ".join(text[:-1]) + f" and {text[-1]}"
