"""What a viewer is told of a move, in the table's words (the ``describe`` hook).

Built only from the events the viewer may see (core filters them) and from the seating, which everybody
knows: never from the state's hidden goals or deck order. Every Werebeasts event is public (accusations and their
answer, bids, passes, sales, spoils), so every viewer reads the same facts; a seat is only addressed as "you".
"""

from __future__ import annotations

from typing import Any

from hexbox.core import Event

from .cards import CARDS, GOAL_NAME
from .state import WerebeastsState

_AUCTION = {a.id: a for a in CARDS.auction}


def describe(state: WerebeastsState, events: list[Event], viewer: int | None) -> list[str]:
    out: list[str] = []
    for e in events:
        say = _SENTENCES.get(e.kind)
        if say is not None:
            out.extend(say(state, e.data, viewer))
    return out


# ---- pieces of sentences ------------------------------------------------------------------------------


def _who(seat: int, viewer: int | None, start: bool = False) -> str:
    """A seat as the viewer hears it: "you" for the viewer's own seat."""
    if seat == viewer:
        return "You" if start else "you"
    return f"Seat {seat}" if start else f"seat {seat}"


def _does(seat: int, viewer: int | None, third: str, base: str) -> str:
    """The start of a sentence: "Seat 3 bids" / "You bid"."""
    return f"{_who(seat, viewer, True)} {base if seat == viewer else third}"


def _whose(seat: int, viewer: int | None) -> str:
    return "your" if seat == viewer else f"seat {seat}'s"


def _and(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _cans(k: int) -> str:
    return f"{k} can{'' if k == 1 else 's'}"


def cards_text(ids: list[str]) -> str:
    """Auction cards as a phrase: "a single Werewolf", "2 single Wereclowns and the double Wereshark"."""
    singles: dict[int, int] = {}
    doubles: list[int] = []
    for c in ids:
        card = _AUCTION[c]
        if card.double:
            doubles.append(card.beast)
        else:
            singles[card.beast] = singles.get(card.beast, 0) + 1
    parts = []
    for b in dict.fromkeys([_AUCTION[c].beast for c in ids]):  # beasts in the order of the list
        k = singles.get(b, 0)
        if k:
            goal = CARDS.goals[b]
            parts.append(f"a single {goal.beast}" if k == 1 else f"{k} single {goal.name}")
        if b in doubles:
            parts.append(f"the double {CARDS.goals[b].beast}")
    return _and(parts)


def offer_text(cans: int, cards: list[str]) -> str:
    return _and(([_cans(cans)] if cans else []) + ([cards_text(cards)] if cards else []))


def _place(state: WerebeastsState, position: int, viewer: int | None) -> str:
    """Where a goal card lies, from the seating alone: "between seats 2 and 3", "in front of you"."""
    seers = state.game.position_seers[position]
    if not seers:
        return "in the box"
    if len(seers) == 1:
        return f"in front of {_who(seers[0], viewer)}"
    a, b = sorted(seers, key=lambda s: s != viewer)  # "between you and seat 3"
    if viewer not in seers:
        return f"between seats {a} and {b}"
    return f"between {_who(a, viewer)} and {_who(b, viewer)}"


# ---- one function per event kind -----------------------------------------------------------------------


def _accused(state: WerebeastsState, d: dict[str, Any], viewer: int | None) -> list[str]:
    accuser, target, goal = d["accuser"], d["target"], GOAL_NAME[d["goal"]]
    said = f"{_does(accuser, viewer, 'accuses', 'accuse')} {_who(target, viewer)} of collecting {goal}"
    if d["correct"]:  # R15
        return [f"{said}, and {'you are' if accuser == viewer else 'is'} right."]
    return [f"{said}; {_who(target, viewer)} {'deny' if target == viewer else 'denies'} it."]  # R18


def _goal_revealed(state: WerebeastsState, d: dict[str, Any], viewer: int | None) -> list[str]:
    return [f"The goal card {_place(state, d['position'], viewer)} is turned face up: {GOAL_NAME[d['goal']]}."]


def _eliminated(state: WerebeastsState, d: dict[str, Any], viewer: int | None) -> list[str]:
    return [f"{_does(d['seat'], viewer, 'is', 'are')} eliminated."]


def _took(state: WerebeastsState, d: dict[str, Any], viewer: int | None) -> list[str]:
    start = f"{_does(d['seat'], viewer, 'takes', 'take')} {_whose(d['from'], viewer)}"
    amount = d["amount"]
    if d["pile"] == "cans":
        return [f"{start} cans ({_cans(amount)})." if amount else f"{start} cans, but there are none."]
    if not amount:
        return [f"{start} auction cards, but there are none."]
    return [f"{start} auction cards: {cards_text(amount)}."]


def _sale(state: WerebeastsState, d: dict[str, Any], viewer: int | None) -> list[str]:
    left = d["deck"]  # R22: the top card of the deck goes on sale
    rest = "the last card" if not left else f"{left} card{'' if left == 1 else 's'} left"
    return [f"{_does(d['seller'], viewer, 'sells', 'sell')} {cards_text([d['card']])} from the top of the deck "
            f"({rest})."]


def _bid(state: WerebeastsState, d: dict[str, Any], viewer: int | None) -> list[str]:
    seat = d["seat"]
    if not (d["cans"] or d["cards"]):
        return [f"{_does(seat, viewer, 'withdraws', 'withdraw')} {'your' if seat == viewer else 'its'} bid."]
    return [f"{_does(seat, viewer, 'bids', 'bid')} {offer_text(d['cans'], d['cards'])}."]


def _passed(state: WerebeastsState, d: dict[str, Any], viewer: int | None) -> list[str]:
    return [f"{_does(d['seat'], viewer, 'passes', 'pass')}."]


def _window_closed(state: WerebeastsState, d: dict[str, Any], viewer: int | None) -> list[str]:
    return ["Bidding is closed: the seller must accept one of the standing bids."]  # R26


def _sold(state: WerebeastsState, d: dict[str, Any], viewer: int | None) -> list[str]:
    seller, buyer, card = d["seller"], d["buyer"], cards_text([d["card"]])
    if buyer == seller:  # R27
        return [f"No bid stands, so {_who(seller, viewer)} {'keep' if seller == viewer else 'keeps'} {card} "
                "for nothing."]
    paid = d["paid"]
    return [f"{_does(seller, viewer, 'accepts', 'accept')} {_whose(buyer, viewer)} bid: "  # R28
            f"{_who(buyer, viewer)} {'get' if buyer == viewer else 'gets'} {card} for "
            f"{offer_text(paid['cans'], paid['cards'])}."]


def _turn(state: WerebeastsState, d: dict[str, Any], viewer: int | None) -> list[str]:
    return [f"It is {_whose(d['active'], viewer)} turn."]


def _game_over(state: WerebeastsState, d: dict[str, Any], viewer: int | None) -> list[str]:
    out = [f"The game is over: {d['reason']}."]
    if viewer is not None:
        out.append("You win." if viewer in d["winners"] else "You lose.")
    goals = d["goals"]  # by position, all face up now (R31, D12)
    game = state.game
    held = [f"{_who(s, viewer)} had {GOAL_NAME[goals[a]]} and {GOAL_NAME[goals[b]]}"
            for s, (a, b) in enumerate(game.seat_positions)]
    box = [GOAL_NAME[g] for g in goals[game.table_positions:]]
    out.append(f"The goals: {'; '.join(held)}; the box held {' and '.join(box)}.")
    out.append("Points: " + ", ".join(f"{v:g} for {_who(int(s), viewer)}" for s, v in d["scores"].items()) + ".")
    return out


_SENTENCES = {
    "accused": _accused,
    "goal_revealed": _goal_revealed,
    "eliminated": _eliminated,
    "took": _took,
    "sale": _sale,
    "bid": _bid,
    "passed": _passed,
    "window_closed": _window_closed,
    "sold": _sold,
    "turn": _turn,
    "game_over": _game_over,
}
