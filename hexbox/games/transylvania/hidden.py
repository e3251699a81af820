"""``resample(seat)``: a full state consistent with what ``seat`` knows (docs/games/transylvania.md, "Hidden
information"), for search.

Re-dealt: every Discovery copy in a hidden zone (other hands, other set-aside hands, the deck below its public
top) that ``seat`` does not know; the Event deck; the tile stack below what ``seat``'s Surveillance saw; every
face-down token, on the board and in the stack; the generator. Knowledge belongs to positions: a re-dealt card
takes over the knowledge of the place it fills. Sealed ambush declarations of the other responders become
nothing, since ``seat`` cannot know them. Not done: the soft constraints of Augury counts and of all-Transformation
challenge picks (the spec's step 6) — a sampled world may disagree with them.
"""

from __future__ import annotations

import random

from .rules import ND, TransylvaniaState

St = TransylvaniaState


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
    new = old[:]
    rng.shuffle(new)
    mapping = dict(zip(old, new))
    for (z, i), c in zip(places, new):
        z[i] = c
    for o, n in mapping.items():
        w.known[n] = st.known[o]
    if mapping:
        w.drawn = {mapping.get(c, c) for c in st.drawn}
        w.pending = [_remap(p, mapping) for p in st.pending]
    rng.shuffle(w.events)
    known = w.tiles_known[seat]
    unknown = w.tiles[:len(w.tiles) - known] if known else w.tiles[:]
    rng.shuffle(unknown)
    w.tiles[:len(unknown)] = unknown
    down = sorted(x for x in w.tokens if x not in w.faceup)
    pool = [w.tokens[x] for x in down] + w.token_stack
    rng.shuffle(pool)
    for x in down:
        w.tokens[x] = pool.pop()
    w.token_stack = pool
    if w.window is not None:
        for o, decl in list(w.window["decl"].items()):
            if o != seat:
                for p in decl:
                    w.ambushed.discard((p, w.window["mover"]))
                del w.window["decl"][o]
    w.rng = st.reseeded(rng)
    return w


def _remap(p: tuple, mapping: dict[int, int]) -> tuple:
    if p[0] in ("regen_examine", "templar"):
        return (*p[:2], tuple(mapping.get(c, c) for c in p[2]))
    return p
