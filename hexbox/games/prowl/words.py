"""What a viewer is told of a move, in the table's words (the ``describe`` hook), and the labels of a prompt's
options in their position (``label``).

Built only from the events the viewer may see (core filters them) and from what is public: never from a hidden
clan card or hand. Others learn only what the public events say ("Seat 2 places a clan card face down."); the
owner of a secret is told it from the private event sent to them ("You place Duelist (Summer) face down as your
clan card."). A seat is addressed as "you" by its own words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hexbox.core import Action, Event

from . import actions as A
from .cards import CARD_INDEX, CARDS, CLAN_INDEX, CLANS, DRILLMASTER, FIELD_MARSHAL
from .state import ProwlState

Data = dict[str, Any]


def describe(state: ProwlState, events: list[Event], viewer: int | None) -> list[str]:
    out: list[str] = []
    kinds = [e.kind for e in events]
    for i, e in enumerate(events):
        say = _SENTENCES[e.kind]
        out.extend(say(state, e.data, viewer, kinds[i - 1] if i else "", kinds))
    return out


def label(state: ProwlState, seat: int, action: Action) -> str:
    """``str(action)`` said for ``seat`` in this position: what choosing it does now (R29 for the reward)."""
    prompt = state.prompt
    if prompt is None or state.active != seat:
        return str(action)
    card, step, a, _ = prompt
    if action is A.DOMINANCE:
        held = state.dominance == seat
        if step == "reward":
            return "raise a clan by one (you already hold Dominance)" if held else "take the Dominance token"
        if card == DRILLMASTER and held:
            return "take the Dominance token (you already hold it: nothing happens)"
        return "take the Dominance token"
    if action is A.FORCE_CHANGE and step == "reward":
        return f"force seat {a} to Change on their next turn"
    if card == FIELD_MARSHAL and action in (A.RAISE, A.LOWER):
        return f"{action.option} {CLANS[a].name} by one"  # type: ignore[attr-defined]
    if card == DRILLMASTER and action is A.RAISE:
        return "raise Autumn by one"
    return str(action)


# ---- pieces of sentences ------------------------------------------------------------------------------


def _who(seat: int, viewer: int | None, start: bool = True) -> str:
    if seat == viewer:
        return "You" if start else "you"
    return f"Seat {seat}" if start else f"seat {seat}"


def _does(seat: int, viewer: int | None, third: str, base: str) -> str:
    """The start of a sentence: "Seat 3 plays" / "You play"."""
    return f"{_who(seat, viewer)} {base if seat == viewer else third}"


def _whose(seat: int, viewer: int | None) -> str:
    return "your" if seat == viewer else f"seat {seat}'s"


def _their(seat: int, viewer: int | None) -> str:
    return "your" if seat == viewer else "their"


def card(card_id: str) -> str:
    """A card as the table names it: "Duelist (Summer)"."""
    c = CARDS[CARD_INDEX[card_id]]
    return f"{c.name} ({CLANS[c.clan].name})"


def _name(card_id: str) -> str:
    return CARDS[CARD_INDEX[card_id]].name


def _clan(clan_id: str) -> str:
    return CLANS[CLAN_INDEX[clan_id]].name


def _place(track: list[str], clan_id: str) -> str:
    return ("1st", "2nd", "3rd", "4th")[track.index(clan_id)]


def _listed(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


# ---- one function per event kind: (state, data, viewer, the previous event's kind, every kind) -> sentences --


def _clan_placed(st: ProwlState, d: Data, viewer: int | None, before: str, kinds: list[str]) -> list[str]:
    if d["seat"] == viewer:
        return []  # the owner is told which card from their private event, next
    return [f"Seat {d['seat']} places a clan card face down."]


def _your_clan(st: ProwlState, d: Data, viewer: int | None, before: str, kinds: list[str]) -> list[str]:
    seat, what = d["seat"], card(d["card"])
    if before == "clan_placed":
        return [f"You place {what} face down as your clan card."]
    if before == "change":
        return [f"Your new clan card is {what}."]
    if seat == viewer:
        return [f"Your clan card is now {what}."]
    return [f"Seat {seat}'s clan card is now {what}."]  # a Changeling's other player: you gave it


def _start(st: ProwlState, d: Data, viewer: int | None, before: str, kinds: list[str]) -> list[str]:
    if d.get("dominance", d["seat"]) != d["seat"]:  # the catch-up option dominance_to = "last_player"
        return [f"Every clan card is placed. {_does(d['seat'], viewer, 'starts', 'start')}. "
                f"{_does(d['dominance'], viewer, 'holds', 'hold')} the Dominance token."]
    return [f"Every clan card is placed. {_does(d['seat'], viewer, 'starts and holds', 'start and hold')} "
            f"the Dominance token."]


def _deck_reveal(st: ProwlState, d: Data, viewer: int | None, before: str, kinds: list[str]) -> list[str]:
    who = _does(d["seat"], viewer, "holds", "hold")
    if d["card"] is None:
        return [f"{who} the Dominance token; the strengthening deck is empty."]
    return [f"{who} the Dominance token and {'reveal' if d['seat'] == viewer else 'reveals'} {card(d['card'])} "
            f"from the strengthening deck."]


def _play(st: ProwlState, d: Data, viewer: int | None, before: str, kinds: list[str]) -> list[str]:
    first = "strengthening first" if d["first"] == "strengthen" else "its effect first"
    text = f"{_does(d['seat'], viewer, 'plays', 'play')} {card(d['card'])}, {first}"
    return [text + ("." if d["effect"] else "; its effect does not trigger now (Early or Final).")]


def _track(st: ProwlState, d: Data, viewer: int | None, before: str, kinds: list[str]) -> list[str]:
    how, clan, moved, track = d["how"], _clan(d["clan"]), d["moved"], d["track"]
    if how == "swap":
        other = _clan(d["with"])
        return [f"{clan} and {other} swap places." if moved else f"{clan} and {other} do not swap."]
    if how == "strengthen":
        if moved:
            return [f"{clan} is strengthened and rises to {_place(track, d['clan'])}."]
        return [f"{clan} is strengthened but does not move."]
    verb, by = ("raised", d["by"]) if how == "raise" else ("lowered", d["by"])
    if moved == by:
        return [f"{clan} is {verb} by {by}, to {_place(track, d['clan'])}."]
    if moved:
        return [f"{clan} is {verb} by {by} but moves only {moved}, to {_place(track, d['clan'])}."]
    return [f"{clan} is {verb} by {by} but does not move."]


def _blocked(st: ProwlState, d: Data, viewer: int | None, before: str, kinds: list[str]) -> list[str]:
    a, b = (_clan(k) for k in d["clans"])
    return [f"{_name(d['by'])} blocks the move of {a} and {b}."]


def _attach(st: ProwlState, d: Data, viewer: int | None, before: str, kinds: list[str]) -> list[str]:
    text = f"{_whose(d['seat'], viewer).capitalize()} {_name(d['card'])} stays in front of {_them(d['seat'], viewer)}"
    if d.get("clan"):
        text += f", naming {_clan(d['clan'])}"
    if d.get("target") is not None:
        text += f" for {_who(d['target'], viewer, False)}"
    return [text + "."]


def _them(seat: int, viewer: int | None) -> str:
    return "you" if seat == viewer else "them"


def _detach(st: ProwlState, d: Data, viewer: int | None, before: str, kinds: list[str]) -> list[str]:
    return [f"{_whose(d['seat'], viewer).capitalize()} {_name(d['card'])} goes to {_their(d['seat'], viewer)} "
            f"discards."]


_CONSTRAINT = {"must_change": "must Change", "must_play": "must Play", "may_not_play": "may not Play"}


def _constraint(st: ProwlState, d: Data, viewer: int | None, before: str, kinds: list[str]) -> list[str]:
    return [f"{_who(d['seat'], viewer)} {_CONSTRAINT[d['constraint']]} on {_their(d['seat'], viewer)} next turn."]


def _dominance(st: ProwlState, d: Data, viewer: int | None, before: str, kinds: list[str]) -> list[str]:
    return [f"{_does(d['seat'], viewer, 'takes', 'take')} the Dominance token from {_who(d['from'], viewer, False)}."]


def _dominance_kept(st: ProwlState, d: Data, viewer: int | None, before: str, kinds: list[str]) -> list[str]:
    return [f"{_does(d['seat'], viewer, 'keeps', 'keep')} the Dominance token thanks to "
            f"{_their(d['seat'], viewer)} {_name(d['by'])}."]


def _change(st: ProwlState, d: Data, viewer: int | None, before: str, kinds: list[str]) -> list[str]:
    if d["seat"] == viewer:
        return [f"You Change: your old clan card, {card(d['old'])}, goes to your discards."]
    return [f"Seat {d['seat']} changes their clan card (the old one, {_name(d['old'])}, goes to their discards)."]


def _accuse(st: ProwlState, d: Data, viewer: int | None, before: str, kinds: list[str]) -> list[str]:
    seat, target = d["seat"], d["target"]
    how = (f"{_does(seat, viewer, 'discards', 'discard')} {card(d['card'])} and "
           f"{'accuse' if seat == viewer else 'accuses'}") if d["card"] else _does(seat, viewer, "accuses", "accuse")
    text = f"{how} {_who(target, viewer, False)} of being {_clan(d['clan'])}: "
    if d["right"]:
        return [text + "right."]
    return [text + f"wrong ({_whose(target, viewer)} clan card is not {_clan(d['clan'])})."]


def _clan_revealed(st: ProwlState, d: Data, viewer: int | None, before: str, kinds: list[str]) -> list[str]:
    seat = d["seat"]
    out = [f"{_whose(seat, viewer).capitalize()} clan card is turned face up: {card(d['card'])}."]
    prompt = st.prompt  # public: the reward the accuser chooses now (P4)
    if prompt is not None and prompt[1] == "reward" and st.active == viewer:
        options = ["raise a clan by one (you already hold Dominance)" if st.dominance == viewer
                   else "take the Dominance token"]
        if st.hands[seat]:  # R30: the accused has a turn left (hand sizes are public)
            options.append(f"force seat {seat} to Change on their next turn")
        out.append(f"Choose your reward: {' or '.join(options)}.")
    return out


def _answer(st: ProwlState, d: Data, viewer: int | None, before: str, kinds: list[str]) -> list[str]:
    seat, step, answer = d["seat"], d["step"], d["answer"]
    source = f" ({_name(d['card'])})" if d["card"] else ""
    if step == "reward":
        if answer["option"] == "force_change":
            return [f"{_does(seat, viewer, 'chooses', 'choose')} the reward of forcing a Change."]
        if "dominance" in kinds or "dominance_kept" in kinds:
            return [f"{_does(seat, viewer, 'chooses', 'choose')} the reward of taking the Dominance token."]
        # R29: the token is held already, so the reward raises a clan; the clan is the next question
        return [f"{_who(seat, viewer)} already {'hold' if seat == viewer else 'holds'} the Dominance token, so "
                f"{_their(seat, viewer)} reward raises a clan by one instead."]
    if answer == "skip" or answer == {"kind": "skip"}:
        return [f"{_does(seat, viewer, 'skips', 'skip')} the optional part{source}."]
    if answer == "card":  # Mist Weaver: which cards stays between the two players
        return [f"{_does(seat, viewer, 'chooses', 'choose')} a card{source}."]
    kind = answer["kind"]
    if kind == "choose_player":
        what = _who(answer["seat"], viewer, False)
    elif kind == "choose_clan":
        what = _clan(answer["clan"])
    elif kind == "choose_card":
        what = _name(answer["card"])
    else:
        what = {"raise": "to raise", "lower": "to lower", "dominance": "to take the Dominance token",
                "left": "the left", "right": "the right", "confirm": "to swap"}.get(answer["option"],
                                                                                  answer["option"])
    return [f"{_does(seat, viewer, 'chooses', 'choose')} {what}{source}."]


def _peek(st: ProwlState, d: Data, viewer: int | None, before: str, kinds: list[str]) -> list[str]:
    what = "clan card" if d["what"] == "clan" else "hand"
    return [f"{_does(d['seat'], viewer, 'peeks', 'peek')} at {_whose(d['target'], viewer)} {what}."]


def _peeked(st: ProwlState, d: Data, viewer: int | None, before: str, kinds: list[str]) -> list[str]:
    if "card" in d:
        return [f"You see seat {d['target']}'s clan card: {card(d['card'])}."]
    return [f"You see seat {d['target']}'s hand: {_listed([card(c) for c in d['cards']]) or 'empty'}."]


def _hand_exchange(st: ProwlState, d: Data, viewer: int | None, before: str, kinds: list[str]) -> list[str]:
    return [f"{_does(d['seat'], viewer, 'exchanges', 'exchange')} a hand card with {_who(d['target'], viewer, False)}."]


def _hand_exchanged(st: ProwlState, d: Data, viewer: int | None, before: str, kinds: list[str]) -> list[str]:
    if d["seat"] == viewer:
        return [f"You give {card(d['gave'])} to seat {d['target']} and take {card(d['took'])}."]
    return [f"Seat {d['seat']} gives you {card(d['gave'])} and takes your {card(d['took'])}."]


def _clan_exchange(st: ProwlState, d: Data, viewer: int | None, before: str, kinds: list[str]) -> list[str]:
    return [f"{_does(d['seat'], viewer, 'exchanges', 'exchange')} clan cards with {_who(d['target'], viewer, False)}; "
            f"each card stays face up or face down."]


def _pass_clans(st: ProwlState, d: Data, viewer: int | None, before: str, kinds: list[str]) -> list[str]:
    return [f"Every player hands their clan card to the neighbour on the {d['direction']} (Hooded Figure, "
            f"{_who(d['seat'], viewer, False)})."]


def _game_over(st: ProwlState, d: Data, viewer: int | None, before: str, kinds: list[str]) -> list[str]:
    cards = "; ".join(f"{_who(p, viewer, False)}: {card(c)}" for p, c in enumerate(d["clans"]))
    winners = d["winners"]
    head = f"{_does(winners[0], viewer, 'wins', 'win')}" if winners else "Nobody wins"
    return [f"The game is over. Clan cards: {cards}.", f"{head}: {d['reason']}."]


_SENTENCES: dict[str, Callable[..., list[str]]] = {
    "clan_placed": _clan_placed, "your_clan": _your_clan, "start": _start, "deck_reveal": _deck_reveal,
    "play": _play, "track": _track, "blocked": _blocked, "attach": _attach, "detach": _detach,
    "constraint": _constraint, "dominance": _dominance, "dominance_kept": _dominance_kept, "change": _change,
    "accuse": _accuse, "clan_revealed": _clan_revealed, "answer": _answer, "peek": _peek, "peeked": _peeked,
    "hand_exchange": _hand_exchange, "hand_exchanged": _hand_exchanged, "clan_exchange": _clan_exchange,
    "pass_clans": _pass_clans, "game_over": _game_over,
}
