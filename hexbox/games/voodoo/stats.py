"""Designer statistics of one Voodoo game: the game's ``stats`` hook, read by ``hexbox report`` (report.py)."""

from __future__ import annotations

from typing import Any

from .cards import PERMANENTS

_PERMANENT_IDS = frozenset(p.id for p in PERMANENTS)


def game_stats(obs: dict[str, Any]) -> dict[str, Any]:
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
        "turns": pub["turn"],
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
        # per seat, for card strength in reports: the permanents drawn and the artefacts held at the end
        "held": [sorted({*perm, *(h["artefacts"] if h else [])})
                 for perm, h in zip(pub["permanents"], pub["all_hands"] or [None] * len(scores), strict=True)],
    }


def first_player(state: Any) -> int | None:
    """The ``first`` hook: asked of the new state, whose active seat takes the first turn (R7, D6)."""
    return state.active if state.turn == 0 else None
