"""Designer statistics of one finished game (the ``stats`` hook), read by ``hexbox.sim`` and report.py."""

from __future__ import annotations

from typing import Any

from hexbox.core.report import used_by_seat

from .cards import CARDS

#: the public events that say a seat used a card: kind -> (the seat's field, the card's field) (hexbox.sim.runner):
#: a Day gift, a Spell activated, the Night or Final Night card an active player revealed
USES = {"gave": ("seat", "card"), "spell": ("seat", "spell"), "night_card": ("seat", "card"),
        "begin": ("seat", "card")}
#: every card card strength should measure
MEASURED = tuple(c.id for c in CARDS)
#: knobs whose effect needs something the bots may never do (see hexbox.sim.measures.untested)
BEHAVIOURS = {
    "options.holy_water": ("any:holy_water", "hold or give a Holy Water card", "random"),
    "overlay.card.holy_water": ("any:holy_water", "hold or give a Holy Water card", "random"),
    "overlay.card.wolfsbane": ("held:wolfsbane", "have Wolfsbane in front of them, where it blocks Bites",
                               "random"),
    "options.cant_pass": ("stat:cant_pass", "meet a Night with no two cards they may pass", "random"),
    "overlay.card.charm_bracelet.icons": ("held:charm_bracelet", "hold the Charm Bracelet when its Charm decides "
                                                                 "a turning (four Bites in hand)", "random"),
}


def game_stats(obs: dict[str, Any], used: Any = ()) -> dict[str, Any]:
    """From the final spectator observation, where every team and hand is revealed (R71)."""
    pub, result = obs["public"], obs["result"]
    reveal = pub["reveal"] or []
    wolves = [x["seat"] for x in reveal if x["werewolf"]]
    zeroes = [x["seat"] for x in reveal if x["wolf_zero"]]
    dead = [p["seat"] for p in pub["seats"] if not p["alive"]]
    winners = result["winners"] if result else []
    # R71: one team wins, every member of it; the Wolf Zeroes are never human, so a team always has members
    team = None if not winners or not reveal else "werewolves" if reveal[winners[0]]["werewolf"] else "humans"
    options = pub["options"]
    return {
        "winning_team": team,
        "end": result["kind"] if result else None,
        "expansions": "+".join(k for k in ("curses", "spells") if options.get(k)) or "base",
        "deaths": len(dead),
        "dead": dead,
        "dead_humans": sum(1 for s in dead if s not in wolves),
        "wolf_zeroes": len(zeroes),
        # nobody starts a werewolf except the Wolf Zeroes, and nobody is cured
        "turned": len(wolves) - len(zeroes),
        "humans_at_start": pub["players"] - len(zeroes),
        "werewolves_at_end": len(wolves),
        "nights": pub["nights"],
        # per seat, for fairness and card strength in reports: the team at the end, the cards held or in front
        "roles": ["werewolf" if x["werewolf"] else "human" for x in reveal] if reveal else None,
        "held": [sorted({*(reveal[p["seat"]]["hand"] if reveal else {}), *p["front"]}) for p in pub["seats"]],
        **used_by_seat(used, len(pub["seats"])),
    }


def first_player(state: Any) -> int | None:
    """The ``first`` hook: the seat that takes the first turn (S9, R15)."""
    return state.start_pos
