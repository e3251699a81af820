"""The published types of a Voodoo observation's two halves (``hexbox schema voodoo``): views.py builds them.

Seats are numbers 0..players-1; curse ids are C01-C12, E01-E12, H01-H12, permanent curses P01-P10, artefacts
A01-A13; dice are face ids ("pumpkin", ...) in lists and face codes ("PU SK") in strings. A *moment* numbers
the public happenings that echo duties depend on (R54), from 1; 0 means "not yet".
"""

from __future__ import annotations

from typing import Literal

import msgspec

from hexbox.core.schema import Struct

Face = Literal["pumpkin", "skull", "star", "crow_foot", "bat_wing", "ghost_mousse"]
Phase = Literal["phase1", "bag_window", "phase2", "curse_response", "claim_window", "candle", "over"]


class Counts(Struct):
    reroll: int  # re-rolls this turn (R55)
    draw_curse: int  # Curse cards drawn this turn
    draw_artefact: int  # Artefact cards drawn this turn
    cast: int  # curses cast this turn
    phase2: int  # draws, casts and artefact uses after keep this turn


class CurseInPlay(Struct):
    curse: str  # its id
    name: str  # its printed name
    caster: int  # the seat that scores when it is broken (R30, R64)
    victims: list[int]  # the seats it binds (every adversary of the caster for E01 and H01)
    rule: str  # the checkable rule, e.g. "ritual(roll, cluck)"
    interrupt: int  # points its caster gains for a broken curse
    since: int  # the moment it began to bind its victims


class LastEcho(Struct):
    roll: list[int]  # per seat, the moment of its last first roll of a turn
    cast: list[int]  # per seat, the moment of its last cast (Smellin' Doll's included)
    points: list[int]  # per seat, the moment it last gained points
    say: list[int]  # per seat, the moment it last spoke


class Hand(Struct):
    seat: int  # whose hand
    curses: int  # how many Curse cards it holds
    artefacts: int  # how many Artefact cards it holds
    known_curses: list[str]  # the curses every seat knows it holds (a cast cancelled back to hand, a drawn discard)


class Deck(Struct):
    size: int  # cards left
    known: list[tuple[int, str]]  # [position from the bottom, id] of the cards whose place every seat knows


class PendingCast(Struct):
    caster: int  # who is casting
    curse: str  # the curse being cast
    target: int  # its target, who may answer with an artefact (V4)


class Block(Struct):
    emotes: list[str]  # the emotes this seat made since its last non-free action (R51)
    said: bool  # whether it spoke since then


class Violation(Struct):
    curse: str  # the broken curse or permanent curse
    victim: int  # who broke it
    caster: int | None  # its caster (None for a permanent curse)
    action: int  # the step ``i`` of the breaking action in the log
    period: int  # the turn in which it happened (its claim period, R57)


class RevealedHand(Struct):
    curses: list[str]  # every Curse card in the hand at the end
    artefacts: list[str]  # every Artefact card in the hand at the end


# ---- the public log: one entry per action and per public fact, tagged by "kind" ----------------------------


class _Act(Struct, tag_field="kind"):
    i: int  # the step of this action (every action, free ones included, counts one)
    seat: int  # who acted


class RollEntry(_Act, tag="roll"):
    pass


class RerollEntry(_Act, tag="reroll"):
    drop: str  # the face code set aside
    dice: str  # the face codes re-rolled


class KeepEntry(_Act, tag="keep"):
    pass


class DrawCurseEntry(_Act, tag="draw_curse"):
    pay: str  # the two dice spent


class DrawArtefactEntry(_Act, tag="draw_artefact"):
    pay: str  # the two dice spent


class CastEntry(_Act, tag="cast"):
    curse: str  # the curse cast
    target: int  # its target, -1 for every adversary
    pay: str  # the dice spent
    left: int | None  # the first eligible adversary on the caster's left then (target rules, R55)
    leaders: list[int]  # the eligible adversaries with the highest score then


class UseArtefactEntry(_Act, tag="use_artefact"):
    artefact: str  # the artefact used
    curse: str  # Smellin' Doll: the curse cast; Gris-Gris Bag: the curse shaken off; else ""
    target: int  # Smellin' Doll: the target; Wolf Totem: the adversary robbed; else -1
    dice: str  # Smellin' Doll: the dice used; Rabbit's Foot: the dice re-rolled; else ""
    face: str  # Witch's Ladle, Twin Bone, Grave Dust: the face concerned; else ""
    face_to: str  # Witch's Ladle: the new face; else ""
    left: int | None = None  # Smellin' Doll only: as for a cast
    leaders: list[int] = msgspec.field(default_factory=list)  # Smellin' Doll only: as for a cast


class KeepCardEntry(_Act, tag="keep_card"):
    pass  # which card Black Candle kept is the user's secret


class PassDollEntry(_Act, tag="pass_doll"):
    pass


class ClaimEntry(_Act, tag="claim"):
    curse: str  # the curse the caster cried "Broken!" about


class DoneEntry(_Act, tag="done"):
    pass


class EmoteEntry(_Act, tag="emote"):
    emote: str  # the emote performed


class SayEntry(_Act, tag="say"):
    phrase: str  # the phrase-book id
    voice: str  # the voice


class _Fact(Struct, tag_field="kind"):
    fact: Literal[True]  # a consequence of an action, not an action


class InPlayFact(_Fact, tag="in_play"):
    curse: str  # the curse that now binds
    caster: int  # its caster
    victim: int  # its victim, -1 for every adversary of the caster


class PointsFact(_Fact, tag="points"):
    seat: int  # who gained
    gain: int  # how many points


class PermanentFact(_Fact, tag="permanent"):
    seat: int  # who took it at a Big Skull
    permanent: str  # the permanent curse


class ConsequenceFact(_Fact, tag="consequence"):
    seat: int  # who broke a permanent curse
    permanent: str  # which
    consequence: Literal["lose_points", "fewer_dice", "discard_curse"]  # what it cost (R31)
    curse: str | None = None  # discard_curse: the curse discarded face up, if the hand had one


LogEntry = (RollEntry | RerollEntry | KeepEntry | DrawCurseEntry | DrawArtefactEntry | CastEntry | UseArtefactEntry
            | KeepCardEntry | PassDollEntry | ClaimEntry | DoneEntry | EmoteEntry | SayEntry | InPlayFact | PointsFact
            | PermanentFact | ConsequenceFact)


class Public(Struct):
    players: int  # seats at the table
    claim_mode: Literal["call_out", "automatic"]  # who turns a break into points (R57, R58)
    target_score: int  # points needed to win (R38)
    turn: int  # turns begun so far, counting from 1; a game that ends in a turn has played it
    active: int  # the seat holding the Voodoo doll
    rolled: bool  # whether the active seat has rolled this turn
    bag: list[Face]  # the dice in the active seat's bag
    set_aside: list[Face]  # the dice set aside by re-rolls this turn (R13)
    counts: Counts  # this turn's counts for limit rules (R55)
    scores: list[int]  # per seat
    score_history: list[list[int]]  # entry k: every seat's score after k turns; the last entry final once over
    curses_cast: int  # curses put in play this game
    curse_claims: int  # claims that scored this game (true claims, automatic awards)
    false_claims: int  # claims with no break behind them this game
    skulls_struck: list[list[int]]  # per seat, the Big Skulls it passed (R26)
    fewer_dice: list[int]  # per seat, dice its next roll loses (R61)
    target_holder: int | None  # who holds the Target card (None: the centre)
    spirit_ward: list[int]  # seats under Spirit Ward
    last_target: list[int | None]  # per seat, the victim of its last single-target cast
    curses_in_play: list[CurseInPlay]  # every curse in play, by id
    permanents: list[list[str]]  # per seat, the permanent curses in front of it
    permanent_since: dict[str, int]  # permanent curse id -> the moment its owner took it
    last_act: list[int]  # per seat, the moment of its last non-free action
    last_echo: LastEcho  # per seat, the moments of its last echo events (R54)
    hands: list[Hand]  # per seat, what everyone can see of its hand
    curse_deck: Deck  # the Curse deck (its whole order once the game is over)
    artefact_deck: Deck  # the Artefact deck (likewise)
    permanent_deck: int  # permanent curses left
    window_open: list[int]  # seats whose slot in the open window (V2, V5) is still open
    pending_cast: PendingCast | None  # a single-target cast waiting for its target's answer (V4)
    claimed: list[str]  # curses already claimed in this claim window
    candle: int  # how many cards the active seat looks at with Black Candle (0 outside that choice)
    blocks: list[Block]  # per seat, its ritual block so far
    log: list[LogEntry]  # this turn's actions and facts, in order
    previous_log: list[LogEntry]  # the previous turn's
    violations: list[Violation] | None  # every break so far: automatic mode, or once the game is over
    all_hands: list[RevealedHand] | None  # every hand, once the game is over


class Private(Struct):
    my_curses: list[str]  # the curses in this seat's hand
    my_artefacts: list[str]  # the artefacts in this seat's hand
    my_candle: list[str]  # the cards it looks at with Black Candle, top first (only while it chooses)
    known_curses: dict[str, list[str]]  # other seat -> curses this seat alone (with that seat) knows it holds
    curse_deck_known: list[tuple[int, str]]  # [position from the bottom, id] of Curse cards only it can place


TYPES = (Public, Private)
