"""What each viewer is told of a move, in sentences, built only from the events it may see.

``describe(state, events, viewer)`` is the game's ``describe`` hook: core passes the events visible to
``viewer`` (None = a spectator). A sentence reads the event's data and the printed cards (names, texts) only,
so a world resampled for the viewer gives the same words, and two moves the viewer cannot tell apart (which
card Black Candle kept, say) give the same words too. ``logged`` words one entry of the public log.
"""

from __future__ import annotations

from typing import Any

from hexbox.core import Event
from hexbox.core.game import count as counted

from . import actions as A
from .cards import ARTEFACT_INDEX, ARTEFACTS, CARDS, CURSE_INDEX, CURSES, PERMANENTS

_PHRASE = dict(CARDS.phrases)
_PERM = {p.id: p for p in PERMANENTS}


# ---- grammar -----------------------------------------------------------------------------------------------


def _who(seat: int, viewer: int | None) -> str:
    return "you" if seat == viewer else f"seat {seat}"


def _subject(seat: int, viewer: int | None, you: str, other: str) -> str:
    """"You roll" or "Seat 2 rolls": the subject and its verb."""
    return f"You {you}" if seat == viewer else f"Seat {seat} {other}"


def _seats(seats: list[int], viewer: int | None) -> str:
    names = [_who(s, viewer) for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _points(k: int) -> str:
    return f"{k} point" if k == 1 else f"{k} points"


def _curse(cid: str) -> str:
    return CURSES[CURSE_INDEX[cid]].name if cid in CURSE_INDEX else cid


def _rule_card(cid: str) -> str:
    return _PERM[cid].name if cid in _PERM else _curse(cid)


def _dice(text: str) -> str:
    return A._dice(text) if text else "no dice"


def _face(code: str) -> str:
    return A._face_name(code)


def _victims(caster: int, victim: int, viewer: int | None) -> str:
    return f"every adversary of {_who(caster, viewer)}" if victim < 0 else _who(victim, viewer)


# ---- one event -------------------------------------------------------------------------------------------------


def _artefact(d: dict[str, Any], viewer: int | None) -> str:
    a = d["artefact"]
    name = ARTEFACTS[ARTEFACT_INDEX[a]].name
    use = _subject(d["seat"], viewer, f"use {name}", f"uses {name}")
    if a == "A01":
        return f"{use} and casts a curse with dice of the bag just completed; they stay in that bag."
    if a == "A03":
        return f"{use} and turns a {_face(d['face'])} into a {_face(d['face_to'])}."
    if a == "A04":
        return f"{use} and adds a second {_face(d['face'])} to the bag."
    if a == "A05":
        return f"{use} and puts the {_face(d['face'])} set aside back into the bag."
    if a == "A06":
        return f"{use}: the curse goes back to its caster's hand and nobody scores."
    if a == "A07":
        return f"{use} and turns the curse back on its caster."
    if a == "A08":
        return f"{use} and shakes off {_curse(d['curse'])}."
    if a == "A10":
        return f"{use} and looks at the top cards of the Curse deck."
    if a == "A11":
        return f"{use} on {_who(d['target'], viewer)}."
    if a == "A12":
        return f"{use}: the Target card returns to the centre."
    if a == "A13":
        return f"{use}: no single-target curse may be cast on them until their next turn."
    return f"{use}."  # Rabbit's Foot and Jumping Bean: the next sentence tells what it did


def _consequence(d: dict[str, Any], viewer: int | None) -> str:
    perm = _PERM[d["permanent"]]
    what = f"the permanent curse {perm.name}"
    who = _subject(d["seat"], viewer, f"break {what}", f"breaks {what}")
    if d["consequence"] == "lose_points":
        return f"{who} and {'lose' if d['seat'] == viewer else 'loses'} {_points(perm.n)} (never below 0)."
    if d["consequence"] == "fewer_dice":
        dice = "one die" if perm.n == 1 else f"{perm.n} dice"
        return f"{who}: {'your' if d['seat'] == viewer else 'their'} next roll has {dice} fewer."
    if "curse" in d:
        return f"{who} and {'discard' if d['seat'] == viewer else 'discards'} {_curse(d['curse'])} face up to the " \
               f"bottom of the Curse deck."
    return f"{who} but has no other curse to discard."


def _game_over(state: Any, d: dict[str, Any], viewer: int | None) -> str:
    winners = d["winners"]
    top = max(d["scores"].values()) if d["scores"] else 0
    if d["kind"] == "reached_target":
        w = winners[0]
        return (f"{_subject(w, viewer, 'reach', 'reaches')} {_points(state.game.target_score)} and "
                f"{'win' if w == viewer else 'wins'} the game.")
    verb = "wins" if len(winners) == 1 and winners[0] != viewer else "win"
    return (f"The game ends at the turn cap of {state.game.max_turns} turns: {_seats(winners, viewer)} {verb} "
            f"with {_points(top)}.")


def sentence(state: Any, e: Event, viewer: int | None, seen: set[str]) -> str | None:
    """The sentence for one event, or None when another visible event says it better."""
    k, d = e.kind, e.data
    if k == "turn":
        holds = "you hold" if d["active"] == viewer else f"seat {d['active']} holds"
        return f"Turn {d['turn'] + 1}: {holds} the Voodoo doll."
    if k == "rolled":
        return f"{_subject(d['seat'], viewer, 'roll', 'rolls')} {counted(d['dice'], 'die', 'dice')}: {_dice(d['bag'])}."
    if k == "rerolled":
        if "drop" in d:
            return (f"{_subject(d['seat'], viewer, 'set', 'sets')} a {_face(d['drop'])} aside and re-roll"
                    f"{'' if d['seat'] == viewer else 's'} {_dice(d['dice'])}: the bag holds {_dice(d['bag'])}.")
        return (f"{_subject(d['seat'], viewer, 're-roll', 're-rolls')} {_dice(d['dice'])} without setting a die "
                f"aside: the bag holds {_dice(d['bag'])}.")
    if k == "bag_complete":
        return f"{_subject(d['seat'], viewer, 'keep', 'keeps')} the bag: {_dice(d['bag'])}."
    if k == "drew_curse":
        count = d["count"]
        what = "a Curse card" if count == 1 else f"{count} Curse cards"
        return f"{_subject(d['seat'], viewer, 'draw', 'draws')} {what}."
    if k == "drew_artefact":
        return f"{_subject(d['seat'], viewer, 'draw', 'draws')} an Artefact card."
    if k == "card":
        if "curse" in d:
            return f"You draw {_curse(d['curse'])}."
        return f"You draw the artefact {ARTEFACTS[ARTEFACT_INDEX[d['artefact']]].name}."
    if k == "cast":
        c = CURSES[CURSE_INDEX[d["curse"]]]
        on = "every adversary" if d["target"] < 0 else _who(d["target"], viewer)
        return (f"{_subject(d['caster'], viewer, 'cast', 'casts')} {c.name} on {on}, paying {_dice(d['pay'])}; "
                f"the card reads: {c.timing}, {c.effect}.")
    if k == "curse_in_play":
        return (f"{_curse(d['curse'])}, cast by {_who(d['caster'], viewer)}, now binds "
                f"{_victims(d['caster'], d['victim'], viewer)}.")
    if k == "points":
        have = "have" if d["seat"] == viewer else "has"
        return f"{_subject(d['seat'], viewer, 'gain', 'gains')} {_points(d['gain'])} and now {have} {d['score']}."
    if k == "permanent_curse":
        p = _PERM[d["permanent"]]
        return (f"{_subject(d['seat'], viewer, 'pass', 'passes')} the Big Skull at {d['skull']} and "
                f"{'take' if d['seat'] == viewer else 'takes'} the permanent curse {p.name}: {p.effect}.")
    if k == "violation":
        return (f"{_subject(d['victim'], viewer, 'break', 'breaks')} {_curse(d['curse'])}, cast by "
                f"{_who(d['caster'], viewer)}.")
    if k == "curse_interrupted":
        return (f"{_subject(d['caster'], viewer, 'interrupt', 'interrupts')} {_curse(d['curse'])}, broken by "
                f"{_who(d['by'], viewer)}, for {_points(d['points'])}.")
    if k == "curse_discarded":
        return f"{_curse(d['curse'])} leaves play, face up to the bottom of the Curse deck."
    if k == "consequence":
        return _consequence(d, viewer)
    if k == "emote":
        return f"{_subject(d['seat'], viewer, 'perform', 'performs')} “{d['emote']}”."
    if k == "say":
        voice = "" if d["voice"] == "normal" else f" in a {d['voice']} voice"
        return f"{_subject(d['seat'], viewer, 'say', 'says')}{voice}: “{_PHRASE[d['phrase']]}”"
    if k == "doll_passed":
        return f"{_subject(d['seat'], viewer, 'pass', 'passes')} the Voodoo doll to {_who(d['to'], viewer)}."
    if k == "claim":
        cry = f"{_subject(d['seat'], viewer, 'cry', 'cries')} “Broken!” about {_curse(d['curse'])}"
        if d["true"]:
            return f"{cry}: rightly, for {_points(d['points'])}."
        return f"{cry}, but nobody broke it this turn: {_points(d['lost'])} lost."
    if k == "artefact_used":
        return _artefact(d, viewer)
    if k == "candle":
        return f"You look at {_seats_of_cards(d['cards'])}."
    if k == "candle_done":
        if "candle_kept" in seen:
            return None  # the user is told exactly what it did
        return (f"{_subject(d['seat'], viewer, 'keep', 'keeps')} one of them and "
                f"{'put' if d['seat'] == viewer else 'puts'} {d['bottom']} at the bottom of the Curse deck.")
    if k == "candle_kept":
        order = d["bottom"]
        tail = ""
        if order:
            tail = f" and put {_curse(order[0])} at the very bottom of the Curse deck"
            if len(order) > 1:
                tail += f", {_curse(order[1])} just above it"
        return f"You keep {_curse(d['keep'])}{tail}."
    if k == "curse_stolen":
        if not d["taken"]:
            return f"{_subject(d['from'], viewer, 'have', 'has')} no curse to take."
        if "stolen" in seen:
            return None
        return (f"{_subject(d['thief'], viewer, 'take', 'takes')} a Curse card at random from "
                f"{_who(d['from'], viewer)}.")
    if k == "stolen":
        return (f"{_subject(d['thief'], viewer, 'take', 'takes')} {_curse(d['curse'])} from "
                f"{_who(d['from'], viewer)}.")
    if k == "done":
        window = d["window"]
        if window == "bag_window":
            return f"{_subject(d['seat'], viewer, 'let', 'lets')} the completed bag go."
        if window == "curse_response":
            return f"{_subject(d['seat'], viewer, 'let', 'lets')} the curse land."
        return f"{_subject(d['seat'], viewer, 'are', 'is')} done claiming."
    if k == "game_over":
        return _game_over(state, d, viewer)
    return None


def _seats_of_cards(ids: list[str]) -> str:
    names = [_curse(c) for c in ids]
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def describe(state: Any, events: list[Event], viewer: int | None) -> list[str]:
    """The sentences ``viewer`` is told of a move (``events`` are those it may see)."""
    seen = {e.kind for e in events}
    out = []
    for e in events:
        text = sentence(state, e, viewer, seen)
        if text is not None:
            out.append(text)
    return out


# ---- the public log ----------------------------------------------------------------------------------------


def logged(entry: dict[str, Any], viewer: int | None) -> str:
    """One entry of the public log (an action or a fact) as a short sentence."""
    k = entry["kind"]
    seat = entry.get("seat", entry.get("caster", -1))
    if k == "points":
        return f"{_subject(seat, viewer, 'gain', 'gains')} {_points(entry['gain'])}."
    if k == "in_play":
        return (f"{_curse(entry['curse'])}, cast by {_who(entry['caster'], viewer)}, binds "
                f"{_victims(entry['caster'], entry['victim'], viewer)}.")
    if k == "permanent":
        return f"{_subject(seat, viewer, 'take', 'takes')} the permanent curse {_rule_card(entry['permanent'])}."
    if k == "consequence":
        return _consequence(entry, viewer)
    if k == "emote":
        return f"{_subject(seat, viewer, 'perform', 'performs')} “{entry['emote']}”."
    if k == "say":
        voice = "" if entry["voice"] == "normal" else f" ({entry['voice']})"
        return f"{_subject(seat, viewer, 'say', 'says')}{voice}: “{_PHRASE[entry['phrase']]}”"
    if k == "roll":
        return f"{_subject(seat, viewer, 'roll', 'rolls')}."
    if k == "reroll":
        return (f"{_subject(seat, viewer, 'set', 'sets')} a {_face(entry['drop'])} aside and re-roll"
                f"{'' if seat == viewer else 's'} {_dice(entry['dice'])}.")
    if k == "keep":
        return f"{_subject(seat, viewer, 'keep', 'keeps')} the bag."
    if k in ("draw_curse", "draw_artefact"):
        what = "a Curse card" if k == "draw_curse" else "an Artefact card"
        return f"{_subject(seat, viewer, 'draw', 'draws')} {what}, paying {_dice(entry['pay'])}."
    if k == "cast":
        on = "every adversary" if entry["target"] < 0 else _who(entry["target"], viewer)
        return (f"{_subject(seat, viewer, 'cast', 'casts')} {_curse(entry['curse'])} on {on}, "
                f"paying {_dice(entry['pay'])}.")
    if k == "use_artefact":
        text = _artefact(entry, viewer)
        if entry["artefact"] == "A01":
            on = "every adversary" if entry["target"] < 0 else _who(entry["target"], viewer)
            text = text[:-1] + f": {_curse(entry['curse'])} on {on}, paying {_dice(entry['dice'])}."
        return text
    if k == "keep_card":
        return f"{_subject(seat, viewer, 'keep', 'keeps')} one of the Black Candle cards."
    if k == "pass_doll":
        return f"{_subject(seat, viewer, 'pass', 'passes')} the doll."
    if k == "claim":
        return f"{_subject(seat, viewer, 'cry', 'cries')} “Broken!” about {_curse(entry['curse'])}."
    if k == "done":
        return f"{_subject(seat, viewer, 'are', 'is')} done."
    return f"{_subject(seat, viewer, 'act', 'acts')}: {k}."



#: at the terminal, speech and emotes (96 free actions) sit under one entry of a long list (hexbox/terminal.py)
MENU = {"emote": "speak or emote", "say": "speak or emote"}
