"""The published types of a Werebeasts observation's two halves (``hexbox schema werebeasts``)."""

from __future__ import annotations

from typing import Literal

from hexbox.core.schema import Struct

from .cards import CARDS

GoalId = Literal[tuple(g.id for g in CARDS.goals)]  # type: ignore[valid-type]  # "kitten" … "wolf", "chow"
CardId = Literal[tuple(a.id for a in CARDS.auction)]  # type: ignore[valid-type]  # "kitten_1" … "wolf_double"


class GoalPosition(Struct):
    position: int  # 0.. : the slots (5-10 players) or private goals (3-4 players), then the two box positions
    kind: Literal["slot", "private", "box"]  # slot i lies between seat i and seat i+1; private: one seat's own
    seats: list[int]  # the seats that may look at this goal card (none for the box)
    goal: GoalId | None  # the goal, once face up (a right accusation, or the end of the game); else None


class PlayerInfo(Struct):
    seat: int  # the seat
    eliminated: bool  # out of the game (R21): takes no turns, cannot bid or be accused, scores nothing
    cans: int  # Werechow cans in front of the seat (an eliminated seat's leftover pile)
    cards: list[CardId]  # auction cards in front of the seat, by id
    positions: list[int]  # the seat's two goal positions


class Accusation(Struct):
    accuser: int  # the Active Player who accused
    target: int  # the accused seat
    goal: GoalId  # the goal type named
    correct: bool  # right (the target is out) or wrong (denied; the accuser is out)


class Bid(Struct):
    seat: int  # a bidder of the current sale
    status: Literal["open", "passed", "done"]  # may still act / has passed / used every change
    cans: int  # cans in the offer
    cards: list[CardId]  # auction cards in the offer, in the order they were added
    changes: int  # offer changes used in this sale (at most max_bid_changes)


class Offer(Struct):
    cans: int  # cans offered
    cards: list[CardId]  # auction cards offered


class Sale(Struct):
    seller: int  # the seat that sold
    card: CardId  # the card sold
    buyer: int  # who got it (the seller when nobody bid)
    bids: dict[str, Offer]  # every standing bid when bidding closed, by seat (only the buyer's was paid)


class Spoils(Struct):
    chooser: int  # the seat that takes a pile now
    eliminated: int  # the seat whose cards or cans are taken
    correct: bool  # whether the accusation was right


class Public(Struct):
    players: int  # seats at the table
    turn: int  # turns begun so far, counting from 1
    dealer: int  # the seat that dealt (R10)
    active: int  # the Active Player (the seller during a sale)
    goals_in_play: list[GoalId]  # the goal types in play (R3, R4), Werechow last
    goal_positions: list[GoalPosition]  # every goal card's place, and its goal once face up
    players_info: list[PlayerInfo]  # each seat's cans, cards and state, by seat
    denials: list[tuple[int, GoalId]]  # [seat, goal]: that seat was wrongly accused of that goal (R18)
    accusations: list[Accusation]  # every accusation so far, in order
    deck_size: int  # cards left in the deck
    deck_remaining: list[CardId]  # which cards are left in the deck, sorted (not their order)
    sale: CardId | None  # the card on sale now, or None
    bids: list[Bid]  # every bidder of the current sale, by seat ([] outside a sale)
    open_bidders: list[int]  # the bidders still open (the actors of the bidding window)
    max_bid_changes: int  # offer changes allowed per bidder per sale (option)
    sales: list[Sale]  # every sale so far, in order
    spoils: Spoils | None  # the spoils being chosen after an accusation, or None


class MyGoal(Struct):
    goal: GoalId  # one of my goals
    position: int  # where it lies
    shared_with: int | None  # the neighbour who shares it (5-10 players), None with 3-4 players


class Private(Struct):
    my_goals: list[MyGoal]  # my two goals (R7, R8)


TYPES = (Public, Private)
