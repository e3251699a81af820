"""Ending the Game: Dominance and Tiebreaking (R45-R51, docs/games/prowl.md), as pure functions of the final
position.

``decide`` takes the track (top first), each seat's clan, the Dominance holder and the attachments, and returns
the Result: Cursed Effigy curses, leader claims, the ladder down the track, then the High Mage contract. Its
``kind`` says which of these decided (RESULT_KINDS); ``reason`` says the same in words.
"""

from __future__ import annotations

from hexbox.core import Result, seats_text

from .cards import (
    AUTUMN,
    CARDS,
    CLANS,
    CURSED_EFFIGY,
    EXILED_PRINCE,
    GRAND_CHANCELLOR,
    HIGH_MAGE,
    LEADERS,
    SUMMER,
    WARLORD,
    WINTER,
)

#: every code ``Result.kind`` takes: who or what decided the game
RESULT_KINDS = (
    "sole_control",  # R45: the highest clan anyone controls (after passing over tied or lost ones) has one controller
    "dominance_tiebreak",  # R46: that clan is tied and one of its controllers holds Dominance
    "leader_claim",  # R49: exactly one leader's claim holds
    "leader_claims_dominance",  # R49: several claims hold and one claimant holds Dominance
    "no_winner_ties",  # R47, R48: every controlled clan was tied without Dominance or its controller had lost
    "no_winner_contract",  # R50: the winner broke the High Mage's contract
)


def leader_claims(track: list[int], clans: list[int], dominance: int, att_by: list[int], att_a: list[int],
                  lost: set[int]) -> dict[int, int]:
    """R49: seat -> the clan it wins with, for every player whose leader's condition holds."""
    claims: dict[int, int] = {}
    p = att_by[EXILED_PRINCE]  # each leader is in front of one player at most: look at the leaders in play
    if p >= 0 and p not in lost and clans[p] == SUMMER and track[3] == WINTER:
        claims[p] = SUMMER
    p = att_by[WARLORD]
    if p >= 0 and p not in lost and clans[p] == AUTUMN and dominance == p and track.index(AUTUMN) <= 1:
        claims[p] = AUTUMN
    p = att_by[GRAND_CHANCELLOR]
    if p >= 0 and p not in lost and clans[p] == WINTER and track[1] == WINTER:
        claims[p] = WINTER
    p = att_by[HIGH_MAGE]  # last: with two claims, the named clan is the one the contract asks for
    if p >= 0 and p not in lost and att_a[HIGH_MAGE] == track[0]:
        claims[p] = att_a[HIGH_MAGE]
    return claims


def ladder(track: list[int], clans: list[int], dominance: int, lost: set[int]) -> tuple[int, int, str, str]:
    """R45-R48: down the track; a lone controller wins, a tie goes to the Dominance holder or loses together.

    Returns (winner or -1, the winning clan or -1, the reason, the result kind)."""
    notes = []
    for clan in track:
        group = [p for p in range(len(clans)) if clans[p] == clan]
        name = CLANS[clan].name
        if not group:
            continue
        if len(group) == 1:
            p = group[0]
            if p not in lost:
                return p, clan, "; ".join([*notes, f"{name}: seat {p} alone controls it"]), "sole_control"
            notes.append(f"{name}: seat {p} has lost")
            continue
        seats = ", ".join(map(str, group))
        if dominance in group and dominance not in lost:
            won = f"{name} tied (seats {seats}), seat {dominance} holds Dominance"
            return dominance, clan, "; ".join([*notes, won]), "dominance_tiebreak"
        notes.append(f"{name} tied without Dominance (seats {seats})")
    return -1, -1, "; ".join(notes), "no_winner_ties"


def decide(track: list[int], clans: list[int], dominance: int, att_by: list[int], att_a: list[int],
           att_b: list[int]) -> Result:
    """R51: curses, leader claims, the ladder, then the High Mage contract."""
    n = len(clans)
    lost = set()
    if att_by[CURSED_EFFIGY] >= 0 and clans[att_a[CURSED_EFFIGY]] == att_b[CURSED_EFFIGY]:  # card 6, R48
        lost.add(att_a[CURSED_EFFIGY])
    claims = leader_claims(track, clans, dominance, att_by, att_a, lost)
    if len(claims) == 1:
        (winner, clan), = claims.items()
        reason, kind = f"leader claim: {_leader_of(winner, att_by)} (seat {winner})", "leader_claim"
    elif claims:
        seats = ", ".join(map(str, sorted(claims)))
        if dominance in claims:
            winner, clan = dominance, claims[dominance]
            reason = f"leader claims by seats {seats}; seat {winner} holds Dominance"
            kind = "leader_claims_dominance"
        else:
            lost |= set(claims)  # X14: tied claimants lose, and still cause ties
            winner, clan, reason, kind = ladder(track, clans, dominance, lost)
            reason = f"leader claims by seats {seats} tied without Dominance; {reason}"
    else:
        winner, clan, reason, kind = ladder(track, clans, dominance, lost)
    if winner >= 0 and att_by[HIGH_MAGE] == winner and clan != att_a[HIGH_MAGE]:  # R50
        reason = f"no winner: High Mage contract broken by seat {winner} ({reason})"
        winner, kind = -1, "no_winner_contract"
    elif winner < 0:
        reason = f"no winner: every controlled clan was tied or lost ({reason})" if reason else "no winner"
    if lost:
        reason += f"; lost by a card effect or tie: {seats_text(sorted(lost))}"
    winners = frozenset() if winner < 0 else frozenset((winner,))
    return Result(winners, {p: int(p == winner) for p in range(n)}, reason, kind)


def _leader_of(seat: int, att_by: list[int]) -> str:
    return " and ".join(CARDS[c].name for c in LEADERS if att_by[c] == seat)
