"""What each viewer sees (docs/games/growl.md, "Hidden information"): the two halves of the observation.

This module is a security boundary. ``public_view`` is the same for every viewer, the spectator included, and
holds only what the whole table sees; ``private_view(seat)`` adds what that seat alone knows. Core wraps them in
the observation envelope (game, version, seat, phase, actors, result). The types are in schema.py.

The log is split the same way: the public half lists the public events, the private half the events meant for
the seat, each with ``after``, the number of public events that came before it, so the two can be merged back
in order without a public count of anybody's private events.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain, repeat
from typing import Any

from hexbox.core import game_info

from .cards import IDS, hand_json
from .phases import CONTRIBUTE, HALLOWS, PICK, POINT, SAVE, SHOW, VOTE
from .state import GrowlState

#: the server's clock options (``clock_seconds``, ``bank_seconds``): not the set-up of the game, so not in its view
_SERVER_ONLY = frozenset(o.name for o in game_info("growl").options if o.server_only)


def _choice(state: GrowlState, value: Any) -> Any:
    """A seat's own hidden submission, as JSON: two cards ([] = nothing passed), a card, a seat or a side."""
    if isinstance(value, tuple):
        return [IDS[value[0]], IDS[value[1]]]
    if value is None:  # pass_none (R27)
        return []
    if state.phase == CONTRIBUTE:
        return IDS[value]
    return value


def talk_allowed(state: GrowlState) -> bool:
    """T1, R24: no table talk from a Night card's reveal until its passing is over (the envelope's field)."""
    return state.night_card < 0 or state._result is not None


def public_view(state: GrowlState) -> dict[str, Any]:
    n, night_card = state.n, state.night_card
    over = state._result is not None
    out = {
        "players": n,
        "options": state.game.shown_options or _options(state.game),
        "active": state.active,
        "talk_allowed": night_card < 0 or over,  # talk_allowed(state), a call fewer
        "turn": state.turns,
        "nights": state.nights,
        "start_position": state.start_pos,
        "deck_size": len(state.deck),
        "top_card": IDS[state.deck[-1]] if state.deck and not over else None,
        "night_card": IDS[night_card] if night_card >= 0 else None,
        "revealed_night": _ids(state.revealed_night) if state.revealed_night else _NO_LIST,
        "discards": _ids(state.discards) if state.discards else _NO_LIST,
        "seats": _seats(state),
        "caged": state.caged if state.caged >= 0 else None,
        "insomniac": state.insomniac if state.insomniac >= 0 else None,
    }
    # the last five keys stored one by one: CPython builds a dict display of more than 15 entries in two and
    # merges them (bot_speed's 20 games: the observation 105.8k -> 103.8k CPU instructions a decision, valgrind)
    out["passing"] = _passing(state.sides) if state.sides else _NO_DICT
    out["seance"] = [{"seat": s, "werewolf": w} for s, w in state.seance] if state.seance else _NO_LIST
    out["window"] = _window(state)
    out["log"] = log_json(state)[0][:]
    out["reveal"] = [{"seat": s, "werewolf": state.wolf[s], "wolf_zero": state.zero[s],
                      "hand": hand_json(state.hands[s])} for s in range(n)] if over else None
    return out


def private_view(state: GrowlState, seat: int, public: dict[str, Any] | None = None) -> dict[str, Any]:
    """``public``, if given, is this state's public half as it is now (``State._private_beside``: core's envelope
    hands it over): a seat whose hand the viewer knows only as the table does is then listed with the ``pinned``
    of its entry in the seats' list, instead of being looked up again (bot_speed's 20 games: 4.4k fewer CPU
    instructions a decision, valgrind)."""
    # the public half has just brought the log's entries up to date (log_json): its private ones read directly
    mine = (log_json(state)[1] if public is None else state.log_json[2]).get(seat)
    known = {}
    if public is None:
        # state.known_hand(seat, o) of every o, by map
        for o, h in enumerate(map(dict.get, state.priv_known, repeat(seat), state.pub_known)):
            if o != seat and any(h):
                # _hand's memo read here, one call fewer a seat (the private half, bot_speed's 20 games: 69k -> 66k
                # CPU instructions a decision, valgrind)
                t = tuple(h)
                known[_SEAT_KEY[o]] = _HANDS.get(t) or _hand(t)
    else:
        # what only the viewer knows of o's hand, else what the table knows (the pins); the same entries in the
        # same order as above. A plain loop with a counter and ``in``, no zip or map of dict.get (a C function called
        # per seat through map; bot_speed's 20 games: the observation 92.2k -> 86.9k CPU instructions and 3.07k ->
        # 2.74k L1 cache misses a decision, valgrind --tool=cachegrind --cache-sim=yes)
        seats = public["seats"]
        o = 0
        for d in state.priv_known:
            if seat in d:
                h = d[seat]
                if any(h) and o != seat:
                    t = tuple(h)
                    known[_SEAT_KEY[o]] = _HANDS.get(t) or _hand(t)
            elif o != seat:
                pinned = seats[o]["pinned"]
                if pinned:
                    known[_SEAT_KEY[o]] = pinned
            o += 1
    hand, icons = _own(state, seat)
    return {
        "hand": hand,
        "werewolf": state.wolf[seat],
        "wolf_zero": state.zero[seat],
        "sniffed": list(state.sniffed) if seat in state.sniffed else _NO_LIST,
        "known_hands": known,
        "told": {str(o): w for v, o, w in state.intel if v == seat} if state.intel else _NO_DICT,
        "icons": icons,
        "my_choice": _choice(state, state.pending[seat]) if seat in state.pending else None,
        "log": mine[:] if mine else _NO_LIST,
    }


# ---- parts made once and shared ------------------------------------------------------------------------------
# The observe contract lets an observation's nested parts be shared and read-only (its top-level dict is the
# caller's own): the parts below recur from decision to decision and from seat to seat, so each is made once for
# what it depends on and handed out again: hands by their counts (_hand), the seats' entries and the seat's own
# hand and icons kept on the state and made again for the seats whose ``state.ver`` moved (_seats, _own). Measured
# over the decisions of 40 games of normal self-play (benchmarks/bot_speed.py's games) against making them at each
# observation: the seats 10.4 -> 5.3 µs, the known hands 6.4 -> 4.0 µs, the icons 3.5 -> 1.6 µs (then compared
# with copies of their inputs; by ``ver`` since, bot_speed's 20 games: the observation 104k -> 92k CPU
# instructions a decision, valgrind).

_SEAT_KEY = tuple(str(s) for s in range(64))
# the empty list and dict an observation lists where it has nothing: shared like every nested part, read-only (a
# fresh [] or {} for each was some five containers a decision to make, free and count towards the collector)
_NO_LIST: list[Any] = []
_NO_DICT: dict[str, Any] = {}
_MEMO_SIZE = 1 << 12  # _hand's memo is emptied when it reaches this many hands (a game needs a few hundred)


_PASSING: tuple[Any, Any] = (None, None)  # the last Night's passers and their JSON: (state.sides, its listing)


def _passing(sides: dict[int, tuple[int, int]]) -> dict[str, list[int]]:
    """The passers' neighbours of a Night, made once for the Night's ``sides``: a Night replaces the dict and never
    changes it (GrowlState.twin shares it with its copies), and the memo holds it, so its identity is the key
    (the public half at a passer's decision, timeit, 6 seats: 4.2 -> 2.6 µs). The pair is read and replaced whole,
    so tables observed on other threads never see one Night's passers with another's listing."""
    global _PASSING
    kept, listing = _PASSING
    if kept is not sides:
        listing = {str(s): list(lr) for s, lr in sorted(sides.items())}
        _PASSING = (sides, listing)
    return listing


def _options(game: Any) -> dict[str, Any]:
    """The game's options without the server's clock, made once a game (its options never change)."""
    shown = game.shown_options
    if shown is None:
        shown = game.shown_options = {k: v for k, v in game.options.items() if k not in _SERVER_ONLY}
    return shown


_HANDS: dict[tuple[int, ...], dict[str, int]] = {}
_ID_LISTS: dict[tuple[int, ...], list[str]] = {}


def _ids(cards: list[int]) -> list[str]:
    """The ids of a short list of cards (Night cards revealed, discards, cards in front of a seat), made once per
    distinct list and shared. Against ``list(map(IDS.__getitem__, cards))`` at each observation, and ``[]`` for an
    empty list, bot_speed's 20 games: the observation 111k -> 107k CPU instructions a decision (valgrind)."""
    t = tuple(cards)
    out = _ID_LISTS.get(t)
    if out is None:
        if len(_ID_LISTS) >= _MEMO_SIZE:
            _ID_LISTS.clear()
        out = _ID_LISTS[t] = [IDS[c] for c in t]
    return out


def _hand(h: tuple[int, ...]) -> dict[str, int]:
    """hand_json of a hand's counts, made once per distinct hand."""
    out = _HANDS.get(h)
    if out is None:
        if len(_HANDS) >= _MEMO_SIZE:
            _HANDS.clear()
        out = _HANDS[h] = hand_json(h)  # type: ignore[arg-type]
    return out


def _seats(state: GrowlState) -> list[dict[str, Any]]:
    """Each seat's public entry, kept on the state and made again only for the seats whose ``state.ver`` moved:
    every writer of a seat's hand, pins, position, death or the cards in front of it bumps it (state.py). While
    no seat's moved, the list itself is handed out again. A state whose lists were replaced (a test's blank
    table) starts the entries again."""
    hands, pins, front, pos_of, dead, ver = state.hands, state.pub_known, state.front, state.pos_of, state.dead, \
        state.ver
    n = state.n
    kept = state.seats_json
    if kept is None or kept[0] is not hands or kept[1] is not pins or kept[2] is not front or kept[3] is not pos_of \
            or kept[4] is not dead:
        old = [-1] * n  # no count is negative: every entry made
        kept = state.seats_json = [hands, pins, front, pos_of, dead, [None] * n, None, ver[:]]
    elif ver == kept[7]:
        return kept[6]
    else:
        old = kept[7]
        kept[7] = ver[:]
    entries = kept[5]
    # the seats whose count moved, in the loop that makes their entries: no list of them by compress/map(ne) (three
    # C iterators whose code a decision loads for one use; bot_speed's 20 games: the observation 86.9k -> 84.7k CPU
    # instructions and 2.74k -> 2.65k L1 cache misses a decision, valgrind --tool=cachegrind --cache-sim=yes)
    for s in range(n):
        if ver[s] == old[s]:
            continue
        h = hands[s]
        t = tuple(pins[s])
        # the memo's entry, None if not there yet: most pins are none, whose {} is falsy, so ``get(t) or
        # _hand(t)`` looked them up twice (bot_speed's 20 games: the decision 152.4k -> 151.9k CPU instructions
        # and 3.95k -> 3.94k L1 cache misses, valgrind --tool=cachegrind --cache-sim=yes)
        pinned = _HANDS.get(t)
        if pinned is None:
            pinned = _hand(t)
        position = pos_of[s]
        cards = front[position]
        entries[s] = {
            "seat": s,
            "position": position,
            "alive": not dead[s],
            "hand_size": sum(h),
            "front": _ids(cards) if cards else _NO_LIST,
            "pinned": pinned,
        }
    out = kept[6] = entries[:]
    return out


def _own(state: GrowlState, seat: int) -> tuple[dict[str, int], dict[str, int]]:
    """The seat's hand and its icon counts (state.net_bites, net_wounds and gold: the hand, the team, the cards in
    front of the seat, the Holy Water option), kept on the state and made again when the seat's ``state.ver``
    moved (every writer of those bumps it) or the state's lists were replaced."""
    kept = state.own_json
    if kept is None or len(kept) != state.n:
        kept = state.own_json = [None] * state.n
    hands, wolf, front = state.hands, state.wolf, state.front
    v = state.ver[seat]
    k = kept[seat]
    if k is None or k[0] != v or k[1] is not hands or k[2] is not wolf or k[3] is not front:
        icons = {"net_bites": state.net_bites(seat), "net_wounds": state.net_wounds(seat), "gold": state.gold(seat)}
        k = kept[seat] = (v, hands, wolf, front, _hand(tuple(hands[seat])), icons)
    return k[4], k[5]


def log_json(state: GrowlState) -> tuple[list[dict[str, Any]], dict[int, list[dict[str, Any]]]]:
    """The log's JSON entries: the public ones, and per seat its private ones (with ``after``), each entry made
    once, when first observed after its event, and handed out in a shallow copy of the list.

    The log only grows during a game (``logged``), so the entries made for its first events stay right: rebuilding
    every entry at every observation was about half of the observation's time. Entries are shared between
    observations, read-only (the observe contract: an observation's nested parts are shared). A log replaced by
    another list (a resampled or cloned world, a test's blank table) starts the entries again. Each entry is made
    for this state's list alone, never shared with another state's: the bot's kept reading of a log
    (heuristic._reading) takes the entry at an index, found again, as proof that the log goes on from there.
    """
    log = state.log
    cache = state.log_json
    if cache is None or cache[0] is not log:
        cache = state.log_json = (log, [], {}, [0])
    _, public, private, done = cache
    start = done[0]
    if start < len(log):
        for e in log[start:]:
            to = e.to
            # Event.to_json written out, the event's data shared (an event is never changed once logged, and an
            # observation's nested parts are read-only); a private entry is shared by the event's audience
            if to is None:
                public.append({"kind": e.kind, "data": e.data, "to": None})
            else:
                # sorted(to), or of one seat (most) its list: no call of the sort for it (bot_speed's 20 games: the
                # decision 151.9k -> 151.7k CPU instructions and 3.94k -> 3.88k L1 cache misses, valgrind
                # --tool=cachegrind --cache-sim=yes)
                entry = {"kind": e.kind, "data": e.data, "to": list(to) if len(to) == 1 else sorted(to),
                         "after": len(public)}
                for s in to:
                    private.setdefault(s, []).append(entry)
        done[0] = len(log)
    return public, private


def merged_log(observation: dict[str, Any]) -> list[dict[str, Any]]:
    """The viewer's whole log from an observation: its public and private halves merged back in order."""
    return list(merged_events(observation))


def merged_events(observation: dict[str, Any]) -> Iterable[dict[str, Any]]:
    """merged_log's entries, in its order, without the list: the public log's runs between private events chained
    (a bot reads its log at every decision; entry by entry, the merge took 9 of its 24 µs)."""
    public = observation["public"]["log"]
    private = (observation["private"] or {}).get("log")
    if not private:
        return iter(public)
    runs: list[Any] = []
    at = 0
    for e in private:
        after = e["after"]
        if after > at:
            runs.append(public[at:after])
            at = after
        runs.append((e,))
    runs.append(public[at:])
    return chain.from_iterable(runs)


#: the window's fields, null unless the kind of window has them (_window fills them in)
_NO_WINDOW = dict.fromkeys(("members", "votes", "candidates", "round", "unsaved", "saver", "picker", "options",
                            "why", "shower", "dead_seat", "kind"), None)
_NO_WINDOW["death_rattles"] = _NO_LIST  # most windows: no Death Rattle waits
#: the phases whose window has fields of its own (bot_speed's 20 games: the decision 146.9k -> 146.4k CPU instructions,
#: valgrind, against the seven tests for every window)
_FIELDED = frozenset((VOTE, POINT, SAVE, PICK, SHOW, HALLOWS, CONTRIBUTE))


def _window(state: GrowlState) -> dict[str, Any]:
    """The open decision window: its members, and the public facts of the kind of window it is (else null). A copy
    of the nulls with the few fields of the phase set (against the whole dict written out with a test for each
    field: 6.1k -> 3.5k CPU instructions a decision, bot_speed's 20 games, valgrind)."""
    phase = state.phase
    out = _NO_WINDOW.copy()
    out["members"] = list(state.window)
    if phase in _FIELDED:  # not a Day gift's or a Night pass's window (most decisions): one test for those
        if phase == VOTE:
            out["votes"] = {str(s): t for s, t in state.votes.items()}
        elif phase == POINT:
            out["candidates"] = list(state.candidates)
            out["round"] = state.rounds
        elif phase == SAVE:
            out["unsaved"] = list(state.unsaved)
            out["saver"] = state.picker
        elif phase == PICK:
            out["picker"] = state.picker
            out["options"] = list(state.pick_options)
            out["why"] = state.pick_kind
        elif phase == SHOW:
            out["shower"] = state.show_seat
        elif phase == HALLOWS:
            out["dead_seat"] = state.picker
        elif phase == CONTRIBUTE:
            out["kind"] = IDS[state.night_card]
    if state.rattles:
        out["death_rattles"] = list(state.rattles)
    return out
