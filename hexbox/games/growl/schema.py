"""The published types of a GROWL observation's two halves (``hexbox schema growl``): views.py builds them.

Seats are numbers 0..players-1; positions 0..players-1 go clockwise (D1, D2). Cards are named by id (D16); a hand
is a count per hand-card id, listing only the cards held. The log holds events as ``{"kind", "data", "to"}``:
public ones in the public half, the seat's own private ones in the private half, each with ``after`` (see views.py).
"""

from __future__ import annotations

from typing import Literal, Union

import msgspec

from hexbox.core.schema import Struct

from .cards import FINAL, HAND, IDS, NIGHT, SPELLS

HandCard = Literal[IDS[:HAND]]  # type: ignore[valid-type]  # gold, cursed_gold, ... bite (the canonical order)
NightCard = Literal[tuple(IDS[c] for c in NIGHT)]  # type: ignore[valid-type]  # the 8 Night cards
FinalCard = Literal[tuple(IDS[c] for c in FINAL)]  # type: ignore[valid-type]  # the 8 Final Night cards
SpellCard = Literal[tuple(IDS[c] for c in SPELLS)]  # type: ignore[valid-type]  # the 12 Spells
Card = Literal[IDS]  # type: ignore[valid-type]  # any card of the box
Hand = dict[HandCard, int]  # cards held, as a count per id (only ids held appear)
Side = Literal["left", "right"]


class Options(Struct):
    curses: bool  # the Curses expansion is in (R8)
    spells: bool  # the Spells expansion is in (R12)
    spells_count: int  # how many Spells were shuffled in (only the number is public)
    holy_water: int  # wound icons per Holy Water icon for a werewolf (R36, D6)
    night_jitter: int  # largest shift of a Night card from its third of the deck (R13, D7)
    cant_pass: Literal["skip", "die"]  # the fate of a player without two legal Night cards (R27, D14)
    starter_bites_10p: int  # Wolf Zeroes at 10 players (D3)
    start_seat: int  # -1: the Start Player was drawn at random (R15)


class SeatView(Struct):
    seat: int  # the seat
    position: int  # where it sits now (only The Sleepwalkers moves seats, R64)
    alive: bool  # not dead (R31, R33)
    hand_size: int  # how many cards it holds
    front: list[Card]  # cards face up in front of its position: Spells, Séance, Silver Bullet (R19, R50)
    pinned: Hand  # cards everyone knows it holds (public Day gifts, Hypnosis counts) since it last gave unseen


class TeamAtDeath(Struct):
    seat: int  # a dead player
    werewolf: bool  # its team when it died (R57)


class Window(Struct):
    members: list[int]  # the seats of the open decision window (receivers of the Day card, voters, passers, ...)
    votes: dict[str, int] | None  # The Accused / The Trusted: the open votes so far, voter -> target (R62, R66)
    candidates: list[int] | None  # The Unwanted: who points this round (R68)
    round: int | None  # The Unwanted: the round, from 1
    unsaved: list[int] | None  # The Unsaved: who is still unsaved (R67)
    saver: int | None  # The Unsaved: who saves next
    picker: int | None  # a pick (tie-break or victim): who picks (G7)
    options: list[int] | None  # a pick: the seats that may be picked
    why: Literal["tie", "victim"] | None  # a pick: breaking a tie, or naming the one who dies
    shower: int | None  # Truth Serum: who shows a card (R60)
    dead_seat: int | None  # All Hallows' Eve: the dead player who sends two cards (R61)
    kind: Literal["the_gift", "the_tempest"] | None  # a secret contribution: for which card (R59, R65)
    death_rattles: list[int]  # dead owners of a Death Rattle still to choose, in order (R44, R51)


class Reveal(Struct):
    seat: int  # every seat, at the Growl (R71)
    werewolf: bool  # its team at the end (at death for the dead)
    wolf_zero: bool  # dealt the starter Bite (R7)
    hand: Hand  # its hand at the end


# ---- event data, one Struct per kind ------------------------------------------------------------------------


class Sender(Struct):
    from_: int = msgspec.field(name="from")  # who sent the card
    card: HandCard  # the card


class Sent(Struct):
    from_: int = msgspec.field(name="from")  # the passer
    to: int  # the receiver
    card: HandCard  # the card
    side: Literal["left", "right", "gift"]  # which way it went, or The Gift
    night: int  # the Night it was passed in, from 0


class Turned(Struct):
    seat: int  # a human who became a werewolf (R30)
    turn: int  # the turn it happened in


class SetupData(Struct):
    players: int
    start_seat: int  # the Start Player (R15)
    wolf_zeroes: int  # how many Wolf Zeroes there are (public, R7)


class TeamData(Struct):
    werewolf: bool  # the seat's team at the start
    wolf_zero: bool  # dealt the starter Bite


class SniffData(Struct):
    werewolves: list[int]  # The Sniff: every werewolf at setup (R14)


class SeatData(Struct):
    seat: int  # the seat concerned


class SeatsData(Struct):
    seats: list[int]  # the seats concerned


class TeamSeatData(Struct):
    seat: int  # a dead player
    werewolf: bool  # its team when it died (Séance R57, Omen Crow)


class NightCardData(Struct):
    seat: int  # who revealed it
    card: NightCard | FinalCard  # the card
    final: bool  # a Final Night card


class DiscardedData(Struct):
    card: HandCard  # a Day card nobody may receive (R23)
    why: str  # in words


class GaveData(Struct):
    seat: int  # the giver
    card: HandCard | SpellCard  # the Day card
    to: int  # the receiver (R18)
    spell: bool  # a spell, laid face up in front of the receiver (R19)


class DeathRattleData(Struct):
    seat: int  # the dead owner
    to: int  # the receiver of the card


class DeathRattleCardData(Struct):
    seat: int  # the dead owner
    to: int  # the receiver
    card: HandCard  # the card given


class NightTargetData(Struct):
    seat: int  # the active player
    card: NightCard | FinalCard  # the card resolved
    target: int | None = None  # its target (null: nobody qualifies)
    targets: list[int] | None = None  # its two targets (The Gift, The Sleepwalkers)


class HandSeenData(Struct):
    seat: int  # whose hand
    hand: Hand  # the whole hand (Blood Hound R53, Scrying Bowl)


class HypnosisData(Struct):
    seat: int  # the active player
    card: HandCard  # the card asked about (R55)
    counts: dict[str, int]  # seat -> copies held


class ShownData(Struct):
    seat: int  # the Truth Serum target
    to: int  # the active player, who sees the card


class ShownCardData(Struct):
    seat: int  # the Truth Serum target
    to: int  # the active player
    card: HandCard  # the card shown (R60)


class BeginData(Struct):
    seat: int  # the active player
    card: FinalCard  # the Final Night card begun


class ReadyData(Struct):
    seat: int  # who has made a hidden choice
    window: Literal["passing", "contribute", "purge", "point"]  # of which window


class ContributedData(Struct):
    seat: int  # the contributor
    card: HandCard  # the card put in
    night_card: Literal["the_gift", "the_tempest"]  # for which card


class CardData(Struct):
    card: HandCard  # the card dealt (The Tempest, R65)


class VoteData(Struct):
    seat: int  # the voter
    target: int  # the seat voted for


class VotesData(Struct):
    votes: dict[str, int]  # The Purge: every vote, voter -> target (R63)


class PickedData(Struct):
    seat: int  # who picked
    target: int  # the seat picked
    why: Literal["tie", "victim"]  # a tie-break, or the one who dies


class SavedData(Struct):
    seat: int  # the saver
    target: int  # the seat saved (R67)


class PointedData(Struct):
    seat: int  # the seat
    side: Side  # the way it pointed (R68)


class PointsData(Struct):
    points: dict[str, Side]  # every candidate's way
    unwanted: list[int]  # who was pointed at from both sides


class HallowsData(Struct):
    seat: int  # the dead player
    left: int  # the receiver on the left (R61)
    right: int  # the receiver on the right


class HallowsCardData(Struct):
    seat: int  # the dead player
    to: int  # the receiver
    card: HandCard  # the card sent


class NightFallsData(Struct):
    passing: list[int]  # the seats taking part in the passing (R25, R29)


class PassChosenData(Struct):
    seat: int  # the passer
    cards: list[HandCard]  # the card for the left, the card for the right; [] to pass nothing (R27)
    to: list[int]  # the left and right receivers


class NightPassingData(Struct):
    passed: list[int]  # the seats that passed two cards


class ReceivedData(Struct):
    cards: list[HandCard]  # the cards received at Night, sorted (R28)
    senders: list[Sender] | None  # who sent each, for Insomnia (R56) and Owl Feather owners; else null


class MoonWatcherData(Struct):
    bites: int  # cards with a Bite passed this Night


class SpellData(Struct):
    seat: int  # the owner who used it
    spell: SpellCard  # the spell
    paid: list[HandCard]  # the Gold cards discarded to pay (R52)
    target: int | None = None  # Scrying Bowl: whose hand
    discarded: str | None = None  # the card it discarded (Tanglevine, Healing Draught, Purifying Rite, Banishing)
    from_: int | None = msgspec.field(default=None, name="from")  # Banishing Rite, Spirit Leash: the spell's owner
    moved: str | None = None  # Spirit Leash: the spell moved
    to: int | None = None  # Spirit Leash: the new owner


class GameOverData(Struct):
    end: Literal["final_night", "two_or_fewer_alive"]  # how the game ended (R69, R70): the result's kind
    reason: str  # in words
    winners: list[int]  # the winning team (R71)
    werewolves: list[int]  # every werewolf at the end
    wolf_zeroes: list[int]  # the Wolf Zeroes
    hands: list[Hand]  # every hand, by seat
    night_cards: list[str]  # the three Night cards of the game, in deck order (R5)
    spells_in: list[str]  # the Spells shuffled in (R12)
    deck: list[str]  # the deck left, from the top
    scores: dict[str, int]  # gold tokens, by seat (R72)
    turned: list[Turned]  # when each human turned
    night_passes: list[Sent]  # every Night pass and Gift card


# ---- events: public ones in the public log, the seat's own in its private log -----------------------------


class _Public(Struct, tag_field="kind"):
    to: None  # a public event


class _Private(Struct, tag_field="kind"):
    to: list[int]  # the seats that may see it
    after: int  # how many public events came before it


def _event(kind: str, data: type, base: type) -> type:
    return msgspec.defstruct(f"{kind.title().replace('_', '')}{base.__name__}", [("data", data)], bases=(base,),
                             tag=kind, forbid_unknown_fields=True)


PUBLIC_EVENTS = {
    "setup": SetupData, "turn": SeatData, "night_card": NightCardData, "discarded": DiscardedData,
    "gave": GaveData, "died": SeatData, "seance": TeamSeatData, "death_rattle": DeathRattleData,
    "death_rattle_declined": SeatData, "night_target": NightTargetData, "hypnosis": HypnosisData,
    "shows_nothing": SeatData, "shown": ShownData, "begin": BeginData, "ready": ReadyData, "gift_sent": SeatsData,
    "tempest_dealt": SeatsData, "voted": VoteData, "votes": VotesData, "tie": SeatsData, "most_trusted": SeatData,
    "picked": PickedData, "saved": SavedData, "points": PointsData, "hallows": HallowsData,
    "hallows_nothing": SeatData, "cannot_pass": SeatsData, "night_falls": NightFallsData,
    "night_passing": NightPassingData, "spell": SpellData, "spells_done": SeatData, "game_over": GameOverData,
}
PRIVATE_EVENTS = {
    "team": TeamData, "sniff": SniffData, "turned": Turned, "omen_crow": TeamSeatData,
    "death_rattle_card": DeathRattleCardData, "hand_seen": HandSeenData, "shown_card": ShownCardData,
    "contributed": ContributedData, "tempest_card": CardData, "voted": VoteData, "pointed": PointedData,
    "hallows_card": HallowsCardData, "pass_chosen": PassChosenData, "sent": Sent, "received": ReceivedData,
    "moon_watcher": MoonWatcherData,
}
PublicEvent = Union[tuple(_event(k, d, _Public) for k, d in PUBLIC_EVENTS.items())]  # noqa: UP007
PrivateEvent = Union[tuple(_event(k, d, _Private) for k, d in PRIVATE_EVENTS.items())]  # noqa: UP007


class Public(Struct):
    """What every viewer sees, the spectator included."""

    players: int  # seats at the table
    options: Options  # the set-up
    active: int  # the active player (whose turn it is, or who revealed the Night card)
    talk_allowed: bool  # table talk is open: false from a Night card's reveal until its passing is over (R24)
    turn: int  # turns begun so far
    nights: int  # Night passings over so far
    start_position: int  # the Start Player's home tile (R15, R51)
    deck_size: int  # cards left in the deck
    top_card: Card | None  # the face-up top card of the deck (R13); null at the end
    night_card: NightCard | FinalCard | None  # the Night card of the Night under way (or of the last one, at the end)
    revealed_night: list[NightCard | FinalCard]  # the Night cards revealed so far, in order
    discards: list[Card]  # the public discard pile, oldest first: paid Gold, spells, resolved Night cards (R47)
    seats: list[SeatView]  # by seat
    caged: int | None  # who sits out this Night (Caged, R54)
    insomniac: int | None  # who learns the senders this Night (Insomnia, R56)
    passing: dict[str, list[int]]  # this Night: passer -> [left receiver, right receiver] (R25, R29)
    seance: list[TeamAtDeath]  # teams revealed by Séance (R57)
    window: Window  # the decision window now open
    log: list[PublicEvent]  # type: ignore[valid-type]  # every public event, in order
    reveal: list[Reveal] | None  # every team and hand, at the Growl (R71); null while the game goes on


class Icons(Struct):
    net_bites: int  # bites minus charms (R38): 3 turns a human
    net_wounds: int  # wounds minus salves (R38): 3 kills
    gold: int  # gold icons in hand (R72)


class Private(Struct):
    """What the seat alone knows."""

    hand: Hand  # its hand
    werewolf: bool  # its team (R1, R30)
    wolf_zero: bool  # dealt the starter Bite (R7)
    sniffed: list[int]  # The Sniff: the werewolves at setup, if it was one of them at 8+ players (R14); else []
    known_hands: dict[str, Hand]  # seat -> cards it knows that seat holds (Night passes, Blood Hound, ...)
    told: dict[str, bool]  # seat -> werewolf, as it was told (Omen Crow, Truth Serum, Insomnia)
    icons: Icons  # its own counts
    my_choice: HandCard | list[HandCard] | int | Side | None  # its hidden choice in the open window, if any
    log: list[PrivateEvent]  # type: ignore[valid-type]  # its private events, in order


TYPES = (Public, Private)
