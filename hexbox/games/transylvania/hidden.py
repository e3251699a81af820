"""``resample(seat)``: a full state consistent with what ``seat`` knows (docs/games/transylvania.md, "Hidden
information"), for search.

Re-dealt: every Discovery copy in a hidden zone (other hands, other set-aside hands, the deck below its public
top) that ``seat`` does not know; the Event deck; the tile stack below what ``seat``'s Surveillance saw; every
face-down token, on the board and in the stack; the generator. Knowledge belongs to positions: a re-dealt card
takes over the knowledge of the place it fills. Sealed ambush declarations of the other responders become
nothing, since ``seat`` cannot know them. Soft constraints: while a hand is as it was when its count of Transformation
cards became public (an Augury's draws, a challenge pick that found only Transformation cards), the deal is
mended by swaps so that the hand holds that many again (the spec retries whole deals; swaps always succeed).
"""

from __future__ import annotations

import random

from .state import ND, TRANSFORM, TransylvaniaState

St = TransylvaniaState


def redeal_unseen(w: St, known_tiles: int, rng: random.Random) -> None:
    """Deal again what nobody at the table has seen: the Event deck, the tile stack below its ``known_tiles`` top
    tiles (a Surveillance's), and the face-down tokens, on the board and in the stack alike."""
    rng.shuffle(w.events)
    unknown = w.tiles[:len(w.tiles) - known_tiles] if known_tiles else w.tiles[:]
    rng.shuffle(unknown)
    w.tiles[:len(unknown)] = unknown
    down = sorted(x for x in w.tokens if x not in w.faceup)
    pool = [w.tokens[x] for x in down] + w.token_stack
    rng.shuffle(pool)
    for x in down:
        w.tokens[x] = pool.pop()
    w.token_stack = pool


def resample(st: St, seat: int, rng: random.Random) -> St:
    w = st.clone()
    bit = 1 << seat
    zones: list[list[int]] = [w.hand[o] for o in range(w.n) if o != seat]
    zones += [w.aside[o] for o in range(w.n) if o != seat]
    places: list[tuple[list[int], int]] = []
    for z in zones:
        places += [(z, i) for i, c in enumerate(z) if c < ND and not st.known[c] & bit]
    hidden_deck = len(w.deck) - w.deck_public
    places += [(w.deck, i) for i in range(hidden_deck) if not st.known[w.deck[i]] & bit]
    old = [z[i] for z, i in places]
    facts = [(t, n) for _, t, n, hand in st.augured if t != seat and tuple(sorted(st.hand[t])) == hand]
    new = old[:]
    rng.shuffle(new)
    for t, n in facts:  # step 6: a public count of Transformation cards in a hand still as it was
        _fix_count(new, [i for i, (z, _) in enumerate(places) if z is w.hand[t]],
                   n - sum(1 for i, c in enumerate(w.hand[t]) if c in TRANSFORM and st.known[c] & bit), rng)
    for (z, i), c in zip(places, new):
        z[i] = c
    mapping = dict(zip(old, new))
    for o, n in mapping.items():
        w.known[n] = st.known[o]
    if mapping:
        w.drawn = {mapping.get(c, c) for c in st.drawn}
        w.pending = [_remap(p, mapping) for p in st.pending]
    redeal_unseen(w, w.tiles_known[seat], rng)
    if w.window is not None:
        for o, decl in list(w.window["decl"].items()):
            if o != seat:
                for p in decl:
                    w.ambushed.discard((p, w.window["mover"]))
                del w.window["decl"][o]
    w.rng = st.reseeded(rng)
    return w


def _fix_count(deal: list[int], mine: list[int], want: int, rng: random.Random) -> None:
    """Swap cards between the positions ``mine`` and the others until ``mine`` hold ``want`` Transformation
    cards (as near as the pool allows)."""
    others = [i for i in range(len(deal)) if i not in set(mine)]
    rng.shuffle(others)
    have = sum(1 for i in mine if deal[i] in TRANSFORM)
    for o in others:
        if have == want:
            return
        for i in mine:
            if have < want and deal[i] not in TRANSFORM and deal[o] in TRANSFORM or \
                    have > want and deal[i] in TRANSFORM and deal[o] not in TRANSFORM:
                deal[i], deal[o] = deal[o], deal[i]
                have += 1 if deal[i] in TRANSFORM else -1
                break


def _remap(p: tuple, mapping: dict[int, int]) -> tuple:
    if p[0] in ("regen_examine", "templar"):
        return (*p[:2], tuple(mapping.get(c, c) for c in p[2]))
    return p
