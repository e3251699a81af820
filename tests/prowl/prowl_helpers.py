"""Building Prowl positions for tests: a real set-up with a fixed seed, then state surgery."""

from __future__ import annotations

import random
from collections import Counter

import hexbox
from hexbox.agents import make_agent
from hexbox.core import View
from hexbox.games.prowl import actions as A
from hexbox.games.prowl.cards import CARD_CLAN, CARD_INDEX, CARDS, CLAN_INDEX
from hexbox.games.prowl.state import TURN, ProwlState


def card(card_id: str) -> int:
    return CARD_INDEX[card_id]


def clan(clan_id: str) -> int:
    return CLAN_INDEX[clan_id]


def new(players: int = 4, seed: int = 1, **options) -> ProwlState:
    return hexbox.load("prowl", players=players, **options).new_state(seed=seed)


def table(players: int = 4, clans: list[str] | None = None, hands: list[list[str]] | None = None,
          track: tuple[str, ...] = ("spring", "summer", "autumn", "winter"), dominance: int = 0, active: int = 0,
          deck: list[str] | None = None, **options) -> ProwlState:
    """Seat ``active`` to act, with the given clan cards (ids), hands, track (top first) and Dominance holder.

    Every card not named goes to the box (or the two-player deck if ``deck`` is given)."""
    options.setdefault("first_player", 0)
    st = new(players, **options)
    for s in range(players):
        st.apply(s, st.default_action(s))
    if clans is not None or hands is not None:
        clans = clans or [c for c in _spares(hands or [], players)]
        hands = hands if hands is not None else [[] for _ in range(players)]
        used = set(clans) | {c for h in hands for c in h} | set(deck or [])
        assert len(used) == len(clans) + sum(map(len, hands)) + len(deck or []), "a card is used twice"
        st.clan_card = [card(c) for c in clans]
        st.hands = [sorted(card(c) for c in h) for h in hands]
        rest = [c.index for c in CARDS if c.id not in used and (st.game.leaders or not c.leader)]
        st.deck = [card(c) for c in deck] if deck is not None else []
        st.box = [] if deck is not None else rest
        st.deck_discards = []
    st.track = [clan(k) for k in track]
    st.dominance = dominance
    st.active = active
    st.phase = TURN
    st.actors = (active,)
    return st


def _spares(hands: list[list[str]], players: int) -> list[str]:
    held = {c for h in hands for c in h}
    return [c.id for c in CARDS if c.id not in held and not c.leader][:players]


def track_of(st: ProwlState) -> list[str]:
    return public(st)["track"]


def public(st: ProwlState) -> dict:
    """The observation's public part (the same for every viewer)."""
    return st.observe(None)["public"]


def private(st: ProwlState, seat: int) -> dict:
    """What ``seat`` alone knows."""
    return st.observe(seat)["private"]


def play(st: ProwlState, card_id: str, first: str = "strengthen", *answers) -> list:
    """Play a card and answer its prompts (actions or ids of ChoosePlayer/Clan/Card/Option, or 'skip')."""
    seat = st.active
    events = st.apply(seat, A.Play(card_id, first))
    for ans in answers:
        events += st.apply(seat, to_action(ans))
    return events


def to_action(ans) -> A.Action:
    if isinstance(ans, A.Action):
        return ans
    if isinstance(ans, int):
        return A.CHOOSE_PLAYER[ans]
    if ans == "skip":
        return A.SKIP
    if ans in CLAN_INDEX:
        return A.CHOOSE_CLAN[CLAN_INDEX[ans]]
    if ans in CARD_INDEX:
        return A.CHOOSE_CARD[CARD_INDEX[ans]]
    return A.CHOOSE_OPTION[ans]


def random_playout(st: ProwlState, seed: int = 0) -> ProwlState:
    rng = random.Random(seed)
    while not st.is_over:
        seat = st.actors[0] if len(st.actors) == 1 else rng.choice(st.actors)
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    return st


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def assert_worlds_keep_what_the_seat_knows(st: ProwlState, draw, seat: int = 0, draws: int = 50) -> None:
    """Worlds from a determinizer's ``draw`` keep the seat's own hand and clan card, every hand's size, every card
    (box, hands, clan cards), what is face up and the public denials (R31)."""
    rng = random.Random(2)

    def cards(x: ProwlState) -> Counter:
        return Counter(x.box + [c for h in x.hands for c in h] + [c for c in x.clan_card if c >= 0])

    everything = cards(st)
    for _ in range(draws):
        w = draw(rng)
        assert w.hands[seat] == st.hands[seat] and w.clan_card[seat] == st.clan_card[seat]
        assert [len(h) for h in w.hands] == [len(h) for h in st.hands]
        assert cards(w) == everything
        for p in range(st.n):
            assert w.face_up[p] == st.face_up[p]
            if st.face_up[p]:
                assert w.clan_card[p] == st.clan_card[p]
            assert not st.denied[p] >> CARD_CLAN[w.clan_card[p]] & 1  # public denials hold (R31)


def normal_game(seed: int = 3, moves: int = 8) -> ProwlState:
    """A game of normal bots some turns in (at least ``moves``): seat 0 to decide, opponents with acts on record."""
    st = new(4, seed=seed, first_player=1)
    bot = make_agent("normal", "prowl")
    rng = random.Random(seed)
    while not st.is_over and (st.turns < moves or st.active != 0):
        seat = st.actors[0] if len(st.actors) == 1 else rng.choice(st.actors)
        st.apply(seat, bot.act(View.of(st, seat), rng))
    return st
