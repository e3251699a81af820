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
_ECHO_NAMES = ("roll", "cast", "points", "say")

# Speed (issue 47): the top-level dict of an observation is the caller's own, its nested parts are read-only and
# may be shared between calls and with the state. So the parts that are a function of a few small numbers are
# built once per value and handed out again, the curses in play once per change (state.play_json), and the log
# entries are the state's own (never changed once logged): bot_speed.py --split, 20 games, observation 45 -> 22 µs
# per decision.
_SEAT_LISTS = tuple([s for s in range(8) if m >> s & 1] for m in range(256))  # a bitmask of seats, as a list
_SKULL_LISTS = tuple([CARDS.skulls[i] for i in range(len(CARDS.skulls)) if m >> i & 1]
                     for m in range(1 << len(CARDS.skulls)))
_FACE_LISTS: dict[tuple[int, ...], list[str]] = {}  # dice counts -> face ids
_COUNT_DICTS: dict[tuple[int, ...], dict[str, int]] = {}  # the turn counts
_BLOCKS: dict[tuple[int, bool], dict[str, Any]] = {}  # (ritual block, said) -> one seat's entry of "blocks"
# per table size and seat, the other seats with their keys in "known_curses"
_OTHERS = tuple(tuple(tuple((s, str(s)) for s in range(n) if s != seat) for seat in range(n)) for n in range(9))
# per table size and seat, "known_curses" of a seat that knows no other seat's card: shared, as _QUIET
_NOBODY_KNOWN = tuple(tuple({key: [] for _, key in others} for others in by_seat) for by_seat in _OTHERS)
_QUIET = tuple([{"emotes": [], "said": False} for _ in range(n)] for n in range(9))  # nobody emoted or spoke
# the keys of the public half in the JSON's order: each public half is a copy of this, filled in. CPython 3.11 builds
# a dict display of more than 16 entries in pieces, each merged into the first (a display of 40 keys 4.1 µs, a copy
# of a dict of its keys and 40 stores 2.0 µs; the whole public half over bot_speed.py's positions 8.7 -> 7.4 µs)
_PUBLIC: dict[str, Any] = dict.fromkeys((
    "players", "claim_mode", "target_score", "turn", "active", "rolled", "bag", "set_aside", "counts", "scores",
    "score_history", "curses_cast", "curse_claims", "false_claims", "skulls_struck", "fewer_dice", "target_holder",
    "spirit_ward", "last_target", "curses_in_play", "permanents", "permanent_since", "last_act", "last_echo", "hands",
    "curse_deck", "artefact_deck", "permanent_deck", "window_open", "pending_cast", "claimed", "candle", "blocks",
    "log", "previous_log", "violations", "all_hands",
))
_MEMO_CAP = 4096  # a memo past this many values starts again (long-lived servers see every value in time)
# the last score history, echo moments and hand sizes seen with their JSON: each changes a few times a turn, and
# every decision in between reads the same
_last_history: tuple[Any, list[list[int]]] = ((), [])
_last_echo: tuple[Any, dict[str, list[int]]] = ((), {})
# the Big Skulls struck and the last targets, with their JSON (each changes a few times a game; with the echo
# moments compared as a list, public 7.1 -> 6.5 µs over bot_speed.py's positions)
_last_marks: tuple[Any, ...] = ((), (), [], [])
# the hands, the artefacts, the masks and the table size the "hands" JSON was made from (the hands change a few
# times a turn, and three list comparisons cost less than a walk of them: public 9.4 -> 8.3 µs over bot_speed.py's
# positions)
_last_hands: tuple[Any, ...] = ((), (), (), 0, [])
_last_alone: tuple[list[int], int, int] = ([], 0, 0)  # private's masks, everyone, the seats knowing a card alone
_CURSES_KNOWN: list[Any] = [((), (), 0, [])]  # _known's last deck of each kind
_ARTEFACTS_KNOWN: list[Any] = [((), (), 0, [])]


def _bits(mask: int, names: tuple[str, ...] | list[str]) -> list[str]:
    """The names of the bits set in ``mask``, in rising bit order (a walk to its top bit only)."""
    return [names[i] for i in range(mask.bit_length()) if mask >> i & 1]


def _faces(counts: list[int]) -> list[str]:
    key = tuple(counts)
    out = _FACE_LISTS.get(key)
    if out is None:
        if len(_FACE_LISTS) > _MEMO_CAP:
            _FACE_LISTS.clear()
        out = _FACE_LISTS[key] = [FACES[f].id for f in range(6) for _ in range(counts[f])]
    return out


def _known(deck: list[int], seen: list[int], everyone: int, ids: tuple[str, ...], memo: list[Any]) -> list[list[Any]]:
    """[position from the bottom, id] of the cards of ``deck`` that every seat knows.

    Kept in ``memo`` (a one-item list: the deck, the masks, ``everyone`` and the answer) with what it was made from:
    a deck changes a few times a turn, and two list comparisons cost less than a walk of the deck (the two decks
    of an observation over bot_speed.py's positions, 2.0 -> 1.2 µs)."""
    kept = memo[0]  # one read: another thread may replace it meanwhile
    if kept[2] == everyone and kept[0] == deck and kept[1] == seen:
        return kept[3]
    out = [[i, ids[c]] for i, c in enumerate(deck) if seen[c] == everyone]
    memo[0] = (deck[:], seen[:], everyone, out)
    return out


def _blocks(state: VoodooState) -> list[dict[str, Any]]:
    blocks, said = state.blocks, state.said
    if not any(blocks) and not any(said):
        return _QUIET[state.n]
    out = []
    for key in zip(blocks, said):
        entry = _BLOCKS.get(key)
        if entry is None:
            if len(_BLOCKS) > _MEMO_CAP:
                _BLOCKS.clear()
            entry = _BLOCKS[key] = {"emotes": _bits(key[0], EMOTE_NAMES), "said": key[1]}
        out.append(entry)
    return out


def _play(state: VoodooState) -> tuple[list[dict[str, Any]], list[list[str]], dict[str, int]]:
    """The curses in play and the permanent curses, with the moment each began to bind: they change only when
    the state rebinds (state.play_json)."""
    in_play = []
    for c, (caster, _) in sorted(state.inplay.items()):
        cid, name, rule, interrupt = _IN_PLAY[c]
        in_play.append({"curse": cid, "name": name, "caster": caster, "victims": state.victims(c), "rule": rule,
                        "interrupt": interrupt, "since": state.since[c]})
    permanents: list[list[str]] = [[] for _ in range(state.n)]
    permanent_since = {}
    for p, o in enumerate(state.powner):
        if o >= 0:
            permanents[o].append(PERMANENT_IDS[p])
            permanent_since[PERMANENT_IDS[p]] = state.since[NCURSES + p]
    return in_play, permanents, permanent_since


def public(state: VoodooState) -> dict[str, Any]:
    global _last_history, _last_echo, _last_hands, _last_marks
    n = state.n
    over = state.phase == OVER
    everyone = (1 << n) - 1
    pending = state.pending
    game = state.game
    if over:  # everything is revealed at the end
        curse_known = [[i, CURSE_IDS[c]] for i, c in enumerate(state.cdeck)]
        artefact_known = [[i, ARTEFACT_IDS[a]] for i, a in enumerate(state.adeck)]
    else:
        curse_known = _known(state.cdeck, state.cseen, everyone, CURSE_IDS, _CURSES_KNOWN)
        artefact_known = _known(state.adeck, state.aseen, everyone, ARTEFACT_IDS, _ARTEFACTS_KNOWN)
    cseen = state.cseen
    play = state.play_json
    if play is None:
        play = state.play_json = _play(state)
    history = state.score_history
    history_memo = _last_history  # one read of each memo: another thread may replace it meanwhile
    if history_memo[0] is not history:
        history_memo = _last_history = (history, [list(t) for t in history])
    echo = state.last_echo
    echo_memo = _last_echo
    if echo_memo[0] != echo:  # a list comparison, no tuple made of it first
        echo_memo = _last_echo = (echo[:], {name: echo[k * n:(k + 1) * n] for k, name in enumerate(_ECHO_NAMES)})
    struck, last_target = state.struck, state.last_target
    marks_memo = _last_marks
    if marks_memo[0] != struck or marks_memo[1] != last_target:
        marks_memo = _last_marks = (struck[:], last_target[:], [_SKULL_LISTS[m] for m in struck],
                                    [None if t < 0 else t for t in last_target])
    counts = tuple(state.counts)
    count_dict = _COUNT_DICTS.get(counts)
    if count_dict is None:
        if len(_COUNT_DICTS) > _MEMO_CAP:
            _COUNT_DICTS.clear()
        count_dict = _COUNT_DICTS[counts] = dict(zip(COUNT_NAMES, counts))
    hand, arts = state.hand, state.arts
    hands_memo = _last_hands  # one read, as above
    if over or hands_memo[3] != n or hands_memo[0] != hand or hands_memo[1] != arts or hands_memo[2] != cseen:
        hands = []
        for s in range(n):
            h = hand[s]
            known = [CURSE_IDS[c] for c in h if over or cseen[c] == everyone]
            if len(known) > 1:
                known.sort()
            hands.append({"seat": s, "curses": len(h), "artefacts": len(arts[s]), "known_curses": known})
        if not over:
            _last_hands = ([h[:] for h in hand], [a[:] for a in arts], cseen[:], n, hands)
    else:
        hands = hands_memo[4]
    out = _PUBLIC.copy()  # its keys in the JSON's order (_PUBLIC)
    out["players"] = n
    out["claim_mode"] = "automatic" if game.automatic else "call_out"
    out["target_score"] = game.target_score
    out["turn"] = state.turns  # the turns begun, as the envelope's (VoodooState.turns)
    out["active"] = state.active
    out["rolled"] = state.rolled
    out["bag"] = _faces(state.bag)
    out["set_aside"] = _faces(state.aside)
    out["counts"] = count_dict
    out["scores"] = list(state.scores)
    # entry k: every seat's score after k turns (entry 0 the start; a turn ends when its claim window
    # closes); once the game is over the last entry is the final scores, the turn that ended it included
    out["score_history"] = history_memo[1]
    # public tallies of the whole game: curses put in play (R18, Smellin' Doll, Mirror Gourd), claims that
    # scored (R57 true claims, R58 automatic awards) and false claims (R57)
    out["curses_cast"] = state.curses_cast
    out["curse_claims"] = state.curse_claims
    out["false_claims"] = state.false_claims
    out["skulls_struck"] = marks_memo[2]
    out["fewer_dice"] = list(state.penalty)
    out["target_holder"] = None if state.holder < 0 else state.holder
    out["spirit_ward"] = _SEAT_LISTS[state.ward]
    out["last_target"] = marks_memo[3]
    out["curses_in_play"] = play[0]
    out["permanents"] = play[1]
    out["permanent_since"] = play[2]
    # R54, R71: the moment of each seat's last non-free action and of its last echo events
    out["last_act"] = list(state.last_act)
    out["last_echo"] = echo_memo[1]
    out["hands"] = hands
    out["curse_deck"] = {"size": len(state.cdeck), "known": curse_known}
    out["artefact_deck"] = {"size": len(state.adeck), "known": artefact_known}
    out["permanent_deck"] = len(state.pdeck)
    out["window_open"] = _SEAT_LISTS[state.open]
    out["pending_cast"] = None if pending is None else {"caster": pending[0], "curse": CURSES[pending[1]].id,
                                                         "target": pending[2]}
    out["claimed"] = _bits(state.claimed, CURSE_IDS) if state.claimed else []
    out["candle"] = len(state.candle) if state.phase == CANDLE else 0
    out["blocks"] = _blocks(state)
    # the entries are never changed once logged; the current log still grows, so it is handed out as a copy,
    # the previous turn's is put aside whole and never touched again
    out["log"] = state.log[:]
    out["previous_log"] = state.prev_log
    # R57, D18: in call-out mode breaks are not listed until the end; automatic mode announces them
    out["violations"] = state.violations[:] if over or game.automatic else None
    out["all_hands"] = None if not over else [{"curses": sorted(CURSE_IDS[c] for c in state.hand[s]),
                                               "artefacts": sorted(ARTEFACT_IDS[a] for a in state.arts[s])}
                                              for s in range(n)]
    return out


def private(state: VoodooState, seat: int) -> dict[str, Any]:
    n = state.n
    bit = 1 << seat
    everyone = (1 << n) - 1
    cseen = state.cseen
    over = state.phase == OVER
    # does this seat know some card that not every seat knows (Black Candle, Wolf Totem)? the masks' few distinct
    # values tell without a walk of the deck and the hands, and they change a few times a turn: the seats that do
    # are kept with the masks they were read from (one list comparison; with the shared empty "known_curses"
    # below, private 3.6 -> 2.7 µs over bot_speed.py's positions)
    global _last_alone
    alone_memo = _last_alone  # one read, as in public
    if alone_memo[1] != everyone or alone_memo[0] != cseen:
        seats = 0
        for m in set(cseen):
            if m != everyone:
                seats |= m
        alone_memo = _last_alone = (cseen[:], everyone, seats)
    alone = not over and alone_memo[2] & bit
    secret = [] if not alone else [  # what this seat alone knows is public once the game is over
        [i, CURSE_IDS[c]] for i, c in enumerate(state.cdeck) if cseen[c] & bit and cseen[c] != everyone]
    hand = state.hand
    return {
        "my_curses": sorted([CURSE_IDS[c] for c in hand[seat]]),
        "my_artefacts": sorted([ARTEFACT_IDS[a] for a in state.arts[seat]]),
        "my_candle": [CURSE_IDS[c] for c in state.candle] if state.phase == CANDLE and seat == state.active else [],
        # the curses this seat knows another seat holds, beyond the public ones (Wolf Totem)
        "known_curses": {key: sorted([CURSE_IDS[c] for c in hand[s] if cseen[c] & bit and cseen[c] != everyone])
                         for s, key in _OTHERS[n][seat]} if alone else _NOBODY_KNOWN[n][seat],
        # [position from the bottom, id] of the Curse cards whose place this seat alone knows (Black Candle)
        "curse_deck_known": secret,
    }
