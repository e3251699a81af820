"""Building Werebeasts positions for the rule tests: a seeded setup, then direct surgery on the state.

Positions (see rules.py): with 5-10 players slot i lies between seat i and seat i+1, so seat s owns slots s-1 and
s; with 3-4 players seat s owns positions 2s and 2s+1. The last two positions are the box.
"""

from __future__ import annotations

import random

import hexbox
from hexbox.games.werebeasts import actions as A
from hexbox.games.werebeasts.cards import CARD_INDEX, CARDS, GOAL_INDEX
from hexbox.games.werebeasts.state import BIDDING, TURN, WerebeastsState


def new(players: int = 5, dealer: int = 0, need: tuple[str, ...] = (), **options) -> WerebeastsState:
    """A fresh game after setup; the first seed whose goal types in play include ``need``."""
    game = hexbox.load("werebeasts", players=players, dealer=dealer, **options)
    for seed in range(500):
        state = game.new_state(seed)
        if all(GOAL_INDEX[g] in state.in_play for g in need):
            return state
    raise AssertionError(f"no seed puts {need} in play")


def arrange(state: WerebeastsState, goals: dict[int, str]) -> None:
    """Move goal cards so that ``goals[p]`` lies at position p (swaps keep the set of goals in play)."""
    for p, gid in goals.items():
        g = GOAL_INDEX[gid]
        assert g in state.in_play, f"{gid} is not in play in this setup"
        q = state.goal_at.index(g)
        state.goal_at[p], state.goal_at[q] = state.goal_at[q], state.goal_at[p]
    assert all(state.goal_at[p] == GOAL_INDEX[g] for p, g in goals.items()), "conflicting arrangement"


def seat_goals(state: WerebeastsState, seat: int, a: str, b: str) -> None:
    """Give ``seat`` the goals a and b at its two positions."""
    pa, pb = state.game.seat_positions[seat]
    arrange(state, {pa: a, pb: b})


def hold(state: WerebeastsState, seat: int, cards: list[str] = (), cans: int | None = None) -> None:
    """Set what lies in front of ``seat``: exactly these auction cards and, if given, this many cans."""
    state.cards[seat] = [CARD_INDEX[c] for c in cards]
    if cans is not None:
        state.cans[seat] = cans


def goal_id(state: WerebeastsState, position: int) -> str:
    return CARDS.goals[state.goal_at[position]].id


def unused_goal(state: WerebeastsState, *seats: int) -> str:
    """A beast goal in play that none of ``seats`` holds (so naming it against them is wrong)."""
    taken = {g for s in seats for g in state.goals_of(s)}
    return next(CARDS.goals[g].id for g in state.in_play if g not in taken and g != CARDS.chow)


def views(state: WerebeastsState) -> list:
    """Every seat's observation and the spectator's."""
    return [state.observe(None)] + [state.observe(s) for s in range(state.n)]


def public(state: WerebeastsState) -> dict:
    """The public half of the observation: the same for every viewer."""
    return state.observe(None)["public"]


def my_goals(state: WerebeastsState, seat: int) -> list:
    return state.observe(seat)["private"]["my_goals"]


def accuse(target: int, goal: str) -> A.Accuse:
    return A.ACCUSE[A.GOALS * target + GOAL_INDEX[goal]]


def offer_card(card: str) -> A.OfferCard:
    return A.OFFER_CARD[CARD_INDEX[card]]


def retract_card(card: str) -> A.RetractCard:
    return A.RETRACT_CARD[CARD_INDEX[card]]


def open_sale(state: WerebeastsState, seller: int, card: str | None = None) -> None:
    """Make ``seller`` the Active Player and let them sell (the top card is ``card`` if given)."""
    state.active, state.phase, state.actors = seller, TURN, (seller,)
    if card is not None:
        state.deck[-1] = CARD_INDEX[card]
    state.apply(seller, A.SELL)


def pass_all(state: WerebeastsState) -> None:
    """Every open bidder passes until the window closes."""
    while state.phase == BIDDING:
        for s in state.actors:
            if state.phase == BIDDING and s in state.actors:
                state.apply(s, A.PASS)


def last_sale(state: WerebeastsState, seller: int, card: str) -> hexbox.Result:
    """End the game: ``seller`` sells the last card, nobody bids, the seller keeps it (R27, R30)."""
    state.deck = [CARD_INDEX[card]]
    open_sale(state, seller)
    pass_all(state)
    assert state.is_over
    return state.result


def random_playout(state: WerebeastsState, seed: int, visit=None, accusations: bool = True,
                   limit: int = 100_000) -> WerebeastsState:
    """Random legal actions until the end; ``visit(state)`` is called before every action.

    Without ``accusations`` nobody accuses, so the game runs until the deck is sold out."""
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_over:
            return state
        if visit:
            visit(state)
        seat = rng.choice(state.actors)
        legal = state.legal_actions(seat)
        if not accusations:
            legal = [a for a in legal if a.kind != "accuse"]
        kind = rng.choice(sorted({a.kind for a in legal}))  # a kind first, so that sales are not drowned out
        state.apply(seat, rng.choice([a for a in legal if a.kind == kind]))
    raise AssertionError("the game did not end")
