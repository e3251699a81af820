"""Werebeasts' moves, section by section as in the rulebook: Accuse, Selling, End of the Game, Scoring.

Each kind of action has a check (it refuses with a reason and changes nothing) and a handler (it makes the move and
returns its events); ``game.py`` lists them in the game's ``RULES``. Rule ids (R…) refer to
docs/games/werebeasts.md; the tests cite the same ids.
"""

from __future__ import annotations

from typing import Any

from hexbox.core import Event, IllegalAction, Result

from . import actions as A
from .cards import CARD_INDEX, CARDS, GOAL_INDEX
from .state import (
    ACCEPT,
    AUCTION,
    BIDDING,
    DONE,
    ICONS,
    NOT_BIDDING,
    OPEN,
    OVER,
    PASSED,
    PHASES,
    SPOILS,
    TURN,
    WerebeastsState,
)

# ---- checks: core has made sure the game goes on and ``seat`` is one of the actors ------------------
# Each check refuses exactly what _legal_actions leaves out, and changes nothing. The actors of a phase are
# the only seats that act in it (the Active Player, the spoils chooser, the open bidders, the seller), so
# the phase is all that is left to check for most kinds.

def not_now(state: WerebeastsState, what: str) -> IllegalAction:
    return IllegalAction(f"cannot {what} now: the game is in the {PHASES[state.phase]} phase")

def check_take(state: WerebeastsState, seat: int, action: A.Take) -> None:
    if state.phase != SPOILS:  # W2: both piles, even an empty one
        raise not_now(state, "take spoils")

def check_sell(state: WerebeastsState, seat: int, action: A.Sell) -> None:
    if state.phase != TURN:  # R12, D2: always possible on one's turn
        raise not_now(state, "sell")

def check_accuse(state: WerebeastsState, seat: int, action: A.Accuse) -> None:
    if state.phase != TURN:  # R12, R13: only the Active Player, before selling
        raise not_now(state, "accuse")
    target, goal = action.target, GOAL_INDEX[action.goal]
    if target >= state.n:
        raise IllegalAction(f"seat {target} cannot be accused: there is no seat {target} at this table "
                            f"(seats 0 to {state.n - 1})")
    if target == seat or state.out[target]:  # R13, R21
        raise IllegalAction(f"seat {target} cannot be accused: name another player still in the game")
    if goal not in state.in_play:  # D3
        raise IllegalAction(f"{action.goal} is not a goal in play")
    if goal in state.goals_of(seat):  # R14
        raise IllegalAction(f"you may not name your own goal {action.goal}")
    if goal in state.face_up_goals():  # R14, X3
        raise IllegalAction(f"{action.goal} is face up already")

def check_offer_cans(state: WerebeastsState, seat: int, action: A.OfferCans) -> None:
    if state.phase != BIDDING:  # W3: the actors of the window are its open bidders
        raise not_now(state, "bid")
    k = action.cans
    if k > state.cans[seat]:  # R24
        raise IllegalAction(f"you have only {state.cans[seat]} cans")
    if k == state.offer_cans[seat]:  # W3: a change, or nothing
        raise IllegalAction(f"your bid already has {k} cans")

def check_offer_card(state: WerebeastsState, seat: int, action: A.OfferCard) -> None:
    if state.phase != BIDDING:
        raise not_now(state, "bid")
    card = CARD_INDEX[action.card]
    if card not in state.cards[seat]:  # R24: one's own cards
        raise IllegalAction(f"you do not own {action.card}")
    if card in state.offer_cards[seat]:
        raise IllegalAction(f"{action.card} is in your bid already")

def check_retract_card(state: WerebeastsState, seat: int, action: A.RetractCard) -> None:
    if state.phase != BIDDING:
        raise not_now(state, "change a bid")
    if CARD_INDEX[action.card] not in state.offer_cards[seat]:  # R25
        raise IllegalAction(f"{action.card} is not in your bid")

def check_pass(state: WerebeastsState, seat: int, action: A.Pass) -> None:
    if state.phase != BIDDING:  # D6: the seller may not pass instead of accepting
        raise not_now(state, "pass")

def check_accept(state: WerebeastsState, seat: int, action: A.Accept) -> None:
    if state.phase != ACCEPT:  # D7: only once the window has closed
        raise not_now(state, "accept a bid")
    b = action.bidder
    if b >= state.n:  # R26: a standing bid of a seat of this table; never an index past the end
        raise IllegalAction(f"seat {b} has no standing bid: there is no seat {b} at this table "
                            f"(seats 0 to {state.n - 1})")
    if not (state.offer_cans[b] or state.offer_cards[b]):  # R26
        raise IllegalAction(f"seat {b} has no standing bid")


# ---- Accuse (R13-R21) ---------------------------------------------------------------------------

def accuse(state: WerebeastsState, seat: int, action: A.Accuse) -> list[Event]:
    target, goal = action.target, GOAL_INDEX[action.goal]
    correct = goal in state.goals_of(target)
    state.accusations += ({"accuser": seat, "target": target, "goal": action.goal, "correct": correct},)
    events = [Event("accused", {"accuser": seat, "target": target, "goal": action.goal, "correct": correct})]
    if correct:  # R15: the goal is revealed in its place and stays face up; R16: the accuser chooses
        for p in state.game.seat_positions[target]:
            if state.goal_at[p] == goal:
                state.face_up[p] = True
                events.append(Event("goal_revealed", {"position": p, "goal": action.goal}))
        state.out[target] = True
        state.spoils = (seat, target, True)
    else:  # R18: denied, and the accuser is out; R19: the accused chooses
        state.denials += ((target, goal),)
        state.out[seat] = True
        state.spoils = (target, seat, False)
    events.append(Event("eliminated", {"seat": state.spoils[1]}))
    state.phase = SPOILS
    state.actors = (state.spoils[0],)
    return events

def take(state: WerebeastsState, seat: int, action: A.Take) -> list[Event]:
    chooser, victim, correct = state.spoils
    if action.pile == "cards":  # R16, R19: the other pile stays in front of the eliminated player
        moved = state.cards[victim]
        state.cards[chooser].extend(moved)
        state.cards[victim] = []
        amount: Any = [AUCTION[c].id for c in moved]
    else:
        amount = state.cans[victim]
        state.cans[chooser] += amount
        state.cans[victim] = 0
    events = [Event("took", {"seat": chooser, "from": victim, "pile": action.pile, "amount": amount})]
    state.spoils = None
    if state.out.count(False) <= 2:  # R30, D10: the spoils come first
        return events + end(state, "two_left")
    state.phase = TURN
    if not correct:  # R20, X5: the turn passes to the left of the eliminated accuser
        state.active = state.next_alive(victim)
        state.turns += 1
        events.append(Event("turn", {"active": state.active}))
    state.actors = (state.active,)
    return events  # R17: after a correct accusation the same player goes on


# ---- Selling (R22-R29) --------------------------------------------------------------------------

def sell(state: WerebeastsState, seat: int, action: A.Sell) -> list[Event]:
    state.sale = state.deck.pop()  # R22
    events = [Event("sale", {"seller": seat, "card": AUCTION[state.sale].id, "deck": len(state.deck)})]
    status = state.status
    any_bidder = False
    for s in range(state.n):  # R23, D8
        if s != seat and not state.out[s] and (state.cards[s] or state.cans[s]):
            status[s] = OPEN
            any_bidder = True
    if not any_bidder:
        return events + finish_sale(state, seat)  # R27
    state.phase = BIDDING
    state.actors = state.open_bidders()
    return events

def change_offer(state: WerebeastsState, seat: int) -> None:
    """Bookkeeping after an offer change (W3): count it, and let bidders who passed react again."""
    status = state.status
    state.changes[seat] += 1
    if state.changes[seat] >= state.game.max_bid_changes:
        status[seat] = DONE
    for s in range(state.n):
        if s != seat and status[s] == PASSED:
            status[s] = OPEN

def offer_cans(state: WerebeastsState, seat: int, action: A.OfferCans) -> list[Event]:
    change_offer(state, seat)
    state.offer_cans[seat] = action.cans
    return bid_event(state, seat)

def offer_card(state: WerebeastsState, seat: int, action: A.OfferCard) -> list[Event]:
    change_offer(state, seat)
    state.offer_cards[seat].append(CARD_INDEX[action.card])
    return bid_event(state, seat)

def retract_card(state: WerebeastsState, seat: int, action: A.RetractCard) -> list[Event]:
    change_offer(state, seat)
    state.offer_cards[seat].remove(CARD_INDEX[action.card])
    return bid_event(state, seat)

def bid_event(state: WerebeastsState, seat: int) -> list[Event]:
    events = [Event("bid", {"seat": seat, "cans": state.offer_cans[seat],
                            "cards": [AUCTION[c].id for c in state.offer_cards[seat]]})]
    return events + maybe_close_window(state)

def pass_bid(state: WerebeastsState, seat: int, action: A.Pass) -> list[Event]:
    state.status[seat] = PASSED
    return [Event("passed", {"seat": seat})] + maybe_close_window(state)

def maybe_close_window(state: WerebeastsState) -> list[Event]:
    if OPEN in state.status:
        state.actors = state.open_bidders()
        return []
    if any(state.offer_cans[s] or state.offer_cards[s] for s in range(state.n)):
        state.phase = ACCEPT  # W4
        state.actors = (state.active,)
        return [Event("window_closed", {})]
    return finish_sale(state, state.active)  # R27, X7

def accept(state: WerebeastsState, seat: int, action: A.Accept) -> list[Event]:
    # R28: the whole bid goes to the seller, the card to the bidder
    b = action.bidder
    paid = state.offer_cards[b]
    for c in paid:
        state.cards[b].remove(c)
    state.cards[seat].extend(paid)
    state.cans[b] -= state.offer_cans[b]
    state.cans[seat] += state.offer_cans[b]
    return finish_sale(state, b)

def finish_sale(state: WerebeastsState, buyer: int) -> list[Event]:
    seller, card = state.active, state.sale
    state.cards[buyer].append(card)
    bids = {str(s): {"cans": state.offer_cans[s], "cards": [AUCTION[c].id for c in state.offer_cards[s]]}
            for s in range(state.n) if state.offer_cans[s] or state.offer_cards[s]}
    state.sales += ({"seller": seller, "card": AUCTION[card].id, "buyer": buyer, "bids": bids},)
    events = [Event("sold", {"seller": seller, "card": AUCTION[card].id, "buyer": buyer,
                             "paid": bids.get(str(buyer), {"cans": 0, "cards": []})})]
    state.sale = -1
    n = state.n
    state.status = [NOT_BIDDING] * n
    state.offer_cans = [0] * n
    state.offer_cards = [[] for _ in range(n)]
    state.changes = [0] * n
    if not state.deck:  # R30, X8
        return events + end(state, "deck")
    state.phase = TURN  # R29
    state.active = state.next_alive(seller)
    state.actors = (state.active,)
    state.turns += 1
    events.append(Event("turn", {"active": state.active}))
    return events


# ---- End of the Game and Scoring (R30-R38) ------------------------------------------------------

def end(state: WerebeastsState, ending: str) -> list[Event]:
    """R30: ``ending`` is "deck" (the last card was sold) or "two_left" (only two players are left)."""
    why = ENDINGS[ending]
    state.phase = OVER
    state.status = [NOT_BIDDING] * state.n
    scores = {s: state.points(s) for s in range(state.n)}
    state.finish(decide_winners(state, scores, why))
    state.face_up = [True] * state.game.positions  # R31, D12
    goals = [CARDS.goals[g].id for g in state.goal_at]
    return [Event("game_over", {"why": why, "goals": goals, **state._result.to_json()})]


#: how the game ended (R30), in the words of Result.reason; the code is kept in the designer statistics
ENDINGS = {"deck": "the last auction card was sold", "two_left": "only two players are left"}

#: Result.kind: the step of R34-R37 that decided the game
RESULT_KINDS = ("most_points", "tie_most_cans", "tie_most_cards", "unbroken_tie")


def decide_winners(state: WerebeastsState, scores: dict[int, int], why: str) -> Result:
    """R34-R38: points, then cans, then auction cards (double = 2), then the tied players lose.

    ``kind`` says which step decided: "most_points" (R34), "tie_most_cans" (R35), "tie_most_cards" (R36) or
    "unbroken_tie" (R37); how the game ended (``why``) opens the reason."""
    alive = [s for s in range(state.n) if not state.out[s]]
    top = max([scores[s] for s in alive])
    tied = [s for s in alive if scores[s] == top]
    kind, reason = "most_points", f"most points ({top})"
    if len(tied) > 1:  # R35
        cans = state.cans
        most = max([cans[s] for s in tied])
        tied = [s for s in tied if cans[s] == most]
        kind, reason = "tie_most_cans", f"tie on {top} points, most cans ({most})"
    if len(tied) > 1:  # R36, X10
        size = {s: sum([ICONS[c] for c in state.cards[s]]) for s in tied}
        most = max(size.values())
        tied = [s for s in tied if size[s] == most]
        kind, reason = "tie_most_cards", f"tie on {top} points and cans, most auction cards ({most})"
    if len(tied) == 1:
        winners = frozenset(tied)
        reason = f"seat {tied[0]} wins: {reason}"
    else:  # R37, D11: the tied players lose and all the others win
        winners = frozenset([s for s in range(state.n) if s not in tied])
        kind, reason = "unbroken_tie", f"unbroken tie: seats {' and '.join(map(str, tied))} lose, everyone else wins"
    return Result(winners, scores, f"{why}; {reason}", kind)
