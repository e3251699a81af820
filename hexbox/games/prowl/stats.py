"""Designer statistics of one finished game (the ``stats`` hook), read by ``hexbox report``'s Prowl sections."""

from __future__ import annotations

from typing import Any

from hexbox.core.report import used_by_seat

from .cards import CARD_INDEX, CARDS, CLANS

#: the public events that say a seat used a card: kind -> (the seat's field, the card's field) (hexbox.sim.runner)
USES = {"play": ("seat", "card"), "attach": ("seat", "card")}
#: every card card strength should measure
MEASURED = tuple(c.id for c in CARDS)

#: the result kinds decided on the ladder down the track (R45-R47): the deciding clan is the winner's
LADDER_KINDS = ("sole_control", "dominance_tiebreak")


def game_stats(obs: dict[str, Any], used: Any = ()) -> dict[str, Any]:
    """From the final spectator observation (every clan card is revealed then, R44)."""
    pub = obs["public"]
    clan_ids = [CLANS[CARDS[CARD_INDEX[c]].clan].id for c in pub["clan_cards"]]
    start, final = pub["start_track"], pub["track"]
    result = obs["result"]
    winner = result["winners"][0] if result["winners"] else None
    winner_clan = clan_ids[winner] if winner is not None else None
    return {
        "clans": clan_ids,
        "start_track": start,
        "final_track": final,
        # 1 = the top of the track when the game began
        "start_ranks": [start.index(k) + 1 for k in clan_ids],
        "final_ranks": [final.index(k) + 1 for k in clan_ids],
        "winner": winner,
        "winner_clan": winner_clan,
        "winner_start_rank": start.index(winner_clan) + 1 if winner_clan is not None else None,
        "decided_by": result["kind"],
        # the final track position (1 = top) of the clan that settled a game decided on the ladder
        "ladder_step": final.index(winner_clan) + 1 if result["kind"] in LADDER_KINDS else None,
        "dominance": pub["dominance"],
        # per seat, for fairness and card strength in reports: the clan, and the clan card played
        "roles": clan_ids,
        "held": [[c] for c in pub["clan_cards"]],
        **used_by_seat(used, len(clan_ids)),
    }


def first_player(state: Any) -> int | None:
    """The ``first`` hook: the start player, drawn once every clan card is placed (R9); None until then."""
    return state.start if state.start >= 0 else None
