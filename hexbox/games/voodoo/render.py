"""The Voodoo table as terminal text (Rich markup), drawn from one observation: the game's ``render`` hook."""

from __future__ import annotations

from typing import Any

from hexbox.core.game import count

from .cards import ARTEFACTS, CARDS, CURSES, FACES, PERMANENTS, dice_names

_FACE_NAME = {f.id: f.name for f in FACES}
_CURSE = {c.id: c for c in CURSES}
_ART = {a.id: a for a in ARTEFACTS}
_PERM = {p.id: p for p in PERMANENTS}


#: the phases as the rulebook names them (docs/games/voodoo.md, A turn), never the engine's ids
PHASE = {"phase1": "phase 1, the bag of ingredients", "bag_window": "the bag is complete: others may react",
         "phase2": "phase 2, actions", "curse_response": "a curse is being cast", "claim_window":
         "claims of broken curses", "candle": "Black Candle: ordering the cards", "over": "the game is over"}


def _dice(faces: list[str]) -> str:
    return ", ".join(_FACE_NAME[f] for f in faces) or "—"


def render(obs: dict[str, Any]) -> str:
    """The table as seen from ``obs['seat']``, as text with Rich markup. Emotes and phrases are actions:
    the terminal offers them with the other legal actions ("emote: cluck", "say: Curse you! (falsetto)")."""
    seat = obs["seat"]
    pub = obs["public"]
    mine = obs["private"]
    # in the claim window the doll has already gone on to the next seat (R57): the table shows where it is
    doll = (pub["active"] + 1) % pub["players"] if obs["phase"] == "claim_window" else pub["active"]
    holds = "you hold" if doll == seat else f"seat {doll} holds"
    lines = [f"[bold]Voodoo[/bold] — turn {obs['turn']}, {holds} the doll; "
             f"{PHASE.get(obs['phase'], obs['phase'])}. First to {pub['target_score']} wins. "
             f"Claims: {pub['claim_mode'].replace('_', '-')}."]
    holder = pub["target_holder"]
    lines.append(f"Target card: {'centre' if holder is None else 'seat ' + str(holder)}. "
                 f"Decks: {count(pub['curse_deck']['size'], 'curse')}, "
                 f"{count(pub['artefact_deck']['size'], 'artefact')}, "
                 f"{pub['permanent_deck']} permanent curses.")
    for s in range(pub["players"]):
        h = pub["hands"][s]
        tags = []
        if s == seat:
            tags.append("you")
        if s == doll and obs["phase"] != "over":
            tags.append("[yellow]doll[/yellow]")
        if s in pub["spirit_ward"]:
            tags.append("warded")
        perms = ", ".join(_PERM[p].name for p in pub["permanents"][s])
        extra = f"; permanent: [red]{perms}[/red]" if perms else ""
        known = [] if s == seat else h["known_curses"] + (mine["known_curses"].get(str(s), []) if mine else [])
        shown = f" (known: {', '.join(_CURSE[c].name for c in sorted(known))})" if known else ""
        lines.append(f"  seat {s} ({', '.join(tags) or 'player'}): [bold]{count(pub['scores'][s], 'point')}[/bold], "
                     f"{count(h['curses'], 'curse')}, {count(h['artefacts'], 'artefact')}{shown}{extra}")
    if obs["phase"] != "over":
        lines.append(f"Bag: [bold]{_dice(pub['bag'])}[/bold]   set aside: {_dice(pub['set_aside'])}")
    if pub["curses_in_play"]:
        lines.append("Curses in play:")
        for c in pub["curses_in_play"]:
            k = _CURSE[c["curse"]]
            victims = "every adversary" if k.all_adversaries else \
                "you" if c["victims"][0] == seat else f"seat {c['victims'][0]}"
            caster = "you" if c["caster"] == seat else f"seat {c['caster']}"
            # what the victim must do and when, and the emote that does it: a curse on you is kept by moves
            emote = f" (emote “{k.rule.emote}”)" if k.rule.emote else ""
            lines.append(f"  {k.name} by {caster} on {victims}: {k.timing}, {k.effect}{emote}")
    bottom = pub["curse_deck"]["known"]
    if bottom and obs["phase"] != "over":
        lines.append("Curse deck, known from the bottom: " + ", ".join(_CURSE[c].name for _, c in bottom))
    if mine is not None:
        lines.append("Your curses:" + ("" if mine["my_curses"] else " none"))
        for c in mine["my_curses"]:
            k = _CURSE[c]
            cost = dice_names(k.cost) + (f" and {count(k.stars, 'die')} of any face" if k.stars else "")
            lines.append(f"  [bold]{k.name}[/bold] — costs {cost}; scores {k.cast} when cast, {k.interrupt} "
                         f"when its victim breaks it: {k.effect}")
        arts = ", ".join(_ART[a].name for a in mine["my_artefacts"])
        lines.append(f"Your artefacts: {arts or 'none'}")
        if mine["my_candle"]:
            lines.append("Black Candle shows you: " + ", ".join(_CURSE[c].name for c in mine["my_candle"]))
        if mine["curse_deck_known"]:
            lines.append("You alone know: " + ", ".join(f"{_CURSE[c].name} at {i + 1} from the bottom"
                                                       for i, c in mine["curse_deck_known"]))
    if pub["pending_cast"]:
        p = pub["pending_cast"]
        lines.append(f"[bold]Seat {p['caster']} is casting {_CURSE[p['curse']].name} on seat {p['target']}[/bold]")
    # no log here: the terminal prints what the seat was told since its last move, and replay each move's words
    if pub["violations"]:
        lines.append("Broken: " + "; ".join(f"seat {v['victim']} broke {_rule_name(v['curse'])}"
                                            for v in pub["violations"][-6:]))
    if seat is not None and seat in obs["actors"]:
        # the emotes and phrases themselves are in the list of moves ("speak or emote"): here, one line
        block = pub["blocks"][seat]
        free = sum(e not in block["emotes"] for e in CARDS.emotes)
        speech = "" if block["said"] else f", or say one of {len(CARDS.phrases)} phrases"
        lines.append(f"Free actions: {count(free, 'emote')} to perform{speech} (“speak or emote” below).")
    if obs["result"]:
        r = obs["result"]
        lines.append(f"[bold]Game over[/bold]: {r['reason']}. Scores: "
                     + ", ".join(f"seat {k}: {v}" for k, v in r["scores"].items()))
    return "\n".join(lines)


def _rule_name(card: str) -> str:
    """A curse or permanent curse by the name on its card."""
    return _CURSE[card].name if card in _CURSE else _PERM[card].name if card in _PERM else card
