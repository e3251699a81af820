"""The published types of a Prowl observation's two halves (``hexbox schema prowl``)."""

from __future__ import annotations

from typing import Literal

from hexbox.core.schema import Struct

from .cards import CARD_IDS, CLAN_IDS

CardId = Literal[CARD_IDS]  # type: ignore[valid-type]  # "spring_high_mage" … "winter_long_night"
ClanId = Literal[CLAN_IDS]  # type: ignore[valid-type]  # "spring", "summer", "autumn", "winter"
Step = Literal["reward", "reward_clan", "clan", "direction", "target", "second", "mine", "theirs", "guess", "pair",
               "choice", "swap"]


class Attachment(Struct):
    card: CardId  # the card lying face up in front of its player (R19)
    target: int | None  # the seat it chose (Cursed Effigy), else None
    clan: ClanId | None  # the clan it names (High Mage, Bramble Snare, Blizzard, Cursed Effigy), else None


class PlayerInfo(Struct):
    seat: int  # the seat
    hand_size: int  # cards in hand
    turns_left: int  # turns still to take (one card a turn, R11)
    placed: bool  # has placed a clan card (set-up, R8)
    clan_card: CardId | None  # the clan card if it is face up (a right accusation, or the end), else None
    face_up: bool  # the clan card is face up
    denied: list[ClanId]  # clans the current clan card is publicly known not to be (wrong accusations, R31)
    discards: list[CardId]  # the discard pile, oldest first (R33)
    attachments: list[Attachment]  # attachments in play in front of the seat
    constraint: Literal["must_change", "must_play", "may_not_play"] | None  # on the seat's next turn (R39)


class Prompt(Struct):
    seat: int  # who answers: the active player (R14)
    card: CardId | None  # the card whose effect asks; None for an Accuse action's reward
    step: Step  # which question of that card (docs/games/prowl.md 'A turn'; "reward", "reward_clan": P4)
    target: int | None  # the seat chosen earlier in this effect, if any
    clan: ClanId | None  # the clan chosen earlier (Field Marshal), if any


class PlayEntry(Struct, tag_field="kind", tag="play"):
    seat: int  # who Played
    card: CardId  # the card Played
    first: Literal["strengthen", "effect"]  # which part came first (R15)
    effect: bool  # whether its effect triggered (Early and Final, R20, R21)


class ChangeEntry(Struct, tag_field="kind", tag="change"):
    seat: int  # who Changed
    old: CardId  # the former clan card, now in their discards (R25)


class AccuseEntry(Struct, tag_field="kind", tag="accuse"):
    seat: int  # the accuser
    target: int  # the accused
    clan: ClanId  # the clan named
    right: bool  # the answer (R27)
    card: CardId | None  # the card discarded; None for a Duelist's accusation (R32)


class RewardEntry(Struct, tag_field="kind", tag="reward"):
    seat: int  # the accuser
    target: int  # the accused
    reward: Literal["dominance", "force_change", "raise"]  # what was taken (R29: raise if Dominance was held)


class PeekEntry(Struct, tag_field="kind", tag="peek"):
    seat: int  # who peeked
    target: int  # at whom
    what: Literal["clan", "hand"]  # at the clan card or at the whole hand (R23)


class HandExchangeEntry(Struct, tag_field="kind", tag="hand_exchange"):
    seat: int  # the Mist Weaver's player
    target: int  # the seat a hand card was exchanged with (the cards stay secret)


class ClanExchangeEntry(Struct, tag_field="kind", tag="clan_exchange"):
    seat: int  # the Changeling's player
    target: int  # the seat whose clan card was exchanged with theirs


class PassClansEntry(Struct, tag_field="kind", tag="pass_clans"):
    seat: int  # the Hooded Figure's player
    direction: Literal["left", "right"]  # every clan card went to that neighbour (R41)


Entry = (PlayEntry | ChangeEntry | AccuseEntry | RewardEntry | PeekEntry | HandExchangeEntry | ClanExchangeEntry
         | PassClansEntry)


class Public(Struct):
    players: int  # seats at the table
    turn: int  # turns begun so far, counting from 1 (0 during set-up)
    round: int  # the current round, from 1 (0 during set-up)
    rounds: int  # rounds in the game: hand_size - 1 (R10, R52)
    start: int | None  # the starting player (R9); None during set-up
    active: int | None  # whose turn it is; None during set-up and at the end
    dominance: int | None  # who holds the Dominance token; None during set-up
    track: list[ClanId]  # the clans, highest first (R3)
    start_track: list[ClanId]  # the track as set up, highest first (R5)
    players_info: list[PlayerInfo]  # each seat's public state, by seat
    leaders: bool  # whether the 4 leaders are in the game (option, R7)
    deck_size: int  # cards left in the two-player strengthening deck (R37)
    deck_discards: list[CardId]  # cards revealed from that deck, oldest first
    box_size: int  # cards left in the box, unseen
    prompt: Prompt | None  # the question the active player answers now (P3, P4), or None
    history: list[Entry]  # every turn action, reward, peek and exchange so far, in order
    clan_cards: list[CardId] | None  # at the end, every seat's clan card (R44); None before
    box: list[CardId] | None  # at the end, the cards in the box, sorted; None before
    deck: list[CardId] | None  # at the end, the unrevealed strengthening deck, top last; None before


class Private(Struct):
    hand: list[CardId]  # your hand, by card index
    clan_card: CardId | None  # your clan card (R38); None before you place it
    known_clans: dict[str, CardId]  # by seat: an opponent's face-down clan card you know (peek, exchange, pass)
    known_hands: dict[str, list[CardId]]  # by seat: cards you know to be in that opponent's hand (Mist Weaver)
    known_held: dict[str, list[CardId]]  # by seat: cards known to be in that hand or its clan card (after a Change)
    chosen_card: CardId | None  # Mist Weaver: the card you offer while you choose the one you take, else None


TYPES = (Public, Private)
