"""People and bots racing at live tables of every game, on a real ``hexbox serve``: no table may wait for a bot.

Bots once froze tables in ordinary play: a person's move, made while a bot of the same table was still on its way
(waiting out the bot delay, or thinking), started no new bot, and the stale bot, seeing that the table had moved,
gave up without looking again. The table then showed "Waiting for seat N" until someone reloaded the page. Every
test passed, because no test let people and bots race at a live table; these do. The people are scripted (see
tests/server/crowd.py): each at their own websocket, each answering after a random pause of up to 0.7 s with a
random legal action, so they race the bots and each other; several people sit where a game has decisions that
are taken together (Werebeasts' bidding, GROWL's nights, Voodoo's windows). Each table has a watchdog: a bot
that must act and no newer push for three seconds is a stall.

Every run puts all its tables on one server at once, once with bots that answer at once and once with the bot
delay that lets people follow the game, since the two open the race at different moments.

The games are played to their real ends, with options that keep them to about a minute of a scripted person's
play where a full game takes longer: Voodoo to 5 points (or 30 turns), Transylvania to its 10-round limit, after
which the curse endures (R147). Played at the defaults with a 0.2 s bot delay, Transylvania took 72 s in the
median and up to 4 minutes (simulated), and Voodoo to 11 points several minutes: too long for CI. The long runs
are benchmarks/live_tables.py's.
"""

from __future__ import annotations

import asyncio

import pytest

from .crowd import Setup, Tally, play
from .live import Live

VOODOO = {"target_score": 5, "max_turns": 30}
TRANSYLVANIA = {"max_rounds": 10}

#: the tables of a run, all played at once; a new scenario is one more entry (and, for a new kind of person, one
#: more coroutine in crowd.PEOPLE)
TABLES = (
    Setup("werebeasts", ("person", "person", "random", "heuristic")),
    Setup("werebeasts", ("person", "person", "person", "heuristic", "random")),
    Setup("werebeasts", ("heuristic", "person", "random")),
    Setup("prowl", ("person", "random", "heuristic")),
    Setup("prowl", ("person", "person", "heuristic", "random")),
    Setup("growl", ("person", "person", "random", "heuristic", "heuristic")),
    Setup("growl", ("person", "person", "person", "random", "heuristic", "heuristic")),
    Setup("voodoo", ("person", "heuristic", "heuristic"), VOODOO),
    Setup("voodoo", ("heuristic", "person", "heuristic", "heuristic"), VOODOO),
    Setup("transylvania", ("person", "random", "heuristic"), TRANSYLVANIA),
    Setup("transylvania", ("person", "person", "random"), TRANSYLVANIA),
)

#: a failure bound per table: the longest here took about a minute
LIMIT = 150.0


async def _play_all(server: Live) -> Tally:
    tally = Tally()
    await asyncio.gather(*(play(server, setup, seed, tally, limit=LIMIT) for seed, setup in enumerate(TABLES)))
    return tally


@pytest.mark.parametrize("bot_delay", [0.0, 0.2])
def test_no_table_waits_for_a_bot_while_people_race_the_bots(tmp_path, bot_delay):
    server = Live(f"sqlite:///{tmp_path / 'live.db'}", tmp_path / "server.log", workers=1,
                  bot_delay=bot_delay).start()
    try:
        tally = asyncio.run(_play_all(server))
    finally:
        server.stop()
    line = tally.line(f"bot delay {bot_delay:g} s")
    print(line)
    assert not tally.stalls, f"{line}\n" + "\n".join(map(str, tally.stalls))
    assert not tally.unfinished, tally.unfinished
    assert tally.ended == len(TABLES), line
    assert sorted(tally.games) == sorted({t.game for t in TABLES})
    assert not tally.refused, tally.refused  # a move chosen from the legal actions of the seq sent is never refused
    # the people did race: moves of theirs were made, and some lost to a bot or another person
    assert tally.latencies and tally.races > 0, line
