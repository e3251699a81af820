"""The observe contract, on every registered game (docs/design.md, "The observation"): an observation is read-only
below its top level, because a game's view may hand the same nested list or dict out again; so nothing that plays
on may change one already handed out. The games' own tests check their memos; this one holds every game to the
contract, a game added tomorrow included.

A whole game of the game's normal bots at each of its conformance set-ups: every seat's and the spectator's
observation at every step is copied when handed out and read by the game's encoder and its terminal renderer, a bot
acts on its own, and a resampled world (a search's) plays on from the same position; at the end each must still
equal its copy."""

from __future__ import annotations

import copy
import random

import pytest

import hexbox  # noqa: F401  (registers the games)
from hexbox.agents import make_agent
from hexbox.core import View, conformance_setups, game_info, games, load


def readers_of(game):
    """What reads every observation besides the bots: the game's encoder and terminal renderer, where it has them."""
    info = game_info(game.name)
    make, render = info.hook("encoder"), info.hook("render")
    return [f for f in (make(game).encode if make else None, render) if f is not None]


def setups():
    # every game's conformance set-ups: a view keeps parts per table size and option
    return [(g, p, o) for g, p, o in conformance_setups() if g in games()]


@pytest.mark.parametrize(("name", "players", "options"), setups())
def test_nothing_that_plays_on_changes_an_observation_already_handed_out(name, players, options):
    game = load(name, players=players, **options)
    readers = readers_of(game)
    state = game.new_state(seed=11)
    bot, rng = make_agent("normal", name), random.Random(11)
    handed: list[tuple[dict, dict]] = []
    for step in range(400):  # Voodoo's games run longest: 400 decisions reach its late turns
        if state.is_over:
            break
        actors = state.actors
        seat = actors[0] if len(actors) == 1 else rng.choice(actors)
        for viewer in [*range(players), None]:
            obs = state.observe(viewer)
            handed.append((obs, copy.deepcopy(obs)))
            for read in readers:
                read(obs)
        view = View.of(state, seat)
        action = bot.act(view, rng)
        handed.append((view.observation, copy.deepcopy(view.observation)))  # the one the bot read
        if step % 5 == 0:  # a search's world plays on from here, with its own chance
            world = state.resample(seat, random.Random(step))
            for _ in range(5):
                if world.is_over:
                    break
                mover = world.actors[0]
                world.apply(mover, world.legal_actions(mover)[0])
            world.observe(seat)
        state.apply(seat, action)
    assert handed, "the game asked nobody anything"
    changed = [i for i, (obs, then) in enumerate(handed) if obs != then]
    assert changed == [], f"{name}: observations {changed[:5]} changed after they were handed out"
