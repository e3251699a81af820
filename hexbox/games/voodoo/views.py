"""What each seat sees (spec §8), and the table drawn as text for the terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import actions as A
from .cards import ARTEFACTS, CARDS, CURSES, FACES, PERMANENTS, dice_text
from .curses import COUNT_NAMES, EMOTE_NAMES
from .phases import CANDLE, OVER, PHASES

if TYPE_CHECKING:
    from .rules import VoodooState


def _faces(counts: list[int]) -> list[str]:
    return [FACES[f].id for f in range(6) for _ in range(counts[f])]


def _curse(c: int) -> dict[str, Any]:
    k = CURSES[c]
    return {"id": k.id, "name": k.name, "cost": dice_text(k.cost) + " *" * k.stars, "cast": k.cast,
            "interrupt": k.interrupt, "timing": k.timing, "text": k.text, "rule": k.rule.describe(),
            "all_adversaries": k.all_adversaries}


def _deck(deck: list[int], seen: list[int], bit: int, ids: list[str], reveal: bool) -> dict[str, Any]:
    """Size and the cards whose place this viewer knows, as [position from the bottom, id]."""
    known = [[i, ids[c]] for i, c in enumerate(deck) if reveal or seen[c] & bit]
    return {"size": len(deck), "known": known}


def observe(state: VoodooState, seat: int | None) -> dict[str, Any]:
    n = state.n
    over = state.phase == OVER
    bit = 0 if seat is None else 1 << seat
    curse_ids = [c.id for c in CURSES]
    art_ids = [a.id for a in ARTEFACTS]
    pending = state.pending
    obs: dict[str, Any] = {
        "game": "voodoo",
        "players": n,
        "seat": seat,
        "claim_mode": "automatic" if state.game.automatic else "call_out",
        "target_score": state.game.target_score,
        "turn": state.turn,
        "active": state.active,
        "phase": PHASES[state.phase],
        "actors": list(state.actors),
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
        "skulls_struck": [[s for i, s in enumerate(CARDS.skulls) if state.struck[p] >> i & 1] for p in range(n)],
        "fewer_dice": list(state.penalty),
        "target_holder": None if state.holder < 0 else state.holder,
        "spirit_ward": [s for s in range(n) if state.ward >> s & 1],
        "last_target": [None if t < 0 else t for t in state.last_target],
        "curses_in_play": [
            {"curse": CURSES[c].id, "name": CURSES[c].name, "caster": caster, "victims": state.victims(c),
             "rule": CURSES[c].rule.describe(), "interrupt": CURSES[c].interrupt}
            for c, (caster, _) in sorted(state.inplay.items())],
        "permanents": [[PERMANENTS[p].id for p, o in enumerate(state.powner) if o == s] for s in range(n)],
        "hands": [{"seat": s, "curses": len(state.hand[s]), "artefacts": len(state.arts[s]),
                   "known_curses": sorted(curse_ids[c] for c in state.hand[s] if over or state.cseen[c] & bit)
                   if s != seat else []}
                  for s in range(n)],
        "curse_deck": _deck(state.cdeck, state.cseen, bit, curse_ids, over),
        "artefact_deck": _deck(state.adeck, state.aseen, bit, art_ids, over),
        "permanent_deck": len(state.pdeck),
        "window_open": [s for s in range(n) if state.open >> s & 1],
        "pending_cast": None if pending is None else
        {"caster": pending[0], "curse": CURSES[pending[1]].id, "target": pending[2]},
        "claimed": [CURSES[c].id for c in range(len(CURSES)) if state.claimed >> c & 1],
        "candle": len(state.candle) if state.phase == CANDLE else 0,
        "blocks": [{"emotes": [e for i, e in enumerate(EMOTE_NAMES) if state.blocks[s] >> i & 1],
                    "said": state.said[s]} for s in range(n)],
        "log": [dict(e) for e in state.log],
        "previous_log": [dict(e) for e in state.prev_log],
        # R57, D18: in call-out mode breaks are not listed until the end; automatic mode announces them
        "violations": [dict(v) for v in state.violations] if over or state.game.automatic else None,
        "result": state.result.to_json() if state.result else None,
    }
    if seat is not None:
        obs["my_curses"] = sorted(curse_ids[c] for c in state.hand[seat])
        obs["my_artefacts"] = sorted(art_ids[a] for a in state.arts[seat])
        obs["my_candle"] = [curse_ids[c] for c in state.candle] if state.phase == CANDLE and seat == state.active \
            else []
    if over:
        obs["all_hands"] = [{"curses": sorted(curse_ids[c] for c in state.hand[s]),
                             "artefacts": sorted(art_ids[a] for a in state.arts[s])} for s in range(n)]
    return obs


# ---- the terminal ----------------------------------------------------------------------------------------

_FACE = {f.id: f.code for f in FACES}
_CURSE = {c.id: c for c in CURSES}
_ART = {a.id: a for a in ARTEFACTS}
_PERM = {p.id: p for p in PERMANENTS}
_PHRASE = dict(CARDS.phrases)


def _dice(faces: list[str]) -> str:
    return " ".join(_FACE[f] for f in faces) or "—"


def _entry(e: dict[str, Any]) -> str:
    k = e["kind"]
    who = f"seat {e.get('seat')}"
    if k == "points":
        return f"{who} +{e['gain']}"
    if k == "permanent":
        return f"{who} takes permanent curse {_PERM[e['permanent']].name}"
    if k == "consequence":
        return f"{who} suffers {_PERM[e['permanent']].name} ({e['consequence']})"
    if k == "emote":
        return f"{who} *{e['emote']}*"
    if k == "say":
        voice = "" if e["voice"] == "normal" else f" ({e['voice']})"
        return f"{who}: \"{_PHRASE[e['phrase']]}\"{voice}"
    body = {key: v for key, v in e.items() if key not in ("i", "seat", "left", "leaders")}
    try:
        return f"{who}: {A.SPACE.parse(body)}"
    except ValueError:
        return f"{who}: {k}"


def render(obs: dict[str, Any]) -> str:
    """The table as seen from ``obs['seat']``, as text with Rich markup. Emotes and phrases are actions:
    the terminal offers them with the other legal actions ("emote: cluck", "say: Curse you! (falsetto)")."""
    seat = obs["seat"]
    lines = [f"[bold]Voodoo[/bold] — turn {obs['turn'] + 1}, seat {obs['active']} holds the doll; "
             f"{obs['phase'].replace('_', ' ')}. First to {obs['target_score']} wins. "
             f"Claims: {obs['claim_mode'].replace('_', '-')}."]
    holder = obs["target_holder"]
    lines.append(f"Target card: {'centre' if holder is None else 'seat ' + str(holder)}. "
                 f"Decks: {obs['curse_deck']['size']} curses, {obs['artefact_deck']['size']} artefacts, "
                 f"{obs['permanent_deck']} permanent curses.")
    for s in range(obs["players"]):
        h = obs["hands"][s]
        tags = []
        if s == seat:
            tags.append("you")
        if s == obs["active"] and obs["phase"] != "over":
            tags.append("[yellow]doll[/yellow]")
        if s in obs["spirit_ward"]:
            tags.append("warded")
        perms = ", ".join(_PERM[p].name for p in obs["permanents"][s])
        extra = f"; permanent: [red]{perms}[/red]" if perms else ""
        known = f" (you know: {', '.join(_CURSE[c].name for c in h['known_curses'])})" if h["known_curses"] else ""
        lines.append(f"  seat {s} ({', '.join(tags) or 'player'}): [bold]{obs['scores'][s]}[/bold] pts, "
                     f"{h['curses']} curses, {h['artefacts']} artefacts{known}{extra}")
    if obs["phase"] not in ("over",):
        lines.append(f"Bag: [bold]{_dice(obs['bag'])}[/bold]   set aside: {_dice(obs['set_aside'])}")
    if obs["curses_in_play"]:
        lines.append("Curses in play:")
        for c in obs["curses_in_play"]:
            k = _CURSE[c["curse"]]
            victims = "every adversary" if k.all_adversaries else f"seat {c['victims'][0]}"
            lines.append(f"  {k.name} by seat {c['caster']} on {victims}: {k.text} [dim]({c['rule']})[/dim]")
    if seat is not None:
        mine = ", ".join(f"{_CURSE[c].name} [{c}: {dice_text(_CURSE[c].cost)}{' *' * _CURSE[c].stars}; "
                         f"{_CURSE[c].cast}/{_CURSE[c].interrupt}]" for c in obs["my_curses"])
        lines.append(f"Your curses: {mine or 'none'}")
        arts = ", ".join(_ART[a].name for a in obs["my_artefacts"])
        lines.append(f"Your artefacts: {arts or 'none'}")
        if obs["my_candle"]:
            lines.append("Black Candle shows you: " + ", ".join(_CURSE[c].name for c in obs["my_candle"]))
    if obs["pending_cast"]:
        p = obs["pending_cast"]
        lines.append(f"[bold]Seat {p['caster']} is casting {_CURSE[p['curse']].name} on seat {p['target']}[/bold]")
    recent = (obs["previous_log"] + obs["log"])[-12:]
    if recent:
        lines.append("Recent: " + "; ".join(_entry(e) for e in recent))
    if obs["violations"]:
        lines.append("Broken: " + "; ".join(f"seat {v['victim']} broke {v['curse']}" for v in obs["violations"][-6:]))
    if seat is not None and seat in obs["actors"]:
        block = obs["blocks"][seat]
        free = [e for e in CARDS.emotes if e not in block["emotes"]]
        lines.append("Free actions — emote: " + ", ".join(free))
        if not block["said"]:
            lines.append("  say: " + " | ".join(f"{pid} \"{text}\"" for pid, text in CARDS.phrases)
                         + f"; voices: {', '.join(CARDS.voices)}")
    if obs["result"]:
        r = obs["result"]
        lines.append(f"[bold]Game over[/bold]: {r['reason']}. Scores: "
                     + ", ".join(f"seat {k}: {v}" for k, v in r["scores"].items()))
    return "\n".join(lines)


def game_stats(obs: dict[str, Any]) -> dict[str, Any]:
    """Designer statistics of a finished game, from the final spectator observation.

    ``score_history`` is every seat's score after each turn (entry 0 the start, the last entry the final scores);
    ``curses_cast``, ``curse_claims`` (claims that scored: true claims in call-out mode, automatic awards in
    automatic mode) and ``false_claims`` are the game's public tallies; breaks come from the full list of
    violations, public at the end. Read by ``hexbox.sim`` into each result line and by ``hexbox report``'s Voodoo
    section.
    """
    result = obs["result"] or {"winners": [], "reason": ""}
    scores = obs["scores"]
    violations = obs["violations"] or []
    perm_ids = {p.id for p in PERMANENTS}
    curse_breaks = [v for v in violations if v["curse"] not in perm_ids]
    return {
        "scores": scores,
        "winner_score": max(scores) if result["winners"] else None,
        "turns": obs["turn"],
        "end": result["reason"].split(":")[0] or None,
        "claim_mode": obs["claim_mode"],
        # a few ints per turn: a 6-seat game at the 300-turn cap adds about 6 kB to its result line
        "score_history": obs["score_history"],
        "curses_cast": obs["curses_cast"],
        "curse_breaks": len(curse_breaks),
        "curse_claims": obs["curse_claims"],
        "false_claims": obs["false_claims"],
        "permanent_breaks": len(violations) - len(curse_breaks),
        "permanents_drawn": sum(len(p) for p in obs["permanents"]),
        "permanents": obs["permanents"],
        "curses_in_play_at_end": len(obs["curses_in_play"]),
    }
