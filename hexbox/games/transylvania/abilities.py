"""Appendix A: Adventurer Abilities (R102-R112). Each is used once per game, on its owner's own turn (R15).

Stealthy Strike (R104) lives with the attack, Rampart (R106) with the Events and Tinkering (R107) with the
rolls, in play.py; here are the abilities that are actions of their own.
"""

from __future__ import annotations

from . import actions as A
from .board import NODES
from .cards import CARDS
from .state import ADV, ALL, KIND, NAMES, NC, ND, TRANSFORM, TransylvaniaState

St = TransylvaniaState


def ability(st: St, s: int) -> str:
    return ADV[st.adv[s]].ability


def spend(st: St, s: int) -> None:
    st.used[st.adv[s]] = True  # R15: the card goes back to the box
    st._emit("ability", {"seat": s, "ability": ability(st, s)})


# ---- Abbess / Abbot: Divine Intervention (R103) ---------------------------------------------------------------


def divine(st: St, seat: int, a: A.Divine) -> None:
    spend(st, seat)
    c = a.card
    if c == NC:
        st._discard_card(st.church, "Divine Intervention")
        st.church = -1
    elif c in st.hand[seat]:
        st._hand_discard(seat, c, "Divine Intervention")
    else:
        for i, (host, att) in enumerate(st.row[seat]):
            if host == c:
                st._discard_entry(seat, i, "Divine Intervention")
                break
            if c in att:  # a cursed attachment on its own frees its host
                st.row[seat][i] = (host, tuple(x for x in att if x != c))
                st._discard_card(c, "Divine Intervention")
                break


# ---- use_ability: Explorer, Scientist, Sleuth, Templar ----------------------------------------------------------


def use_ability(st: St, seat: int, a) -> None:
    kind = ability(st, seat)
    spend(st, seat)
    if kind == "surveillance":  # R105: a private look at the top tiles
        k = min(3, len(st.tiles))
        seen = st.tiles[::-1][:k]
        st._emit("tiles_seen", {"seat": seat, "tiles": [CARDS.tiles[t].id for t in seen]}, {seat})
        st.pending.append(("order_tiles", seat, k))
    elif kind == "experimentation":  # R108: the top three, shown to all
        shown = []
        while len(shown) < 3:
            c = st._draw_card()
            if c < 0:
                break
            st.known[c] = ALL
            shown.append(c)
        st._emit("revealed_cards", {"seat": seat, "cards": [NAMES[c] for c in shown]})
        if any(c not in TRANSFORM for c in shown):
            st.pending.append(("experiment", seat, tuple(shown)))
        else:
            put_back(st, shown)
    elif kind == "easy_access":  # R110
        st.sleuth_uses = 3
    elif kind == "secret_society":  # R112
        st.pending.append(("templar", seat, ()))


def put_back(st: St, cards: list[int]) -> None:
    """Cards go back on top, the first of ``cards`` on the very top; their order is public (R108)."""
    for c in reversed(cards):
        st.deck.append(c)
        st.known[c] = ALL
    st.deck_public = min(len(st.deck), st.deck_public + len(cards))


def order_tiles(st: St, seat: int, a: A.OrderTiles) -> None:
    _, _, k = st.pending.pop()
    seen = st.tiles[::-1][:k]
    new = [seen[i] for i in A.PERMS[a.perm][:k]]
    del st.tiles[len(st.tiles) - k:]
    st.tiles.extend(reversed(new))
    st.tiles_known[seat] = k
    st._emit("tiles_ordered", {"seat": seat, "tiles": [CARDS.tiles[t].id for t in new]}, {seat})


def experiment(st: St, seat: int, a: A.Experiment) -> None:
    _, _, shown = st.pending.pop()
    take = shown[a.take]
    rest = [c for c in shown if c != take]
    if a.order:
        rest.reverse()
    put_back(st, rest)
    st._emit("experiment", {"seat": seat, "card": NAMES[take], "back": [NAMES[c] for c in rest]})
    st.drawn.add(take)  # taken from the deck, so drawn (R45) and received (R59, R148) this turn
    st.received = True
    if KIND[take].cursed:  # R55, R128: a cursed card is never a row card of its own: it attaches at once
        st._receive(seat, take)
    else:
        st._place(seat, (take, ()))


# ---- Secret Agent: Sleight of Hand (R109) ----------------------------------------------------------------------


def sleight(st: St, seat: int, a: A.Sleight) -> None:
    spend(st, seat)
    for s in range(st.n):
        for i, (c, _) in enumerate(st.row[s]):
            if c == a.card and s != seat:
                entry = st.row[s].pop(i)
                st._emit("stolen", {"seat": seat, "from": s, "card": NAMES[c]})
                if c < ND:
                    st.received = True
                st._place(seat, entry)
                return


# ---- Sleuth: Easy Access (R110, D54) ---------------------------------------------------------------------------


def sleuth_unlock(st: St, seat: int, a: A.SleuthUnlock) -> None:
    st.sleuth_uses -= 1
    st.locks.discard(a.node)
    st.lock_supply += 1
    st._emit("unlocked", {"seat": seat, "node": NODES[a.node].id, "by": "Easy Access"})


def sleuth_lock(st: St, seat: int, a: A.SleuthLock) -> None:
    st.sleuth_uses -= 1
    st.locks.add(a.node)
    st.lock_supply -= 1
    st._emit("locked", {"seat": seat, "node": NODES[a.node].id})


# ---- Witch Hunter: Augury (R111) -------------------------------------------------------------------------------


def augury(st: St, seat: int, a: A.Augury) -> None:
    spend(st, seat)
    t = a.seat
    st._emit("augury_glimpse", {"seat": seat, "target": t, "cards": [NAMES[c] for c in st.hand[t]]}, {seat})
    for c in st.hand[t]:
        st.known[c] |= 1 << seat
    n = sum(1 for c in st.hand[t] if c in TRANSFORM)
    st.augured.append((seat, t, n, tuple(sorted(st.hand[t]))))  # for resample's soft constraint
    st._emit("augury", {"seat": seat, "target": t, "draws": n})
    st._draw_to(seat, n, "Augury")


# ---- Templar: Secret Society (R112) ----------------------------------------------------------------------------


def payable(st: St, s: int) -> list[int]:
    return sorted([c for c in st.hand[s] if c not in TRANSFORM] + [c for c, _ in st.row[s] if c < ND])


def templar_pay(st: St, seat: int, a: A.TemplarPay) -> None:
    _, _, paid = st.pending.pop()
    paid = (*paid, a.card)
    if len(paid) < 2:
        st.pending.append(("templar", seat, paid))
        return
    for c in paid:  # R130: free of R45 and R58
        if c in st.hand[seat]:
            st._hand_discard(seat, c, "Secret Society")
        else:
            i = next(i for i, (x, _) in enumerate(st.row[seat]) if x == c)
            st._discard_entry(seat, i, "Secret Society")
    shown = []
    found = -1
    while True:
        c = st._draw_card()
        if c < 0:
            break
        st.known[c] = ALL
        if KIND[c].kind == "knowledge":
            found = c
            break
        shown.append(c)
    st._emit("society", {"seat": seat, "shown": [NAMES[c] for c in shown],
                         "card": NAMES[found] if found >= 0 else None})
    st.deck.extend(shown)
    st.rng.shuffle(st.deck)  # D36: the rest are shuffled back
    st.deck_public = 0
    for c in st.deck:
        st.known[c] = 0
    if found >= 0:
        st.drawn.add(found)
        st.received = True
        st._receive(seat, found, known=ALL)
