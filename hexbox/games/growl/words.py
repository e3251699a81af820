"""What a viewer is told of a move, in sentences (the ``describe`` hook).

Core hands ``describe`` only the events the viewer may see; every sentence is built from one of those events and
the viewer's seat, and from nothing else (not from the state, which may be a resampled world). A public event
carries no secret, so the table is told "Seat 5 is ready to pass." while seat 5 alone reads the cards it passes,
and each receiver the cards it got.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from hexbox.core import Event

from .cards import CARDS, INDEX
from .views import merged_log


def describe(state: Any, events: list[Event], viewer: int | None) -> list[str]:
    """One sentence per event (a few events say nothing worth a line)."""
    out = []
    for e in events:
        text = sentence(e.kind, e.data, viewer)
        if text:
            out.append(text)
    return out


def sentence(kind: str, data: dict[str, Any], viewer: int | None) -> str:
    """The sentence of one event as ``viewer`` reads it ("you" for the viewer's own seat)."""
    say = _SAY.get(kind)
    return say(_Words(viewer), data) if say else f"{kind.replace('_', ' ').capitalize()}."


def log_sentences(observation: dict[str, Any]) -> list[str]:
    """The observation's log (public and private halves merged in order), as the viewer's sentences."""
    viewer = observation["seat"]
    return [s for e in merged_log(observation) if (s := sentence(e["kind"], e["data"], viewer))]


# ---- the words ---------------------------------------------------------------------------------------------

def card(card_id: str) -> str:
    return CARDS[INDEX[card_id]].name


def cards(counts: dict[str, int]) -> str:
    """A hand as "Gold ×2, Wound", or "nothing"."""
    return ", ".join(f"{card(c)} ×{k}" if k > 1 else card(c) for c, k in counts.items()) or "nothing"


def some(card_ids: Iterable[str]) -> str:
    """Cards as "Gold ×2 and Hex": copies counted, in the order given."""
    counts: dict[str, int] = {}
    for c in card_ids:
        counts[c] = counts.get(c, 0) + 1
    return listed(f"{card(c)} ×{k}" if k > 1 else card(c) for c, k in counts.items())


def listed(items: Iterable[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items) or "nobody"
    return ", ".join(items[:-1]) + " and " + items[-1]


class _Words:
    """Seats named for one viewer: "You"/"you"/"your" for the viewer's own seat."""

    def __init__(self, viewer: int | None):
        self.viewer = viewer

    def who(self, seat: int) -> str:  # at the start of a sentence
        return "You" if seat == self.viewer else f"Seat {seat}"

    def whom(self, seat: int) -> str:  # elsewhere
        return "you" if seat == self.viewer else f"seat {seat}"

    def whose(self, seat: int) -> str:
        return "your" if seat == self.viewer else f"seat {seat}'s"

    def Whose(self, seat: int) -> str:  # noqa: N802 - at the start of a sentence
        return "Your" if seat == self.viewer else f"Seat {seat}'s"

    def verb(self, seat: int, you: str, other: str) -> str:
        return you if seat == self.viewer else other

    def seats(self, seats: Iterable[int]) -> str:
        """"seat 3", "seats 1, 3 and 4", "you and seat 3", "you": not capitalised."""
        seats = list(seats)
        others = [s for s in seats if s != self.viewer]
        named = f"seat {others[0]}" if len(others) == 1 else "seats " + listed(map(str, others))
        if len(others) == len(seats):
            return named if seats else "nobody"
        return f"you and {named}" if others else "you"


Say = Callable[[_Words, dict[str, Any]], str]


def _setup(w: _Words, d: dict[str, Any]) -> str:
    k = d["wolf_zeroes"]
    start = "you are" if d["start_seat"] == w.viewer else f"seat {d['start_seat']} is"
    return (f"A game of GROWL begins for {d['players']} players, {k} of them Wolf Zero{'es' if k > 1 else ''}; "
            f"{start} the Start Player.")


def _team(w: _Words, d: dict[str, Any]) -> str:
    if d["wolf_zero"]:
        return "You are a Wolf Zero: a werewolf for the whole game."
    return "You are a werewolf." if d["werewolf"] else "You are human, for now."


def _night_card(w: _Words, d: dict[str, Any]) -> str:
    kind = "Final Night card" if d["final"] else "Night card"
    return f"{w.who(d['seat'])} {w.verb(d['seat'], 'reveal', 'reveals')} the {kind} {card(d['card'])}: " \
           "no talking until its passing is over."


def _gave(w: _Words, d: dict[str, Any]) -> str:
    giver, to = d["seat"], d["to"]
    gives = w.verb(giver, "give", "gives")
    if d["spell"]:
        return f"{w.who(giver)} {gives} the spell {card(d['card'])} to {w.whom(to)}: it lies face up in front of " \
               f"{'you' if to == w.viewer else 'them'}."
    if to == w.viewer:
        return f"{w.who(giver)} {gives} you {card(d['card'])}."
    return f"{w.who(giver)} {gives} {card(d['card'])} to {w.whom(to)}."


_TARGET: dict[str, str] = {
    "blood_hound": "{A} {send} the Blood Hound to look at {b_s} hand.",
    "caged": "{A} {cage} {b}: {b_is} out of this Night's passing.",
    "insomnia": "{A} {give} Insomnia to {b}: this Night {b_sub} will learn who sends each card.",
    "seance": "{A} {place} the Séance in front of {b}.",
    "silver_bullet": "{A} {place} the Silver Bullet in front of {b}.",
    "truth_serum": "{A} {give} the Truth Serum to {b}.",
    "all_hallows_eve": "{A} {call} on dead {b} for All Hallows' Eve.",
}
_VERBS = ("send", "cage", "give", "place", "call")


def _night_target(w: _Words, d: dict[str, Any]) -> str:
    a, name = d["seat"], card(d["card"])
    verbs = {v: w.verb(a, v, v + "s") for v in _VERBS}
    if "targets" in d:
        x, y = d["targets"]
        pair = w.seats((x, y))
        if d["card"] == "the_gift":
            return f"{w.who(a)} {verbs['call']} {pair} for The Gift: each secretly sends the other a card."
        if d["card"] == "the_sleepwalkers":
            return f"{w.who(a)} {w.verb(a, 'make', 'makes')} {pair} sleepwalk: they swap places."
        return f"{w.who(a)} {w.verb(a, 'use', 'uses')} {name} on {pair}."
    t = d["target"]
    if t is None:
        return f"{name} has no effect: nobody qualifies."
    b = "yourself" if t == a == w.viewer else "themselves" if t == a else w.whom(t)
    b_s = "your own" if t == a == w.viewer else "their own" if t == a else w.whose(t)
    b_is = "you sit" if t == w.viewer else "they sit"
    b_sub = "you" if t == w.viewer else "they" if t == a else w.whom(t)  # the subject of a clause of its own
    text = _TARGET.get(d["card"], "{A} {use} " + name + " on {b}.")
    return text.format(A=w.who(a), b=b, b_s=b_s, b_is=b_is, b_sub=b_sub, use=w.verb(a, "use", "uses"), **verbs)


def _hypnosis(w: _Words, d: dict[str, Any]) -> str:
    counts = [f"{w.whom(int(s))} {w.verb(int(s), 'hold', 'holds')} {k}" for s, k in d["counts"].items()]
    return f"{w.who(d['seat'])} {w.verb(d['seat'], 'ask', 'asks')} how many {card(d['card'])} cards two players " \
           f"hold: {listed(counts)}."


def _ready(w: _Words, d: dict[str, Any]) -> str:
    s = d["seat"]
    done = {"passing": w.verb(s, "are ready to pass", "is ready to pass"),
            "contribute": w.verb(s, "have chosen a card", "has chosen a card"),
            "purge": w.verb(s, "have voted", "has voted"),
            "point": w.verb(s, "have pointed", "has pointed")}[d["window"]]
    return f"{w.who(s)} {done}."


def _contributed(w: _Words, d: dict[str, Any]) -> str:
    if d["night_card"] == "the_gift":
        return f"You choose {card(d['card'])} to send with The Gift."
    return f"You put {card(d['card'])} into The Tempest's pile."


def _voted(w: _Words, d: dict[str, Any]) -> str:
    return f"{w.who(d['seat'])} {w.verb(d['seat'], 'vote', 'votes')} for {w.whom(d['target'])}."


def _votes(w: _Words, d: dict[str, Any]) -> str:
    each = [f"{w.whom(int(s))} for {w.whom(t)}" for s, t in d["votes"].items()]
    return f"The votes are shown together: {listed(each)}."


def _picked(w: _Words, d: dict[str, Any]) -> str:
    s, t = d["seat"], d["target"]
    if d["why"] == "tie":
        return f"{w.who(s)} {w.verb(s, 'break', 'breaks')} the tie: {w.whom(t)}."
    return f"{w.who(s)} {w.verb(s, 'name', 'names')} {w.whom(t)} to die."


def _points(w: _Words, d: dict[str, Any]) -> str:
    each = [f"{w.whom(int(s))} {p}" for s, p in d["points"].items()]
    unwanted = d["unwanted"]
    who = f"the Unwanted: {w.seats(unwanted)}" if unwanted else "nobody is Unwanted"
    return f"Everybody has pointed ({listed(each)}); {who}."


def _hallows(w: _Words, d: dict[str, Any]) -> str:
    s = d["seat"]
    return f"Dead {w.whom(s)} {w.verb(s, 'send', 'sends')} one card to {w.whom(d['left'])} on the left and one to " \
           f"{w.whom(d['right'])} on the right."


def _hallows_card(w: _Words, d: dict[str, Any]) -> str:
    if d["seat"] == w.viewer:
        return f"You send {card(d['card'])} to {w.whom(d['to'])}."
    return f"Dead seat {d['seat']} sends you {card(d['card'])}."


def _pass_chosen(w: _Words, d: dict[str, Any]) -> str:
    if not d["cards"]:
        return "You hold no two cards you may pass: you pass nothing, but you still receive."
    (left, right), (to_left, to_right) = d["cards"], d["to"]
    return f"You pass {card(left)} to seat {to_left} on your left and {card(right)} to seat {to_right} on your right."


def _sent(w: _Words, d: dict[str, Any]) -> str:
    if d["side"] == "gift":
        return f"Your Gift card, {card(d['card'])}, reaches {w.whom(d['to'])}."
    return f"Your {card(d['card'])} reaches seat {d['to']} on your {d['side']}."


def _received(w: _Words, d: dict[str, Any]) -> str:
    if d["senders"] is not None:
        return f"You receive {listed(card(x['card']) + ' from seat ' + str(x['from']) for x in d['senders'])}."
    return f"You receive {some(d['cards'])}."


def _spell(w: _Words, d: dict[str, Any]) -> str:
    s, spell = d["seat"], d["spell"]
    pays = f"{w.who(s)} {w.verb(s, 'pay', 'pays')} {listed(card(c) for c in d['paid'])}"
    if spell == "tanglevine":
        return f"{pays} to discard Tanglevine."
    if spell == "scrying_bowl":
        return f"{pays} to look into {w.whose(d['target'])} hand with the Scrying Bowl."
    if spell == "healing_draught":
        return f"{pays} and discards {card(d['discarded'])} with the Healing Draught."
    if spell == "purifying_rite":
        return f"{pays} and discards a Bite with the Purifying Rite."
    if spell == "banishing_rite":
        return f"{pays} to discard {w.whose(d['from'])} {card(d['discarded'])} with the Banishing Rite."
    if spell == "spirit_leash":
        return f"{pays} to move {card(d['moved'])} from {w.whom(d['from'])} to {w.whom(d['to'])} with the Spirit " \
               "Leash."
    return f"{pays} for {card(spell)}."


def _game_over(w: _Words, d: dict[str, Any]) -> str:
    zeroes = d["wolf_zeroes"]
    return f"The Growl! {d['reason']} The werewolves were {w.seats(d['werewolves'])}; the Wolf " \
           f"Zero{'es' if len(zeroes) > 1 else ''}: {w.seats(zeroes)}."


_SAY: dict[str, Say] = {
    "setup": _setup,
    "team": _team,
    "sniff": lambda w, d: f"The Sniff: the werewolves are {w.seats(d['werewolves'])}.",
    "turn": lambda w, d: f"It is {w.whose(d['seat'])} turn.",
    "night_card": _night_card,
    "discarded": lambda w, d: f"Nobody may receive the {card(d['card'])}: it is discarded face up.",
    "gave": _gave,
    "turned": lambda w, d: "You have turned: you are a werewolf now.",
    "died": lambda w, d: f"{w.who(d['seat'])} {w.verb(d['seat'], 'die', 'dies')}.",
    "seance": lambda w, d: f"The Séance reveals that {w.whom(d['seat'])} died "
                           f"{'a werewolf' if d['werewolf'] else 'human'}.",
    "omen_crow": lambda w, d: f"Your Omen Crow tells you that seat {d['seat']} was "
                              f"{'a werewolf' if d['werewolf'] else 'human'} at death.",
    "death_rattle": lambda w, d: f"{w.Whose(d['seat'])} Death Rattle gives a card to {w.whom(d['to'])}.",
    "death_rattle_card": lambda w, d: (f"With your Death Rattle you give {card(d['card'])} to seat {d['to']}."
                                       if d["seat"] == w.viewer else
                                       f"Seat {d['seat']}'s Death Rattle gives you {card(d['card'])}."),
    "death_rattle_declined": lambda w, d: f"{w.who(d['seat'])} {w.verb(d['seat'], 'let', 'lets')} "
                                          f"{w.verb(d['seat'], 'your', 'their')} Death Rattle go unused.",
    "night_target": _night_target,
    "hand_seen": lambda w, d: f"You see {w.whose(d['seat'])} hand: {cards(d['hand'])}.",
    "hypnosis": _hypnosis,
    "shows_nothing": lambda w, d: f"{w.who(d['seat'])} {w.verb(d['seat'], 'have', 'has')} no card to show.",
    "shown": lambda w, d: f"{w.who(d['seat'])} {w.verb(d['seat'], 'show', 'shows')} {w.whom(d['to'])} a card "
                          "in private.",
    "shown_card": lambda w, d: (f"You show {card(d['card'])} to seat {d['to']}." if d["seat"] == w.viewer else
                                f"Seat {d['seat']} shows you {card(d['card'])}."),
    "begin": lambda w, d: f"{w.who(d['seat'])} {w.verb(d['seat'], 'begin', 'begins')} the Final Night: "
                          f"{card(d['card'])}.",
    "ready": _ready,
    "contributed": _contributed,
    "gift_sent": lambda w, d: f"{w.seats(d['seats']).capitalize()} have chosen their Gift cards: each arrives "
                              "with the passing.",
    "tempest_card": lambda w, d: f"The Tempest deals you {card(d['card'])}.",
    "tempest_dealt": lambda w, d: f"The Tempest's pile is shuffled and a card dealt back to each of "
                                  f"{w.seats(d['seats'])}.",
    "voted": _voted,
    "votes": _votes,
    "tie": lambda w, d: f"{w.seats(d['seats']).capitalize()} are tied.",
    "most_trusted": lambda w, d: f"{w.who(d['seat'])} {w.verb(d['seat'], 'are', 'is')} the most trusted and "
                                 f"{w.verb(d['seat'], 'name', 'names')} who dies.",
    "picked": _picked,
    "saved": lambda w, d: f"{w.who(d['seat'])} {w.verb(d['seat'], 'save', 'saves')} {w.whom(d['target'])}.",
    "pointed": lambda w, d: f"You point {d['side']}.",
    "points": _points,
    "hallows": _hallows,
    "hallows_card": _hallows_card,
    "hallows_nothing": lambda w, d: f"Dead {w.whom(d['seat'])} {w.verb(d['seat'], 'have', 'has')} no card to "
                                    "send.",
    "cannot_pass": lambda w, d: f"{w.seats(d['seats']).capitalize()} cannot pass two cards and "
                                f"{'die' if len(d['seats']) > 1 or d['seats'][0] == w.viewer else 'dies'}.",
    "night_falls": lambda w, d: f"Night falls: {w.seats(d['passing'])} each pass a card to each side, in secret.",
    "pass_chosen": _pass_chosen,
    "night_passing": lambda w, d: f"The passing is over and every card moves at once; {w.seats(d['passed'])} "
                                  "passed two cards.",
    "sent": _sent,
    "received": _received,
    "moon_watcher": lambda w, d: f"Your Moon Watcher counts {d['bites']} card{'s' if d['bites'] != 1 else ''} "
                                 "with a Bite passed this Night.",
    "spell": _spell,
    "spells_done": lambda w, d: f"{w.who(d['seat'])} {w.verb(d['seat'], 'end', 'ends')} the spell step.",
    "game_over": _game_over,
}
