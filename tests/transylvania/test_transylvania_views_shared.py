"""An observation's nested parts may be shared between observations and with the state, read-only (views.py):
a clone or a resampled world that plays on changes nothing an observation of the original already holds, and the
parts kept are those made again (that bots and the encoder leave them alone is tests/test_observation_sharing.py's).

Each observation is deep-copied when it is handed out and compared with its copy at the end of the game: a bot, the
encoder or the state that wrote into a shared list or dict (a board listing kept on the board, a token's entry, the
bag) would show here, in an observation of some earlier move.
"""

import copy
import random

from hexbox.agents import make_agent
from hexbox.core import View, conformance_setups, load


def setups():
    return [(p, o) for g, p, o in conformance_setups() if g == "transylvania"]


def test_clones_and_resamples_that_play_on_leave_the_originals_observations_alone():
    players, options = setups()[0]
    state = load("transylvania", players=players, **options).new_state(seed=7)
    bot, rng = make_agent("normal", "transylvania"), random.Random(7)
    tiles_laid = 0
    for _ in range(400):
        if state.is_over:
            break
        seat = state.actors[0]
        before = [state.observe(s) for s in range(players)]
        kept = copy.deepcopy(before)
        # a clone and a resampled world each play on a few moves (laying tiles, taking tokens, drawing cards)
        for world in (state.clone(), state.resample(seat, random.Random(len(kept)))):
            wrng = random.Random(3)
            for _ in range(6):
                if world.is_over:
                    break
                actor = world.actors[0]
                world.apply(actor, bot.act(View.of(world, actor), wrng))
        assert before == kept
        assert [state.observe(s) for s in range(players)] == kept  # the original itself did not move either
        placed = len(state.board.placed)
        state.apply(seat, bot.act(View.of(state, seat), rng))
        tiles_laid += len(state.board.placed) > placed
        assert before == kept  # nor does the original's own next move change what it handed out
    assert tiles_laid >= 2


def test_the_board_and_decks_kept_are_those_made_again():
    """views.board_view and views.decks_view hand out the parts last made while the state's fields are unchanged:
    each observation equals one made with nothing kept, in a game played alone (the parts kept from its move before)
    and in two games observed in turn (each evicting the other's)."""
    from hexbox.games.transylvania import views

    compared = 0
    for count in (1, 2):
        games = []
        for seed, (players, options) in enumerate(setups()[:count]):
            state = load("transylvania", players=players, **options).new_state(seed=seed)
            games.append((state, make_agent("normal", "transylvania"), random.Random(seed)))
        while any(not state.is_over for state, _, _ in games):
            for state, bot, rng in games:
                if state.is_over:
                    continue
                seat = state.actors[0]
                kept = state.observe(seat)
                views._BOARD = views._DECKS = (None, {})
                assert kept == state.observe(seat)
                compared += 1
                state.apply(seat, bot.act(View.of(state, seat), rng))
    assert compared > 500


def test_the_board_and_decks_follow_each_field_changed_in_place():
    """Each field the kept board and decks are made from, changed in place one after another (as the rules do),
    gives the observation one made with nothing kept: none of them is left out of what is compared."""
    from hexbox.games.transylvania import views

    players, options = setups()[0]
    state = load("transylvania", players=players, **options).new_state(seed=5)
    bot, rng = make_agent("normal", "transylvania"), random.Random(5)
    for _ in range(60):
        seat = state.actors[0]
        state.apply(seat, bot.act(View.of(state, seat), rng))
    assert not state.is_over
    st = state
    space = st.board.slots()[0]
    token = next(x for x in st.board.slots() if x not in st.tokens)
    changes = [
        lambda: st.locks.add(space),
        lambda: st.tokens.__setitem__(token, 0),
        lambda: st.faceup.add(token),
        lambda: setattr(st, "mirrors", (space, token)),
        lambda: st.corpses.append([space, [st.deck[0]]]),
        lambda: st.corpses[-1][1].append(st.deck[1]),
        lambda: st.minions.__setitem__(0, space),
        lambda: st.deck.pop(),
        lambda: setattr(st, "deck_public", 2),
        lambda: st.deck.__setitem__(-1, st.deck[0]),
        lambda: st.events.pop(),
        lambda: st.tiles.pop(),
        lambda: st.token_stack.pop(),
        lambda: st.token_bag.append(st.token_stack[0]),
        lambda: st.discards.append(st.deck[2]),
        lambda: st.event_discards.append(st.events[0]),
    ]
    seat = st.actors[0]
    for change in changes:
        before = st.observe(seat)
        change()
        kept = st.observe(seat)
        views._BOARD = views._DECKS = (None, {})
        made = st.observe(seat)
        assert kept == made
        assert kept != before
