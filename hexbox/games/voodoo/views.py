"""What each seat sees (docs/games/voodoo.md 'Hidden information'): the two halves of the observation, and nothing else.

This module is the security boundary of the game: ``public`` is the same for every viewer, the spectator
included; ``private`` is what one seat alone knows on top of it. Their types are in schema.py.

Public: dice, scores, the Target card, curses in play, permanent curses, the number of cards in each hand, the
log of every action (Black Candle's kept card left out), the moments that echo duties depend on (R71), the
cards whose place every seat knows (face-up discards at the bottom of a deck, a cast curse that went back to
a hand), and at the end every hand and deck. Private: the seat's own cards, the three cards it looks at with
Black Candle, and the places it alone knows (its Black Candle cards at the bottom, a card it took with Wolf
Totem or that was taken from it).
"""

from __future__ import annotations

from typing import Any

from .cards import ARTEFACTS, CARDS, CURSES, FACES, PERMANENTS
from .curses import COUNT_NAMES, EMOTE_NAMES, NCURSES
from .phases import CANDLE, OVER
from .state import VoodooState

CURSE_IDS = tuple(c.id for c in CURSES)
ARTEFACT_IDS = tuple(a.id for a in ARTEFACTS)
PERMANENT_IDS = tuple(p.id for p in PERMANENTS)
#: what a curse in play shows that never changes: its id, name, rule and interruption cost
_IN_PLAY = tuple((c.id, c.name, c.rule.describe(), c.interrupt) for c in CURSES)


def _bits(mask: int, names: tuple[str, ...] | list[str]) -> list[str]:
    """The names of the bits set in ``mask``, in rising bit order (a walk to its top bit only)."""
    return [names[i] for i in range(mask.bit_length()) if mask >> i & 1]


def _faces(counts: list[int]) -> list[str]:
    return [FACES[f].id for f in range(6) for _ in range(counts[f])]


def _known(deck: list[int], seen: list[int], mask: int, ids: tuple[str, ...]) -> list[list[Any]]:
    """[position from the bottom, id] of the cards of ``deck`` that every seat in ``mask`` knows."""
    return [[i, ids[c]] for i, c in enumerate(deck) if seen[c] & mask == mask]


def public(state: VoodooState) -> dict[str, Any]:
    n = state.n
    over = state.phase == OVER
    everyone = (1 << n) - 1
    pending = state.pending
    game = state.game
    if over:  # everything is revealed at the end
        curse_known = [[i, CURSE_IDS[c]] for i, c in enumerate(state.cdeck)]
        artefact_known = [[i, ARTEFACT_IDS[a]] for i, a in enumerate(state.adeck)]
    else:
        curse_known = _known(state.cdeck, state.cseen, everyone, CURSE_IDS)
        artefact_known = _known(state.adeck, state.aseen, everyone, ARTEFACT_IDS)
    cseen = state.cseen
    last_echo = state.last_echo
    in_play = []
    for c, (caster, _) in sorted(state.inplay.items()):
        cid, name, rule, interrupt = _IN_PLAY[c]
        in_play.append({"curse": cid, "name": name, "caster": caster, "victims": state.victims(c), "rule": rule,
                        "interrupt": interrupt, "since": state.since[c]})
    permanents: list[list[str]] = [[] for _ in range(n)]
    permanent_since = {}
    for p, o in enumerate(state.powner):
        if o >= 0:
            permanents[o].append(PERMANENT_IDS[p])
            permanent_since[PERMANENT_IDS[p]] = state.since[NCURSES + p]
    return {
        "players": n,
        "claim_mode": "automatic" if game.automatic else "call_out",
        "target_score": game.target_score,
        "turn": state.turn,
        "active": state.active,
        "rolled": state.rolled,
        "bag": _faces(state.bag),
        "set_aside": _faces(state.aside),
        "counts": dict(zip(COUNT_NAMES, state.counts)),
        "scores": list(state.scores),
        # entry k: every seat's score after k turns (entry 0 the start; a turn ends when its claim window
        # closes); once the game is over the last entry is the final scores, the turn that ended it included
        "score_history": [list(t) for t in state.score_history],
        # public tallies of the whole game: curses put in play (R18, Smellin' Doll, Mirror Gourd), claims that
        # scored (R57 true claims, R58 automatic awards) and false claims (R57)
        "curses_cast": state.curses_cast,
        "curse_claims": state.curse_claims,
        "false_claims": state.false_claims,
        "skulls_struck": [_bits(struck, CARDS.skulls) for struck in state.struck[:n]],
        "fewer_dice": list(state.penalty),
        "target_holder": None if state.holder < 0 else state.holder,
        "spirit_ward": [s for s in range(n) if state.ward >> s & 1],
        "last_target": [None if t < 0 else t for t in state.last_target],
        "curses_in_play": in_play,
        "permanents": permanents,
        "permanent_since": permanent_since,
        # R54, R71: the moment of each seat's last non-free action and of its last echo events
        "last_act": list(state.last_act),
        "last_echo": {name: last_echo[k * n:(k + 1) * n] for k, name in enumerate(("roll", "cast", "points", "say"))},
        "hands": [{"seat": s, "curses": len(state.hand[s]), "artefacts": len(state.arts[s]),
                   "known_curses": sorted(CURSE_IDS[c] for c in state.hand[s] if over or cseen[c] == everyone)}
                  for s in range(n)],
        "curse_deck": {"size": len(state.cdeck), "known": curse_known},
        "artefact_deck": {"size": len(state.adeck), "known": artefact_known},
        "permanent_deck": len(state.pdeck),
        "window_open": [s for s in range(n) if state.open >> s & 1],
        "pending_cast": None if pending is None else
        {"caster": pending[0], "curse": CURSES[pending[1]].id, "target": pending[2]},
        "claimed": _bits(state.claimed, CURSE_IDS),
        "candle": len(state.candle) if state.phase == CANDLE else 0,
        "blocks": [{"emotes": _bits(state.blocks[s], EMOTE_NAMES), "said": state.said[s]} for s in range(n)],
        "log": [dict(e) for e in state.log],
        "previous_log": [dict(e) for e in state.prev_log],
        # R57, D18: in call-out mode breaks are not listed until the end; automatic mode announces them
        "violations": [dict(v) for v in state.violations] if over or game.automatic else None,
        "all_hands": [{"curses": sorted(CURSE_IDS[c] for c in state.hand[s]),
                       "artefacts": sorted(ARTEFACT_IDS[a] for a in state.arts[s])} for s in range(n)]
        if over else None,
    }


def private(state: VoodooState, seat: int) -> dict[str, Any]:
    n = state.n
    bit = 1 << seat
    everyone = (1 << n) - 1
    cseen = state.cseen
    secret = [] if state.phase == OVER else [  # what this seat alone knows is public once the game is over
        [i, CURSE_IDS[c]] for i, c in enumerate(state.cdeck) if cseen[c] & bit and cseen[c] != everyone]
    return {
        "my_curses": sorted(CURSE_IDS[c] for c in state.hand[seat]),
        "my_artefacts": sorted(ARTEFACT_IDS[a] for a in state.arts[seat]),
        "my_candle": [CURSE_IDS[c] for c in state.candle] if state.phase == CANDLE and seat == state.active else [],
        # the curses this seat knows another seat holds, beyond the public ones (Wolf Totem)
        "known_curses": {str(s): sorted(CURSE_IDS[c] for c in state.hand[s] if cseen[c] & bit and cseen[c] != everyone)
                         if state.phase != OVER else [] for s in range(n) if s != seat},
        # [position from the bottom, id] of the Curse cards whose place this seat alone knows (Black Candle)
        "curse_deck_known": secret,
    }
