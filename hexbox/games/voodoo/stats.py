"""Designer statistics of one Voodoo game: the game's ``stats`` hook, read by ``hexbox report`` (report.py)."""

from __future__ import annotations

from typing import Any

from hexbox.core.report import used_by_seat

from .cards import ARTEFACTS, CURSES, PERMANENTS

_PERMANENT_IDS = frozenset(p.id for p in PERMANENTS)

#: the public events that say a seat used a card: kind -> (the seat's field, the card's field) (hexbox.sim.runner)
USES = {"cast": ("caster", "curse"), "artefact_used": ("seat", "artefact")}
#: every card card strength should measure: the curses, the permanent curses, the artefacts
MEASURED = tuple(c.id for c in (*CURSES, *PERMANENTS, *ARTEFACTS))
#: knobs whose effect needs something the bots may never do: knob pattern -> (the measure that counts it, what it
#: is, agents that do it). A run in which it never happened cannot say anything about the knob.
BEHAVIOURS = {
    "options.false_claim_penalty": ("stat:false_claims", "claim a curse falsely", "random"),
    "overlay.curse.*.interrupt": ("stat:curse_breaks", "break a curse they are under", "random"),
    "overlay.curse.*.rule": ("stat:curse_breaks", "break a curse they are under", "random"),
    "overlay.permanent.*.consequence": ("stat:permanent_breaks", "break a Permanent Curse", "random"),
    "overlay.permanent.*.rule": ("stat:permanent_breaks", "break a Permanent Curse", "random"),
}


def game_stats(obs: dict[str, Any], used: Any = ()) -> dict[str, Any]:
    """Designer statistics of a finished game, from the final spectator observation.

    ``end`` is the result's kind ("reached_target" or "turn_cap"). ``score_history`` is every seat's score after
    each turn (entry 0 the start, the last entry the final scores); ``curses_cast``, ``curse_claims`` (claims that
    scored: true claims in call-out mode, automatic awards in automatic mode) and ``false_claims`` are the
    game's public tallies; breaks come from the full list of violations, public at the end.
    """
    result = obs["result"] or {"winners": [], "kind": ""}
    pub = obs["public"]
    scores = pub["scores"]
    violations = pub["violations"] or []
    curse_breaks = [v for v in violations if v["curse"] not in _PERMANENT_IDS]
    return {
        "scores": scores,
        "winner_score": max(scores) if result["winners"] else None,
        "turns": obs["turn"],  # the turns played, the one that ended the game included (VoodooState.turns)
        "end": result["kind"] or None,
        "claim_mode": pub["claim_mode"],
        # a few ints per turn: a 6-seat game at the 300-turn cap adds about 6 kB to its result line
        "score_history": pub["score_history"],
        "curses_cast": pub["curses_cast"],
        "curse_breaks": len(curse_breaks),
        "curse_claims": pub["curse_claims"],
        "false_claims": pub["false_claims"],
        "permanent_breaks": len(violations) - len(curse_breaks),
        "permanents_drawn": sum(len(p) for p in pub["permanents"]),
        "permanents": pub["permanents"],
        "curses_in_play_at_end": len(pub["curses_in_play"]),
        # per seat, for card strength in reports: the permanents drawn, the curses and artefacts in hand at the end
        # and the curses it cast that are still in play
        "held": [sorted({*perm, *(h["artefacts"] if h else []), *(h["curses"] if h else []),
                         *(c["curse"] for c in pub["curses_in_play"] if c["caster"] == seat)})
                 for seat, (perm, h) in enumerate(zip(pub["permanents"], pub["all_hands"] or [None] * len(scores),
                                                      strict=True))],
        # per seat, the curses it cast and the artefacts it used (what card strength by use reads)
        **used_by_seat(used, len(scores)),
    }


def first_player(state: Any) -> int | None:
    """The ``first`` hook: asked of the new state, whose active seat takes the first turn (R7, D6)."""
    return state.active if state.turn == 0 else None
