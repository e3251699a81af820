"""The bots walk like a person (R2, R3, R66): no walk back and forth that ends where it began with nothing gained.

The case: a `hard` bot holding the Knowledge set but qualifying for a Monster walked Church -> Asylum -> Church ->
Asylum and ended its turn there: the curse check runs after every action (R3), so on the Church with the set and
the game still on, it qualifies (R2, R66), and no walk off the Church and back can win.
"""

import random

import pytest
from transylvania_helpers import SLOT, act, bare, give, graveyard_table, lay_tile, move, put

from hexbox.agents import make_agent
from hexbox.core import View
from hexbox.games.transylvania import heuristic as H


def qualifying_on_the_church():
    """Seat 0, on its first turn, steps onto the Church holding a winning set and a Werewolf recipe."""
    s = bare(4)
    lay_tile(s, "graveyard", 0, -1, 0)
    give(
        s,
        0,
        "zk_field_notes#0",
        "vk_treatise#0",
        "wk_bestiary#0",
        "gk_occult#0",
        "gk_occult#1",
        "t_werewolf#0",
        "t_werewolf#1",
    )
    put(s, 0, "graveyard.k")
    act(s, 0, move("church.n"))
    assert not s.is_over and s.qualifies(0)  # R2, R66: no win while it qualifies
    return s


def test_R3_R66_the_advice_walks_no_step_when_on_the_church_with_the_set():
    s = qualifying_on_the_church()
    legal = s.legal_actions(0)
    assert any(a.kind == "move" for a in legal)
    assert not any(a.kind == "move" for a in H.search_actions(s, 0, legal))


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_R3_R66_a_qualifying_bot_on_the_church_does_not_walk_off_and_back(level):
    for seed in range(2):
        s = qualifying_on_the_church()
        agent, rng = make_agent(level, "transylvania"), random.Random(seed)
        walk = [s.pos[0]]
        while not s.is_over and s.active == 0 and s.phase == "exploration":
            seat = s.actors[0]
            if seat != 0:  # another seat's window: its default
                s.apply(seat, s.default_action(seat))
                continue
            action = agent.act(View.of(s, 0), rng)
            s.apply(0, action)
            if action.kind == "move":
                walk.append(s.pos[0])
        assert len(walk) == len(set(walk)), [k for k, v in SLOT.items() if v in walk]


def walks_back(level: str, seed: int, start: str) -> list[str]:
    """Seat 0's turn from ``start`` by a ``level`` bot: the spaces it steps back onto within a run of steps that
    nothing befell (no other action of its own, Health, hand, examined cards, tokens and corpses as they were)."""
    s = graveyard_table()
    put(s, 0, start)
    agent, rng = make_agent(level, "transylvania"), random.Random(seed)
    walk, back = [s.pos[0]], []
    while not s.is_over and s.active == 0 and s.phase == "exploration":
        seat = s.actors[0]
        if seat != 0:  # another seat's window: its default
            s.apply(seat, s.default_action(seat))
            continue
        news = (s.health[0], len(s.hand[0]), len(s.row[0]), repr(s.tokens), repr(s.corpses))
        action = agent.act(View.of(s, 0), rng)
        act(s, 0, action)
        if action.kind != "move" or news != (
            s.health[0],
            len(s.hand[0]),
            len(s.row[0]),
            repr(s.tokens),
            repr(s.corpses),
        ):
            walk = [s.pos[0]]
        elif s.pos[0] in walk:
            back.append(next(k for k, v in SLOT.items() if v == s.pos[0]))
        else:
            walk.append(s.pos[0])
    return back


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_bot_standing_on_a_token_does_not_step_off_and_back(level):
    # the case (benchmarks/odd_moves.py, seed 1): an easy bot walked onto a face-down token, then stepped off it and
    # back, twice: two moves in three are random among the advice's, which counts every step from a token as one
    # toward a token (that very one), while the bot's own walk goes elsewhere
    assert [seed for seed in range(40) if walks_back(level, seed, "graveyard.l")] == []


def found(state, seat):
    """What the normal bot's Context finds for ``seat``'s decision: its token targets, the Knowledge it needs and
    the gates its walks may not pass."""
    view = View.of(state, seat)
    obs = view.observation
    ctx = H.Context(seat, obs["public"], obs["private"], view.legal_actions)
    return ctx.token_targets(), ctx.knowledge_need(), ctx.gates()


def test_the_targets_knowledge_and_gates_kept_between_decisions_are_those_found_again():
    """Context.token_targets, knowledge_need and gates hand out what they found last while what it follows from
    is unchanged: at every decision of whole games (one alone, then two played in turn, each evicting the other's),
    what they give equals what they give with nothing kept."""
    from hexbox.core import conformance_setups, load

    setups = [(p, o) for g, p, o in conformance_setups() if g == "transylvania"][:3]
    games = []
    for seed, (players, options) in enumerate(setups):
        state = load("transylvania", players=players, **options).new_state(seed=seed)
        games.append((state, make_agent("normal", "transylvania"), random.Random(seed)))
    compared = gated = 0
    for played in (games[:1], games[1:]):
        while any(not state.is_over for state, _, _ in played):
            for state, bot, rng in played:
                if state.is_over:
                    continue
                seat = state.actors[0]
                kept = found(state, seat)
                H._TARGETS, H._NEED, H._GATES = (None, frozenset()), (None, None, 0), (None, frozenset())
                assert kept == found(state, seat)
                compared += 1
                gated += bool(kept[2])
                state.apply(seat, bot.act(View.of(state, seat), rng))
    assert compared > 500 and gated > 20, (compared, gated)
