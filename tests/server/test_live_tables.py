"""People and bots racing at live tables of every game, on a real ``hexbox serve``: no table may wait for a bot.

Bots once froze tables in ordinary play: a person's move, made while a bot of the same table was still on its way
(waiting out the bot delay, or thinking), started no new bot, and the stale bot, seeing that the table had moved,
gave up without looking again. The table then showed "Waiting for seat N" until someone reloaded the page. Every
test passed, because no test let people and bots race at a live table; these do. The people are scripted (see
tests/server/crowd.py): each at their own websocket, each answering after a random pause of up to 0.7 s with a
random legal action, so they race the bots and each other; several people sit where a game has decisions that
are taken together (Werebeasts' bidding, GROWL's nights), and Voodoo's windows have a person among bots. Each
table has a watchdog: a bot that must act and no newer push for three seconds is a stall, *late* if the push then
comes by itself, *frozen* if a minute passes and only a reload moves the table. A frozen table fails the test; a
late one is the machine's speed, not the table's defect, and is only reported (on a busy machine there are some).

Every run puts all its tables on one server at once, once with bots that answer at once and once with the bot
delay that lets people follow the game, since the two open the race at different moments: with no delay a
person overtakes only a bot that is still thinking (hence a few searching bots), with one, any bot.

The games are played to their real ends, with options that keep the longest to about a minute: Voodoo to 5
points (or 30 turns), Transylvania to its 10-round limit, after which the curse endures (R147). At the defaults,
with these people and a 0.2 s bot delay, a Transylvania game of one person and two heuristic bots took 72 s in
the median and up to 248 s (325 moves, up to 1083; twelve games played in-process with the delays added up), and
Voodoo to 11 points 62 s and up to 90 s: a run of them would take four minutes. The long runs are
benchmarks/live_tables.py's.
"""

from __future__ import annotations

import asyncio

import pytest

from .crowd import Setup, Tally, play, warm_up
from .live import Live

VOODOO = {"target_score": 5, "max_turns": 30}
TRANSYLVANIA = {"max_rounds": 10}

#: the tables of a run, all played at once; a new scenario is one more entry (and, for a new kind of person, one
#: more coroutine in crowd.PEOPLE)
P, W, RANDOM, HEURISTIC = "person", "walker", "random", "heuristic"
CLOCK = {"clock_seconds": 1, "bank_seconds": 1}
# a bot that searches for 10-100 ms a move: with no bot delay, the time in which a person's move overtakes it
THINKER = "ismcts:iters=30"
TABLES = (
    Setup("werebeasts", (P, P, RANDOM, HEURISTIC)),
    Setup("werebeasts", (P, P, P, HEURISTIC, RANDOM), copies=2),
    Setup("werebeasts", (HEURISTIC, P, RANDOM)),
    Setup("werebeasts", (RANDOM, P, HEURISTIC, P, P, HEURISTIC)),
    Setup("werebeasts", (P, THINKER, P, HEURISTIC), copies=2),
    Setup("prowl", (P, RANDOM, HEURISTIC)),
    Setup("prowl", (P, P, HEURISTIC, RANDOM)),
    Setup("prowl", (RANDOM, P, HEURISTIC, P, RANDOM)),
    Setup("prowl", (P, HEURISTIC)),
    Setup("prowl", (THINKER, P, P)),
    Setup("growl", (P, P, RANDOM, HEURISTIC, HEURISTIC)),
    Setup("growl", (P, P, P, RANDOM, HEURISTIC, HEURISTIC), copies=2),
    Setup("growl", (HEURISTIC, P, RANDOM, P)),
    Setup("growl", (P, HEURISTIC, P, RANDOM, P, HEURISTIC, RANDOM)),
    Setup("growl", (P, THINKER, P, HEURISTIC, P), copies=2),
    # a random bot would mostly emote in Voodoo (see crowd.pick): heuristic and searching bots only
    Setup("voodoo", (P, HEURISTIC, HEURISTIC), VOODOO),
    Setup("voodoo", (HEURISTIC, P, HEURISTIC, HEURISTIC), VOODOO, copies=2),
    Setup("voodoo", (HEURISTIC, HEURISTIC, P), VOODOO),
    Setup("voodoo", (P, THINKER, HEURISTIC), VOODOO),
    Setup("transylvania", (P, RANDOM, HEURISTIC), TRANSYLVANIA),
    Setup("transylvania", (P, P, RANDOM), TRANSYLVANIA),
    Setup("transylvania", (RANDOM, P, HEURISTIC), TRANSYLVANIA),
    # a person who walks away with the page open: their turn clock and bank run out (1 s each here), and the
    # stand-in plays each of their turns; in Werebeasts' bidding the rulebook's own clock does (R39). (Voodoo times
    # every decision by its own clock, at least 10 s each: a walker there would make the run twice as long.)
    Setup("werebeasts", (W, P, HEURISTIC), {**CLOCK, "bid_window_seconds": 1}),
    Setup("prowl", (W, HEURISTIC, P), CLOCK),
    Setup("growl", (P, W, RANDOM, HEURISTIC), CLOCK),
)
#: played only where bots answer at once: the stand-in walks a Transylvania turn step by step, and with the bot
#: delay a walker's game takes two minutes
UNPACED = (Setup("transylvania", (W, RANDOM, HEURISTIC), {**TRANSYLVANIA, **CLOCK}),)

#: a bound on "never" per table, not a speed: the longest took about a minute on an idle machine, and a table
#: that stops moving is caught as frozen long before this
LIMIT = 900.0


async def _play_all(server: Live, setups: tuple[Setup, ...]) -> Tally:
    await warm_up(server, setups)
    tally = Tally()
    tables = [setup for setup in setups for _ in range(setup.copies)]
    await asyncio.gather(*(play(server, setup, seed, tally, limit=LIMIT) for seed, setup in enumerate(tables)))
    return tally


@pytest.mark.parametrize("bot_delay", [0.0, 0.2])
def test_no_table_waits_for_a_bot_while_people_race_the_bots(tmp_path, bot_delay):
    server = Live(f"sqlite:///{tmp_path / 'live.db'}", tmp_path / "server.log", workers=1,
                  bot_delay=bot_delay).start()
    setups = TABLES + (UNPACED if bot_delay == 0 else ())
    try:
        tally = asyncio.run(_play_all(server, setups))
    finally:
        server.stop()
    line = tally.line(f"bot delay {bot_delay:g} s")
    print(line)
    assert not tally.frozen, f"{line}\n" + "\n".join(map(str, tally.frozen))
    assert not tally.unfinished, tally.unfinished
    assert tally.ended == sum(setup.copies for setup in setups), line
    assert not tally.refused, tally.refused  # a move chosen from the legal actions of the seq sent is never refused
    # the people did race: moves of theirs were made, and some lost to a bot or another person
    assert tally.latencies and tally.races > 0, line
