"""What each viewer is told of a move, in sentences, from the events it may see and from nothing else.

Core hands ``describe`` only the events the viewer may see (a drawn card only to its drawer, a glimpse only to
the Witch Hunter, a sealed ambush only to its declarer), so the sentences are built from event data alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hexbox.core.game import count

from .cards import CARDS

_NAME = {k.id: k.name for k in CARDS.kinds}
_TILE = {t.id: t.name for t in CARDS.tiles}
_WHO = {a.id: a.name for a in CARDS.adventurers}


def who(adventurer: str) -> str:
    """An adventurer (or a Monster) as players call it: "Big Game Hunter", "Werewolf"."""
    return _WHO.get(adventurer, adventurer.replace("_", " ").title())


def _a(word: str) -> str:
    """"a Combat", "an Attack": the article the word's sound takes."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def _needs(d: dict) -> str:
    """What a roll had to be, where the roll alone decides (R59: a Determination roll of 2 or less earns the token)."""
    if d["why"] != "Determination":
        return ""
    return ": 2 or less earns the trait's token"  # an Inventor may still re-roll it (R107), so no verdict here


def card(text: str | None) -> str:
    if text is None:
        return "a card"
    return _NAME.get(text.split("#")[0], text)


def cards(items: list[str]) -> str:
    return ", ".join(card(c) for c in items) if items else "nothing"


def space(node: str | None) -> str:
    if node is None:
        return "nowhere"
    tile, _, n = node.partition(".")
    return f"{_TILE.get(tile, tile)} ({n})"


def tile(tile_id: str) -> str:
    return _TILE.get(tile_id, tile_id)


def piece(p: int) -> str:
    return f"seat {p}" if p < 6 else f"minion {p - 6}"


SENTENCES: dict[str, Callable[[dict], str]] = {
    "turn": lambda d: f"Round {d['round']}: seat {d['seat']}'s turn.",
    "placed_standup": lambda d: f"Seat {d['seat']} ({who(d['adventurer'])}) stands on {space(d['node'])}.",
    "drew": lambda d: f"Seat {d['seat']} draws {card(d['card'])} ({d['why']}).",
    "drew_card": lambda d: f"You draw {card(d['card'])}.",
    "cursed": lambda d: f"Seat {d['seat']}'s card is cursed: {card(d['card'])}.",
    "must_examine": lambda d: f"Seat {d['seat']} must examine {card(d['card'])} at once.",
    "attached": lambda d: f"Seat {d['seat']} attaches {card(d['card'])} to {card(d['host'])}.",
    "placed": lambda d: f"Seat {d['seat']} places {card(d['card'])} in its examined row.",
    "discarded": lambda d: f"{card(d['card'])} is discarded" + (f" ({d['why']})." if d["why"] else "."),
    "discard_by": lambda d: f"Seat {d['seat']} discards {card(d['card'])}.",
    "healed": lambda d: f"Seat {d['seat']} heals to {d['health']} Health.",
    "wounded": lambda d: f"Seat {d['seat']} loses {d['lost']} Health ({max(0, d['health'])} left).",
    "died": lambda d: f"Seat {d['seat']} dies on {space(d['node'])}; its corpse holds {cards(d['corpse'])}.",
    "kill": lambda d: f"Seat {d['seat']}'s Monster has {count(d['kills'], 'kill')}.",
    "game_over": lambda d: f"The game is over: {d['reason']}.",
    "deck_reshuffled": lambda d: f"The {d['deck']} deck is reshuffled ({count(d['size'], 'card')}).",
    "deck_empty": lambda d: f"Seat {d['seat']} finds the deck empty.",
    "lock_broken": lambda d: f"Seat {d['seat']} breaks the lock on {space(d['node'])}.",
    "feral_surge": lambda d: "The Werewolf rolls the Werewolf icon: Feral Surge!" if d["icon"] else
    f"The Werewolf rolls {d['value']}.",
    "moved": lambda d: f"Seat {d['seat']} moves to {space(d['to'])}.",
    "teleported": lambda d: f"Seat {d['seat']} is carried to {space(d['to'])}.",
    "church_burns": lambda d: f"The Church burns seat {d['seat']}'s Monster ({max(0, d['health'])} Health left).",
    "tile_drawn": lambda d: f"Seat {d['seat']} draws the {_TILE.get(d['tile'], d['tile'])} tile.",
    "tile_laid": lambda d: f"The {_TILE.get(d['tile'], d['tile'])} is laid {where_tile(d['at'])}.",
    "board_refilled": lambda d: "The last tile is laid: every empty token space is filled.",
    "token_flipped": lambda d: f"Seat {d['seat']} flips the token on {space(d['node'])}: "
                               f"{d['trait'].capitalize()} {d['target']}.",
    "rolled": lambda d: f"Seat {d['seat']} rolls {d['sum']} for {d['why']} "
                        f"({', '.join(map(str, d['dice'])) or 'no dice'}){_needs(d)}.",
    "discovery": lambda d: f"Seat {d['seat']} {'makes a discovery' if d['success'] else 'fails the token'}.",
    "challenge": lambda d: f"Seat {d['seat']} challenges seat {d['target']} on {d['trait'].capitalize()}.",
    "challenge_result": lambda d: "The challenge is a tie." if d["winner"] < 0 else
    f"Seat {d['winner']} wins the challenge against seat {d['loser']}.",
    "took_nothing": lambda d: f"Seat {d['seat']} takes nothing from seat {d['from']} ({d['why']}).",
    "took_card": lambda d: f"Seat {d['seat']} takes a card from seat {d['from']}'s hand.",
    "took_card_named": lambda d: f"The card taken from seat {d['from']} is {card(d['card'])}.",
    "took_examined": lambda d: f"Seat {d['seat']} takes {card(d['card'])} from seat {d['from']}'s row.",
    "pilfered": lambda d: f"Seat {d['seat']} pilfers the corpse: {cards(d['cards'])}.",
    "event_drawn": lambda d: f"Seat {d['seat']} draws the Event {card(d['card'])} — {_event_text(d['card'])}",
    "church_card": lambda d: f"{card(d['card'])} is placed on the Church.",
    "stopped": lambda d: f"Seat {d['seat']} must stop moving.",
    "unlocked": lambda d: f"Seat {d['seat']} removes the lock on {space(d['node'])} ({d['by']}).",
    "locked": lambda d: f"Seat {d['seat']} locks {space(d['node'])}.",
    "token_placed": lambda d: f"A token is placed on {space(d['node'])}.",
    "mirrors": lambda d: f"The mirrors stand on {space(d['a'])} and {space(d['b'])}.",
    "trait_token": lambda d: f"Seat {d['seat']} gains {_a(d['trait'].capitalize())} token.",
    "examined": lambda d: f"Seat {d['seat']} examines {card(d['card'])}.",
    "bumped": lambda d: f"Seat {d['seat']} bumps {card(d['card'])} back to its hand.",
    "phase": lambda d: f"Seat {d['seat']} moves on to {d['phase'].capitalize()}.",
    "end_turn": lambda d: f"Seat {d['seat']} ends its turn.",
    "fight": lambda d: f"{piece(d['attacker']).capitalize()} attacks {piece(d['target'])} on {space(d['node'])}.",
    "fight_result": lambda d: f"The fight ends {d['attack']} to {d['defence']}.",
    "minion_destroyed": lambda d: f"Minion {d['minion']} is destroyed.",
    "monster_wounded": lambda d: f"Seat {d['seat']}'s Monster loses {d['lost']} Health ({max(0, d['health'])} left).",
    "ambush_window": lambda d: f"Seat{'s' if len(d['seats']) > 1 else ''} {', '.join(map(str, d['seats']))} may "
                               f"attack {piece(d['mover'])} on {space(d['node'])}.",
    "ambush_declared": lambda d: "You declare: " + (f"reveal as the {d['reveal'].capitalize()}." if "reveal" in d
                                                     else f"ambush with {piece(d['piece'])}."),
    "window_finished": lambda d: f"Seat {d['seat']} has decided.",
    "ambush_closed": lambda d: "Nobody attacks." if not any(d["declared"].values()) else
    "Declared: " + "; ".join(f"seat {s}: {', '.join(map(str, v)) or 'nothing'}"
                             for s, v in d["declared"].items()) + ".",
    "spawned": lambda d: f"Minion {d['minion']} rises on {space(d['node'])}.",
    "minion_moved": lambda d: f"Minion {d['minion']} moves to {space(d['to'])}.",
    "chase": lambda d: f"The Zombie's minions may chase {'seat' if len(d['wounded']) == 1 else 'seats'} "
                       f"{', '.join(map(str, d['wounded']))}.",
    "revealed": lambda d: f"Seat {d['seat']} was a traitor: the {who(d['was'])} becomes the "
                          f"{d['monster'].capitalize()}!",
    "set_aside_revealed": lambda d: f"Seat {d['seat']}'s set-aside hand: {cards(d['cards'])}.",
    "rises": lambda d: f"Seat {d['seat']} rises as the {d['monster'].capitalize()}.",
    "new_adventurer": lambda d: f"Seat {d['seat']} comes back as the {who(d['adventurer'])}.",
    "ability": lambda d: f"Seat {d['seat']} uses {d['ability'].replace('_', ' ').title()}.",
    "ability_cancelled": lambda d: f"Seat {d['seat']} calls off its Secret Society.",
    "tiles_seen": lambda d: f"You see the top tiles: {', '.join(_TILE.get(t, t) for t in d['tiles'])}.",
    "tiles_ordered": lambda d: f"You put the tiles back: {', '.join(_TILE.get(t, t) for t in d['tiles'])}.",
    "revealed_cards": lambda d: f"Seat {d['seat']} reveals {cards(d['cards'])}.",
    "experiment": lambda d: f"Seat {d['seat']} examines {card(d['card'])}; back on the deck: {cards(d['back'])}.",
    "stolen": lambda d: f"Seat {d['seat']} steals {card(d['card'])} from seat {d['from']}.",
    "augury_glimpse": lambda d: f"Seat {d['target']}'s hand: {cards(d['cards'])}.",
    "augury": lambda d: f"Seat {d['seat']} looks into seat {d['target']}'s hand and draws {d['draws']}.",
    "society": lambda d: f"Seat {d['seat']}'s Secret Society finds {card(d['card']) if d['card'] else 'nothing'}.",
}


def describe(state, events: list, viewer: int | None) -> list[str]:
    out = []
    for e in events:
        say = SENTENCES.get(e.kind)
        line = say(e.data) if say is not None else e.kind.replace("_", " ") + "."
        out.append(line if viewer is None else to_you(line, viewer))
    return out


#: verbs whose "you" form is not the "seat" form without its s
_YOU = {"is": "are", "has": "have", "does": "do", "dies": "die", "was": "were", "goes": "go"}


def to_you(line: str, viewer: int) -> str:
    """A sentence about seat ``viewer`` as that seat is told it: "Seat 2 draws …" → "You draw …", "seat 2's" →
    "your", "seat 2" → "you"."""
    def subject(m: re.Match[str]) -> str:
        verb = m.group(2)
        if verb in _YOU:
            verb = _YOU[verb]
        elif verb.endswith(("ches", "shes", "sses", "xes")):
            verb = verb[:-2]
        elif verb.endswith("s") and not verb.endswith("ss"):
            verb = verb[:-1]
        return f"You{m.group(1)} {verb}"

    line = re.sub(rf"^Seat {viewer}((?: \([^)]*\))?) ([a-z]+)\b", subject, line)
    if line.startswith("You "):  # what is the seat's is yours: "its examined row", "its turn"
        line = re.sub(r"\bits (examined row|turn|corpse|hand|Secret Society)\b", r"your \1", line)
    line = re.sub(rf"\b[Ss]eat {viewer}'s\b", lambda m: "Your" if m.group(0)[0] == "S" else "your", line)
    line = re.sub(rf"\bseat {viewer}\b(?!\d)", "you", line)
    return re.sub(rf"^Seat {viewer}\b", "You", line)


def _event_text(card_id: str) -> str:
    """What an Event card does, in the words of its card (cards.toml): how its roll is read."""
    from hexbox.core.texts import texts

    known = texts("transylvania").of(card_id)
    return known.text.removeprefix("Event: ").removeprefix("All-play Event: ") if known else ""


def where_tile(at: list[int]) -> str:
    """A tile's square as players say it, from the Church in the centre: north is up on the map (board.py)."""
    x, y = at
    steps = [_squares(abs(y), "north" if y < 0 else "south")] * (y != 0) + \
            [_squares(abs(x), "west" if x < 0 else "east")] * (x != 0)
    return "in the centre" if not steps else f"{' and '.join(steps)} of the Church"


def _squares(n: int, way: str) -> str:
    number = ("one", "two", "three", "four", "five", "six")[n - 1] if n <= 6 else str(n)
    return f"{number} square{'s' * (n > 1)} {way}"
