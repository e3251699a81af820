"""_resample(seat): a full GROWL state consistent with what ``seat`` knows (docs/games/growl.md, Hidden
information).

Kept: everything public (face-up cards, discards, revealed Night cards, the top card, hand counts, deaths,
positions, open votes) and everything the seat knows (its hand, team, Sniff, the cards it knows others
hold, teams it was told). Re-dealt: other hands, the deck below the top card (Night card positions
included, within R13), unseen Spells, other seats' teams and their hidden submissions in open windows.
Other seats' private logs and knowledge are dropped from the world: they belong to the true state.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from .cards import BITE, FINAL, HAND, INDEX, NIGHT, SPELLS, WOLFSBANE, clamp_cuts
from .phases import CONTRIBUTE, HALLOWS, PASSING, POINT, PURGE, SHOW

FIRST_SPELL = SPELLS[0]  # card indices: hand cards, Night, Final Night, then the Spells
TURN_PRIOR = 0.15  # chance that a seat not known to be a werewolf has turned since setup
TRIES = 200


class ResampleMixin:
    __slots__ = ()

    def _resample(self, seat: int, rng: random.Random) -> Any:
        if self._result is not None:  # everything is revealed at the Growl
            world = self.clone()
            world.rng = self.reseeded(rng)
            return world
        world = self.twin()
        world.rng = self.reseeded(rng)
        world.log = [e for e in self.log if e.to is None or seat in e.to]  # Event.visible_to, inlined
        world.priv_known = [{seat: d[seat][:]} if seat in d else {} for d in self.priv_known]
        world.intel = tuple(f for f in self.intel if f[0] == seat)
        world.clues = tuple(f for f in self.clues if f[0] == seat)
        _redeal_deck_shape(self, world, rng)
        plan = _Plan(self, seat)
        for pins, prior in ((True, TURN_PRIOR), (False, TURN_PRIOR), (False, 0.0)):
            if pins and plan.pinned_pool is None:
                continue  # the pins contradict the pool: every try would fail before drawing anything
            for _ in range(TRIES):
                if _redeal(self, world, seat, rng, plan, pins, prior):
                    return world
        _restore_truth(self, world, seat, rng)  # the true deal always fits: it is the last resort
        return world


def _hidden_night(state: Any) -> tuple[list[int], list[int]]:
    """Night and Final Night cards the table has not seen (the set-aside ones included)."""
    seen = set(state.revealed_night)
    if state.deck:
        seen.add(state.deck[-1])
    return [c for c in NIGHT if c not in seen], [c for c in FINAL if c not in seen]


def _redeal_deck_shape(state: Any, world: Any, rng: random.Random) -> None:
    """New cut points (R13) agreeing with every Night card seen so far, and new hidden Night cards."""
    d, cut1, cut2 = state.cuts
    drawn = d + 3 - len(state.deck)  # the draw index of the face-up top card
    fits = _fitting_cuts(d, cut1, cut2, state.game.options["night_jitter"], drawn)
    world.cuts = (d, *rng.choice(fits))
    nights, finals = _hidden_night(state)
    rng.shuffle(nights)
    a, b, f = state.night_cards
    a = a if cut1 <= drawn else nights.pop()
    b = b if cut2 + 1 <= drawn else nights.pop()
    f = f if d + 2 <= drawn else rng.choice(finals)
    world.night_cards = (a, b, f)


@lru_cache(maxsize=4096)
def _fitting_cuts(d: int, cut1: int, cut2: int, jitter: int, drawn: int) -> tuple[tuple[int, int], ...]:
    """Every (offset pair ->) cut pair of R13 that puts the Night cards where the table has seen them."""
    s1 = d // 3 + (d % 3 >= 1)
    s2 = d // 3 + (d % 3 == 2)
    fits = []
    for o1 in range(-jitter, jitter + 1):
        for o2 in range(-jitter, jitter + 1):
            c1, c2 = clamp_cuts(d, s1 + o1, s1 + s2 + o2)
            ok1 = c1 == cut1 if cut1 <= drawn else c1 > drawn
            ok2 = c2 == cut2 if cut2 + 1 <= drawn else c2 + 1 > drawn
            if ok1 and ok2:
                fits.append((c1, c2))
    return tuple(fits)


def _spread(counts: list[int]) -> list[int]:
    """Counts per card index -> the cards themselves, in index order."""
    out: list[int] = []
    for c, k in enumerate(counts):
        if k:
            out += [c] * k
    return out


class _Plan:
    """What every try of one resample starts from: the unknown pool (step 2), the pins (step 3) and the caps.

    The tries differ only in their random draws, so this is worked out once per resample.
    """

    __slots__ = ("others", "pool", "gift_slots", "pinned", "pinned_pool", "need", "caps")

    def __init__(self, state: Any, seat: int):
        n = state.n
        self.others = others = [o for o in range(n) if o != seat]
        hands = state.hands
        pool = [c for o in others for c in _spread(hands[o])]
        pool += [c for c in state.deck[:-1] if c < HAND]
        self.gift_slots = [i for i, g in enumerate(state.gift) if g[0] != seat]
        pool += [state.gift[i][2] for i in self.gift_slots]
        self.pool = pool
        counts = [0] * HAND
        for c in pool:
            counts[c] += 1
        self.pinned = pinned = {o: [0] * HAND for o in others}
        for o in others:
            known = state.known_hand(seat, o)
            for c in range(HAND):
                if known[c]:
                    pinned[o][c] = known[c]
                    counts[c] -= known[c]
        self.pinned_pool = None if min(counts) < 0 else _spread(counts)
        self.need = {o: sum(hands[o]) for o in others}
        caps: dict[int, dict[int, int]] = {}
        for (o, c), k in state.exact.items():  # public exact counts (Hypnosis) cap what may be dealt
            caps.setdefault(o, {})[c] = k
        self.caps = caps


def _redeal(state: Any, world: Any, seat: int, rng: random.Random, plan: _Plan, pins: bool, prior: float) -> bool:
    others = plan.others
    if pins:  # step 3: pinned cards stay with their holders
        pool = plan.pinned_pool[:]
        hands = {o: h[:] for o, h in plan.pinned.items()}
    else:
        pool = plan.pool[:]
        hands = {o: [0] * HAND for o in others}
    rng.shuffle(pool)
    caps = plan.caps
    for o in others:  # step 4
        need = plan.need[o] - sum(hands[o])
        if need < 0:
            return False
        hand = hands[o]
        if o not in caps:
            for _ in range(need):
                hand[pool.pop()] += 1
            continue
        cap, aside = caps[o], []
        while need:
            if not pool:
                return False
            c = pool.pop()
            if c in cap and hand[c] >= cap[c]:
                aside.append(c)
                continue
            hand[c] += 1
            need -= 1
        if aside:
            pool += aside
            rng.shuffle(pool)
    gift = list(state.gift)
    for i in plan.gift_slots:
        s, t, _ = gift[i]
        gift[i] = (s, t, pool.pop())
    for o in others:
        world.hands[o] = hands[o]
    world.gift = tuple(gift)
    if any(c == BITE and world.owns(t, WOLFSBANE) for s, t, c in world.gift):
        return False
    _deal_teams(state, world, seat, rng, prior)
    if any(not world.dead[o] and world.net_wounds(o) >= 3 for o in others):
        return False  # a living seat is alive as its hand says (R31)
    _fill_deck(state, world, pool, rng)
    return _redraw_submissions(state, world, seat, rng)


def redeal_teams(world: Any, seat: int, rng: random.Random) -> None:
    """Deal ``world``'s teams again as a resample for ``seat`` deals them (step 5), keeping its hands and deck.

    The world is one ``seat`` was given, so what it holds of the seat's knowledge (told teams, Séances, the Sniff,
    Night-Bite clues) is the seat's own: dealing from the world itself uses nothing hidden. The hidden submissions
    are left as they are: call ``redraw_submissions`` once the teams are kept (they may depend on a team).
    """
    _deal_teams(world, world, seat, rng, TURN_PRIOR)


def redraw_submissions(world: Any, seat: int, rng: random.Random) -> bool:
    """Draw other seats' hidden choices in ``world``'s open window again; False if a seat would have none."""
    return _redraw_submissions(world, world, seat, rng)


def _deal_teams(state: Any, world: Any, seat: int, rng: random.Random, prior: float) -> None:
    """Step 5: Wolf Zeroes (their number is public), turned seats, and every team the seat was told; the hands
    (already dealt) turn the seats holding three net Bites."""
    n = state.n
    told = {o: w for o, w in state.seance}
    told.update({o: w for v, o, w in state.intel if v == seat})
    sniff = state.sniffed if seat in state.sniffed else None
    candidates = [o for o in range(n) if o != seat and told.get(o) is not False]
    if sniff is not None:
        candidates = [o for o in candidates if o in sniff]
    zeros = state.game.starter[0] - state.zero[seat]
    chosen = set(rng.sample(candidates, zeros)) if len(candidates) >= zeros else set(candidates)
    for o in range(n):
        if o == seat:
            continue
        zero = o in chosen
        world.zero[o] = zero
        if o in told:
            world.wolf[o] = told[o] or zero
        elif sniff is not None and o in sniff:
            world.wolf[o] = True
        else:
            world.wolf[o] = zero or rng.random() < prior
    for viewer, senders in state.clues:  # a Bite the seat received at Night: one of its senders is a werewolf
        if viewer == seat and not any(world.wolf[s] for s in senders):
            free = [s for s in senders if told.get(s) is not False]
            if free:
                world.wolf[rng.choice(free)] = True
    if state.game.sniff and seat not in state.sniffed:
        world.sniffed = tuple(o for o in range(n) if world.zero[o])
    for o in range(n):  # a living seat holding three net Bites has turned (R30)
        if o != seat and not world.dead[o] and world.net_bites(o) >= 3:
            world.wolf[o] = True


def _fill_deck(state: Any, world: Any, pool: list[int], rng: random.Random) -> None:
    """The deck below the top card: the rest of the pool, unseen Spells, Night cards at the new cuts."""
    if not state.deck:  # the Final Night has been revealed: nothing is left to re-deal
        return
    d, cut1, cut2 = world.cuts
    drawn = d + 3 - len(state.deck)
    visible_spells = {c for f in state.front for c in f} | set(state.discards) | {state.deck[-1]}
    hidden_spells = sum(1 for c in state.deck[:-1] if c >= FIRST_SPELL)
    unseen = [s for s in SPELLS if s not in visible_spells]
    rest = pool + rng.sample(unseen, hidden_spells)
    rng.shuffle(rest)
    a, b, f = world.night_cards
    slots = {cut1: a, cut2 + 1: b, d + 2: f}
    top_down = [state.deck[-1]]
    for i in range(drawn + 1, d + 3):
        top_down.append(slots[i] if i in slots else rest.pop())
    top_down.reverse()
    world.deck = top_down
    world.spells_in = tuple(sorted(s for s in state.spells_in if s in visible_spells)
                            + sorted(c for c in top_down if c >= FIRST_SPELL and c not in visible_spells))


def _redraw_submissions(state: Any, world: Any, seat: int, rng: random.Random) -> bool:
    """Other seats' hidden choices in an open window are drawn again for their new hands."""
    phase = state.phase
    if phase == SHOW and state.show_seat != seat and not world.show_options(state.show_seat):
        return False
    if phase == HALLOWS and state.picker != seat and not world.hallows_options(state.picker):
        return False
    if phase == CONTRIBUTE:
        for o in state.window:
            if o != seat and not world.window_options(o):
                return False
    if phase not in (PASSING, CONTRIBUTE, PURGE, POINT):
        return True
    if phase == PASSING:  # the re-dealt hands have their own passing options
        world.pass_opts = world.pass_table(state.window)
    pending = dict(state.pending)
    for o in pending:
        if o == seat:
            continue
        world.pending = {}  # options are computed as for a seat that has not chosen yet
        if phase == PASSING:
            choice = rng.choice(world.pass_options(o))
            pending[o] = (INDEX[choice.left], INDEX[choice.right]) if choice.kind == "night_pass" else None
        elif phase == CONTRIBUTE:
            pending[o] = INDEX[rng.choice(world.window_options(o)).card]
        elif phase == PURGE:
            pending[o] = rng.choice(world.window_options(o)).target
        else:
            pending[o] = rng.choice(("left", "right"))
    world.pending = pending
    return True


def _restore_truth(state: Any, world: Any, seat: int, rng: random.Random) -> None:
    for o in range(state.n):
        world.hands[o] = state.hands[o][:]
    world.wolf, world.zero, world.sniffed = state.wolf[:], state.zero[:], state.sniffed
    world.gift, world.pending, world.pass_opts = state.gift, dict(state.pending), state.pass_opts
    world.cuts, world.night_cards, world.deck, world.spells_in = (
        state.cuts, state.night_cards, state.deck[:], state.spells_in)
