"""The bot scheduler (hexbox/server/bots.py), with real worker processes: caps refused and enforced, light bots
never behind a search, tables taking turns, dead and hung workers replaced."""

from __future__ import annotations

import asyncio
import math
import os
import signal
import time
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from hexbox.agents.worker import agent_for
from hexbox.core import ConfigError, State, load
from hexbox.server import bots as bots_module
from hexbox.server.bots import STAND_IN, BotScheduler, Caps, WorkerLost, check_spec, level, seed_for
from hexbox.server.errors import Invalid, Unavailable

from ..waiting import NEVER

CAPS = Caps()


def prowl(seed: int = 1) -> State:
    """A position where a search runs its whole budget (six moves; about 1,600 iterations a second)."""
    return load("prowl", players=4).new_state(seed=seed)


def run(test: Callable[[BotScheduler], Awaitable[Any]], workers: int = 1, caps: Caps = CAPS, **options: Any) -> Any:
    async def main() -> Any:
        bots = BotScheduler(workers, caps, **options)
        await bots.start()
        try:
            return await asyncio.wait_for(test(bots), NEVER)
        finally:
            await bots.close()

    return asyncio.run(main())


async def until(condition: Callable[[], bool], within: float = NEVER) -> None:
    """Wait for ``condition`` (the timeout is a bound on "never", not a synchronisation)."""
    end = time.monotonic() + within
    while not condition():
        assert time.monotonic() < end, "condition not reached in time"
        await asyncio.sleep(0.005)


def pid_of(bots: BotScheduler, lane: str) -> int:
    slot = getattr(bots, f"_{lane}").slots[0]
    return slot.pid


class Poison:
    """A 'state' whose unpickling ends the process that reads it: a decision that kills its worker every time."""

    def __reduce__(self):
        return os._exit, (70,)


class Sleeper:
    """A 'state' whose unpickling never ends: a decision that hangs (an hour, past any bound of a test)."""

    def __reduce__(self):
        return time.sleep, (3600,)


# ---- caps: refused with a reason ------------------------------------------------------------------------------


@pytest.mark.parametrize(("spec", "reason"), [
    ("ismcts:iters=1000000", "bot 'ismcts:iters=1000000': at most 20000 iterations on this server"),
    ("ismcts:rollout=100000000", "bot 'ismcts:rollout=100000000': rollouts of at most 300 actions on this server"),
    ("ismcts:seconds=1000", "bot 'ismcts:seconds=1000': at most 5 s of thinking per move on this server"),
    ("ismcts:calls=20001", "bot 'ismcts:calls=20001': at most 20000 calls on this server"),
    ("ismcts:iters=200+seconds=nan", "at most 5 s of thinking"),
    ("ismcts:seconds=inf", "at most 5 s of thinking"),
    ("ismcts:seconds=0", "seconds must be positive"),
    ("ismcts:iters", "parameters are key=value"),
    ("ismcts:iters=many", "iters expects an integer"),
    ("ismcts:depth=3", "ismcts has no parameter 'depth'"),
    ("heuristic:fast=1", "takes no parameters"),
    ("genius", "unknown agent 'genius'"),
    (42, "a bot is an agent spec such as 'heuristic'"),
    (None, "not NoneType"),
    ("random" + " " * 115, "at most 120 characters, not 121"),
])
def test_check_spec_refuses_with_a_reason(spec, reason):
    with pytest.raises(Invalid) as refused:
        check_spec(spec, "prowl", CAPS)
    assert reason in refused.value.detail


def test_check_spec_normalises_what_it_accepts():
    assert check_spec(" ISMCTS: Iters=200 ; c=0.7 ", "prowl", CAPS) == "ismcts:iters=200+c=0.7"
    assert check_spec("ismcts:iters=20000+calls=20000+seconds=5+rollout=300", "prowl", CAPS) == \
        "ismcts:iters=20000+calls=20000+seconds=5+rollout=300"
    assert check_spec("Heuristic", "voodoo", CAPS) == "heuristic"
    assert check_spec(STAND_IN, "werebeasts", CAPS) == "heuristic"
    with pytest.raises(Invalid, match="at most 1 s"):
        check_spec("ismcts:seconds=2", "prowl", Caps(seconds=1))
    with pytest.raises(Invalid, match="unknown game"):
        check_spec("random", "chess", CAPS)


def test_level_and_seed():
    assert [level(s) for s in ("random", "heuristic", " Heuristic", "ismcts", "ismcts:seconds=2")] == \
        ["easy", "normal", "normal", "hard", "hard"]
    assert seed_for(7, 3, 1) == seed_for(7, 3, 1) != seed_for(7, 4, 1)


def test_a_worker_builds_every_search_within_the_caps():
    limits = Caps(seconds=1, iterations=50, rollout=10).limits
    agent = agent_for("ismcts:iters=1000000+calls=999999+seconds=1000+rollout=100000000", "prowl", limits)
    assert (agent.iters, agent.calls, agent.seconds, agent.rollout) == (50, 50, 1, 10)
    nan = agent_for("ismcts:seconds=nan", "prowl", limits)
    assert (nan.iters, nan.calls, nan.seconds) == (50, None, 1)
    short = agent_for("ismcts:seconds=0.5+iters=20", "growl", limits)
    assert (short.iters, short.seconds, short.rollout) == (20, 0.5, 3)  # GROWL's own rollout of 3 is under 10
    assert not math.isnan(nan.seconds)


# ---- caps: enforced at run time, in the worker ------------------------------------------------------------------


def test_a_spec_past_the_check_stops_within_the_caps():
    caps = Caps(seconds=1.0)
    state = prowl()

    async def test(bots: BotScheduler) -> None:
        start = time.monotonic()
        spec = "ismcts:iters=1000000+seconds=1000+rollout=100000000"  # check_spec would refuse it
        action = await bots.choose("t", state, state.actors[0], spec, 1)
        took = time.monotonic() - start
        assert state.game.parse_action(action) in state.legal_actions(state.actors[0])
        # the cap's clock stopped it: not before its second, and long before the million iterations asked for
        # (20,000 take 12 s here, so a million would take ten minutes; NEVER is two)
        assert caps.seconds <= took < NEVER
        with pytest.raises(ConfigError, match="no parameter 'depth'"):  # the agent's own error, through the pipe
            await bots.choose("t", state, state.actors[0], "ismcts:depth=3", 1)
        assert bots.health()["restarts"] == 0

    run(test, caps=caps)


# ---- fairness ---------------------------------------------------------------------------------------------------


def test_light_bots_never_wait_behind_a_search():
    state = prowl()
    # a search that runs for as long as a test may last: the light bots' twenty moves either pass it, or wait
    # behind it for ever (the order is the assertion, not a speed)
    endless = Caps(seconds=NEVER)

    async def test(bots: BotScheduler) -> None:
        spec = f"ismcts:seconds={NEVER:g}"
        search = asyncio.create_task(bots.choose("a", state, state.actors[0], spec, 1))
        queued = [asyncio.create_task(bots.choose("c", state, state.actors[0], spec, i)) for i in range(2)]
        await until(lambda: bots.health()["running"] == 1 and bots.health()["queued"] == 2)
        game = load("werebeasts", players=5).new_state(seed=5)
        for move in range(20):
            seat = game.actors[0]
            action = await bots.choose("b", game, seat, "heuristic", move)
            game.apply(seat, game.game.parse_action(action))
        assert not search.done()  # all of that while the search ran, with two more waiting
        assert bots.health()["running"] == 1 and bots.health()["queued"] == 2
        for task in (search, *queued):
            task.cancel()  # closing the scheduler ends the worker in the middle of the search
        await asyncio.gather(search, *queued, return_exceptions=True)

    run(test, caps=endless)


def test_tables_take_turns():
    state = prowl()
    done: list[str] = []

    async def one(bots: BotScheduler, table: str, seed: int) -> None:
        await bots.choose(table, state, state.actors[0], "ismcts:iters=30", seed)
        done.append(table)

    async def test(bots: BotScheduler) -> None:
        # a asks for three searches, then b for three, then c for two, all at once: one worker takes them in turns
        await asyncio.gather(*(one(bots, table, i) for table, n in (("a", 3), ("b", 3), ("c", 2)) for i in range(n)))

    run(test)
    assert done == ["a", "b", "c", "a", "b", "c", "a", "b"]


def test_a_clients_many_tables_take_one_share_so_another_clients_bot_waits_for_one_decision_at_most():
    state = prowl()
    done: list[str] = []

    async def one(bots: BotScheduler, table: str, owner: str, seed: int) -> None:
        await bots.choose(table, state, state.actors[0], "ismcts:iters=30", seed, owner=owner)
        done.append(table)

    async def test(bots: BotScheduler) -> None:
        # one client's three tables of searching bots ask for two decisions each, then another client's table
        # asks for two: the other client takes every second turn, not every fourth
        await asyncio.gather(*(one(bots, table, "many", i) for table in "abc" for i in range(2)),
                             *(one(bots, "z", "other", i) for i in range(2)))

    run(test)
    assert done.index("z") <= 1 and done.index("z", done.index("z") + 1) - done.index("z") <= 2, done


def test_the_fair_queue_does_not_let_a_table_bank_turns():
    loop = asyncio.new_event_loop()
    queue = bots_module._FairQueue()

    def push(table: str, n: int) -> None:
        for _ in range(n):
            queue.push(bots_module._Job(table, b"", "ismcts", False, loop.create_future()))

    push("a", 4)
    push("b", 3)
    order = [queue.pop().table for _ in range(4)]
    # c waited for nothing in the first two rounds: it joins the round under way, with no turns in hand
    push("c", 2)
    order += [queue.pop().table for _ in range(5)]
    assert order == ["a", "b", "a", "b", "c", "a", "b", "c", "a"]
    assert queue.pop() is None
    loop.close()


# ---- dead workers -------------------------------------------------------------------------------------------------


def test_a_worker_killed_in_a_search_is_replaced_and_the_decision_tried_again():
    state = prowl()

    async def test(bots: BotScheduler) -> None:
        search = asyncio.create_task(bots.choose("a", state, state.actors[0], "ismcts:seconds=1", 1))
        await until(lambda: bots.health()["running"] == 1)
        victim = pid_of(bots, "search")
        await asyncio.sleep(0.3)  # not a synchronisation: so that the kill lands in the search, not before it
        os.kill(victim, signal.SIGKILL)
        action = await search
        assert state.game.parse_action(action) in state.legal_actions(state.actors[0])
        health = bots.health()
        assert health["restarts"] == 1 and health["ok"] and health["alive"] == health["workers"] == 2
        assert pid_of(bots, "search") != victim
        await bots.choose("a", state, state.actors[0], "ismcts:iters=20", 2)
        await bots.choose("b", state, state.actors[0], "heuristic", 3)

    run(test)


def test_a_worker_that_dies_idle_is_replaced_by_the_supervisor():
    state = prowl()

    async def test(bots: BotScheduler) -> None:
        victim = pid_of(bots, "light")
        os.kill(victim, signal.SIGKILL)
        end = time.monotonic() + NEVER
        while bots.health()["ok"]:  # blocking on purpose: the supervisor cannot replace it before we look
            assert time.monotonic() < end
            time.sleep(0.001)
        assert bots.health()["alive"] == 1  # truthful at once, before the supervisor's round
        await until(lambda: bots.health()["ok"])  # replaced with no decision asked of it
        assert bots.health()["restarts"] == 1 and pid_of(bots, "light") != victim
        await bots.choose("b", state, state.actors[0], "heuristic", 3)

    run(test)


def test_a_decision_that_kills_its_worker_every_time_fails_clearly():
    state = prowl()

    async def test(bots: BotScheduler) -> None:
        with pytest.raises(WorkerLost, match="its worker died 3 times on this decision") as lost:
            await bots.choose("a", Poison(), 0, "ismcts:iters=20", 1)  # type: ignore[arg-type]
        assert isinstance(lost.value, Unavailable)
        health = bots.health()
        assert health["restarts"] == 3 and health["ok"] and health["queued"] == health["running"] == 0
        await bots.choose("a", state, state.actors[0], "ismcts:iters=20", 2)  # the table carries on

    run(test)


def test_a_hung_decision_is_stopped_and_not_tried_again():
    state = prowl()

    async def test(bots: BotScheduler) -> None:
        start = time.monotonic()
        with pytest.raises(WorkerLost, match="no decision after 1 s"):
            await bots.choose("a", Sleeper(), 0, "heuristic", 1)  # type: ignore[arg-type]
        assert time.monotonic() - start < NEVER  # stopped, not waited out (the sleeper sleeps an hour)
        assert bots.health()["restarts"] == 1
        # the table carries on, on the replacement worker; its first decision imports the game, which on a busy
        # machine takes longer than the test's one-second "hang", so the bound goes back to a real one
        bots.hang_after = NEVER
        await bots.choose("a", state, state.actors[0], "heuristic", 2)
        assert bots.health()["restarts"] == 1

    run(test, hang_after=1.0)


# ---- workers=0, and the scheduler's life ----------------------------------------------------------------------------


def test_with_no_workers_one_thread_runs_everything_light_bots_first():
    state = prowl()
    done: list[str] = []

    async def one(bots: BotScheduler, table: str, spec: str) -> None:
        await bots.choose(table, state, state.actors[0], spec, 1)
        done.append(table)

    async def test(bots: BotScheduler) -> None:
        assert bots.health() == {"ok": True, "workers": 0, "alive": 0, "restarts": 0, "queued": 0, "running": 0}
        first = asyncio.create_task(one(bots, "a", "ismcts:seconds=0.5"))
        gone = asyncio.create_task(one(bots, "x", "ismcts:iters=30"))
        rest = [asyncio.create_task(one(bots, table, spec))
                for table, spec in (("b", "ismcts:iters=30"), ("b", "ismcts:iters=30"), ("c", "heuristic"))]
        await until(lambda: bots.health()["queued"] == 4)  # a runs; x, b, b and c wait
        gone.cancel()  # x's caller stops waiting: its decision leaves the queue
        await until(lambda: bots.health()["queued"] == 3)
        await asyncio.gather(first, *rest)
        assert gone.cancelled()

    run(test, workers=0)
    assert done == ["a", "c", "b", "b"]


def test_life_of_a_scheduler():
    async def main() -> None:
        bots = BotScheduler(1, CAPS)
        assert bots.health()["ok"] is False and bots.health()["workers"] == 2
        with pytest.raises(Unavailable):
            await bots.choose("a", prowl(), 0, "random", 1)
        await bots.start()
        assert bots.health()["ok"] is True
        await bots.close()
        assert bots.health()["ok"] is False and bots.health()["alive"] == 0
        with pytest.raises(Unavailable):
            await bots.choose("a", prowl(), 0, "random", 1)

    asyncio.run(main())
