"""Building GROWL positions for the rule tests: a seeded setup, then direct surgery on the state.

``table()`` gives a game whose hands are empty, every seat human and alive, nothing in front of anybody,
and seat 0 the Start Player; tests then set exactly the hands, teams, deck and face-up cards they need.
"""

from __future__ import annotations

import json

import hexbox
from hexbox.games.growl import actions as A
from hexbox.games.growl.cards import HAND, INDEX
from hexbox.games.growl.state import GrowlState


def new(players: int = 6, seed: int = 0, **options) -> GrowlState:
    options.setdefault("start_seat", 0)
    return hexbox.load("growl", players=players, **options).new_state(seed)


def table(players: int = 6, deck: tuple[str, ...] = ("gold",) * 30, **options) -> GrowlState:
    """A blank table (see the module doc); ``deck`` is listed from the top. No turn has begun."""
    state = new(players, **options)
    n = state.n
    state.hands = [[0] * HAND for _ in range(n)]
    state.wolf = [False] * n
    state.zero = [False] * n
    state.dead = [False] * n
    state.front = [[] for _ in range(n)]
    state.pub_known = [[0] * HAND for _ in range(n)]
    state.priv_known = [{} for _ in range(n)]
    state.exact = {}
    state.sniffed = ()
    state.log = []
    set_deck(state, *deck)
    state.update_actors()
    return state


def set_deck(state: GrowlState, *top_down: str) -> None:
    state.deck = [INDEX[c] for c in reversed(top_down)]


def hold(state: GrowlState, seat: int, **cards: int) -> None:
    """Exactly these hand cards: hold(state, 2, bite=2, charm=1)."""
    state.hands[seat] = [0] * HAND
    for c, k in cards.items():
        state.hands[seat][INDEX[c]] = k


def lay(state: GrowlState, seat: int, *cards: str) -> None:
    """Put face-up cards in front of ``seat``'s position."""
    state.front[state.pos_of[seat]] += [INDEX[c] for c in cards]


def wolves(state: GrowlState, *seats: int, zero: bool = False) -> None:
    for s in seats:
        state.wolf[s] = True
        state.zero[s] = zero


def start(state: GrowlState, seat: int = 0) -> list:
    """Begin ``seat``'s turn (spell step, then the top card)."""
    events = state._begin_turn(seat)
    state.log += events
    state.update_actors()
    return events


def night(state: GrowlState, card: str, seat: int = 0, then: tuple[str, ...] = ("gold",) * 10) -> list:
    """Reveal a Night/Final Night card on ``seat``'s turn; ``then`` is the deck below it."""
    set_deck(state, card, *then)
    return start(state, seat)


def counts(state: GrowlState, seat: int) -> dict[str, int]:
    from hexbox.games.growl.cards import hand_json

    return hand_json(state.hands[seat])


def pass_all(state: GrowlState, choices: dict[int, tuple[str, str]] | None = None) -> list:
    """Every actor of the passing window submits: its given pair, else its default."""
    choices = choices or {}
    events = []
    while state.phase_name == "passing":
        seat = state.actors[0]
        if seat in choices:
            left, right = choices[seat]
            action = A.NIGHT_PASS[INDEX[left]][INDEX[right]]
        else:
            action = state.default_action(seat)
        events += state.apply(seat, action)
    return events


def defaults(state: GrowlState, limit: int = 500) -> list:
    """Let every actor play its default action until the game ends."""
    events = []
    for _ in range(limit):
        if state.is_over:
            return events
        seat = state.actors[0]
        events += state.apply(seat, state.default_action(seat))
    raise AssertionError("the game did not end")


def pub(state: GrowlState) -> dict:
    """The public half of the observation (the same for every viewer)."""
    return state.observe(None)["public"]


def mine(state: GrowlState, seat: int) -> dict:
    """What ``seat`` alone knows: the private half of its observation."""
    return state.observe(seat)["private"]


def log(state: GrowlState, viewer: int | None) -> list[dict]:
    """The viewer's log (its public and private events in order), as event JSON."""
    from hexbox.games.growl.views import merged_log

    return merged_log(state.observe(viewer))


def views(state: GrowlState) -> list[str]:
    return [json.dumps(state.observe(s), sort_keys=True) for s in [*range(state.n), None]]


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]
