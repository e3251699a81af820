"""`hexbox play` as a person meets it: driven through a pseudo-terminal (pexpect) to the end of a game in every
game, and the table's parts (choosing in steps, the log since the last move, the end line) on their own."""

from __future__ import annotations

import io
import json
import os
import random
import re
import signal
import sys

import pexpect
import pytest
from rich.console import Console

import hexbox
from hexbox.agents import levels
from hexbox.core import Record
from hexbox.core.choices import SHORT, Item, amounts, group
from hexbox.terminal import Stop, TerminalTable, end_line

from .session import HEXBOX, env
from .waiting import NEVER

PROMPT = r"your choice[^[]*\["  # a list, or "— type the cans [" for an amount


TERMINAL = {"COLUMNS": "100", "TERM": "xterm", "PATH": "/usr/bin:/bin", "PAGER": "cat",
            # the tree under test, where it is put first on the path (a worktree beside an editable install)
            **({"PYTHONPATH": os.environ["PYTHONPATH"]} if os.environ.get("PYTHONPATH") else {})}


@pytest.fixture(autouse=True)
def _in_a_scratch_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a game stopped without --record is kept in the current folder


def _interruptible() -> None:
    # a run started in the background by a shell without job control ignores SIGINT, and so would the child:
    # Ctrl-C must reach it as it reaches a program started at a terminal
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def spawn(*args: str, timeout: float = NEVER) -> pexpect.spawn:
    child = pexpect.spawn(HEXBOX[0], [*HEXBOX[1:], *args], encoding="utf-8", timeout=timeout,  # the session's games
                          dimensions=(40, 100), env=env(TERMINAL), cwd=os.getcwd(), preexec_fn=_interruptible)
    child.logfile_read = io.StringIO()
    return child


def finish(child: pexpect.spawn) -> tuple[str, int]:
    child.expect(pexpect.EOF)
    child.close()
    return _plain(child.logfile_read.getvalue()), child.exitstatus


def _plain(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text).replace("\r", "")


def play_to_the_end(child: pexpect.spawn, answers=("", "", "1")) -> int:
    """Answer every prompt (mostly Enter, the default) until the game ends; the number of prompts answered."""
    n = 0
    while child.expect([PROMPT, pexpect.EOF]) == 0:
        child.sendline(answers[n % len(answers)])
        n += 1
    return n


GAMES = [
    ("werebeasts", 4, []),
    ("prowl", 3, []),
    ("growl", 4, []),
    ("voodoo", 3, ["-o", "target_score=5"]),
    ("transylvania", 3, ["-o", "max_rounds=10"]),
]


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g for g, _, _ in GAMES])
def test_every_game_is_played_to_its_end_at_a_terminal(game, players, options, tmp_path):
    record = tmp_path / "game.json"
    child = spawn("play", game, "--players", str(players), "--seed", "3", "--record", str(record), *options)
    prompts = play_to_the_end(child)
    out, status = finish(child)
    assert status == 0, out[-2000:]
    assert prompts > 0
    assert "Since your last move:" in out
    assert re.search(r"You (won!|lost\.) (Seat|Seats|Nobody)", out), out[-1500:]
    rec = Record.loads(record.read_text())
    assert hexbox.replay(rec).is_over, "the record written at the end replays to the same finished game"


def test_the_log_tells_who_won_an_auction_and_the_accusation_that_ended_the_game(tmp_path):
    child = spawn("play", "werebeasts", "--players", "4", "--seed", "5")
    play_to_the_end(child, answers=("", "1", ""))
    out, status = finish(child)
    assert status == 0
    assert re.search(r"(accepts|accept) (your|seat \d's) bid|No bid stands", out), "who got a card is told"
    ending = out.split("How it ended:")[-1].split("the end")[0]
    assert "accuses" in ending or "accuse" in ending or "eliminated" in ending or "sells" in ending, ending


def test_ctrl_c_keeps_the_record_and_resume_plays_the_game_on_to_its_end(tmp_path):
    record = tmp_path / "stopped.json"
    child = spawn("play", "prowl", "--players", "3", "--seed", "8", "--record", str(record))
    for _ in range(3):
        child.expect(PROMPT)
        child.sendline("1")
    child.expect(PROMPT)
    child.sendintr()
    out, status = finish(child)
    assert status == 130
    assert "interrupted after" in out and f"hexbox play --resume {record}" in out.replace("\n", "")
    before = Record.loads(record.read_text())
    assert len(before.actions) >= 3 and not hexbox.replay(before).is_over

    again = spawn("play", "--resume", str(record))
    again.expect("resumed after")
    play_to_the_end(again)
    out, status = finish(again)
    assert status == 0, out[-1500:]
    after = Record.loads(record.read_text())
    assert after.actions[:len(before.actions)] == before.actions and hexbox.replay(after).is_over


@pytest.mark.parametrize("how", ["ctrl-d", "q"])
def test_ctrl_d_or_q_stops_and_saves(how, tmp_path):
    record = tmp_path / "game.json"
    child = spawn("play", "werebeasts", "--seed", "2", "--record", str(record))
    child.expect(PROMPT)
    if how == "q":
        child.sendline("q")
    else:
        child.sendeof()
    out, status = finish(child)
    assert status == 130 and "stopped after" in out
    assert Record.loads(record.read_text()).seed == 2


def test_a_finished_game_cannot_be_resumed_and_an_unknown_game_is_one_line(tmp_path):
    done = tmp_path / "done.json"
    state = hexbox.load("werebeasts", players=3).new_state(1)
    rec = Record("werebeasts", 3, dict(state.game.options), 1)
    rng = random.Random(0)
    while not state.is_over:
        seat = state.actors[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        rec.actions.append((seat, action.to_json()))
    done.write_text(rec.dumps())
    child = spawn("play", "--resume", str(done))
    out, status = finish(child)
    assert status == 2 and "that game is over" in out
    chess = tmp_path / "chess.json"
    chess.write_text(json.dumps({"game": "chess", "players": 2, "options": {}, "seed": 1, "actions": []}))
    for args in (["replay", str(chess)], ["play", "--resume", str(chess)]):
        out, status = finish(spawn(*args))
        lines = [line for line in out.splitlines() if line.strip()]
        assert status == 2 and len(lines) == 1 and "unknown game 'chess'" in lines[0], out


def test_replay_step_draws_the_table_at_each_step_and_quits_with_q(tmp_path):
    record = tmp_path / "game.json"
    child = spawn("play", "prowl", "--players", "3", "--seed", "4", "--record", str(record))
    play_to_the_end(child)
    finish(child)
    child = spawn("replay", str(record), "--step", "--seat", "0")
    child.expect("Enter for the next action, q to quit")
    child.sendline("")
    child.expect("Enter for the next action, q to quit")
    child.sendline("q")
    out, status = finish(child)
    assert status == 0
    assert "action 1 of" in out and "action 2 of" in out and "action 3 of" not in out
    assert out.count("Prowl") >= 2, "the table is drawn at each step"


def test_question_mark_shows_the_text_of_the_cards_on_the_screen():
    child = spawn("play", "prowl", "--players", "3", "--seed", "1")
    child.expect(PROMPT)
    child.sendline("?")
    child.expect(PROMPT)
    child.sendline("q")
    out, _ = finish(child)
    after = out.split("your choice [", 1)[1]
    from hexbox.games.prowl.cards import CARDS

    texts = [f"{c.name}: " for c in CARDS]
    assert any(t in after for t in texts), after[:800]


def test_bare_hexbox_prints_help_and_version_and_h_work():
    out, status = finish(spawn())
    assert status == 0 and "Usage: hexbox" in out
    out, status = finish(spawn("--version"))
    assert status == 0 and re.match(r"hexbox \d+\.\d+", out.strip())
    out, status = finish(spawn("play", "-h"))
    assert status == 0 and "--resume" in out


@pytest.mark.parametrize("game", hexbox.games())
def test_rules_shows_the_games_rules_reference(game):
    out, status = finish(spawn("rules", game))
    assert status == 0
    assert hexbox.game_info(game).title.split(":")[0].split(" (")[0] in out


def test_games_lists_every_option_readably_at_80_columns():
    child = pexpect.spawn(HEXBOX[0], [*HEXBOX[1:], "games"], encoding="utf-8", dimensions=(40, 80),
                          env=env({"COLUMNS": "80", "TERM": "xterm", "PATH": "/usr/bin:/bin"}))
    child.logfile_read = io.StringIO()
    out, status = finish(child)
    assert status == 0
    assert max(len(line) for line in out.splitlines()) <= 80
    for game in hexbox.games():
        for option in hexbox.game_info(game).options:
            assert option.name in out
    assert "the server's clock only" in out
    flat = " ".join(out.split())
    for game in hexbox.games():  # the lobby's presets and the bots of each level, as the registration declares them
        for preset in hexbox.game_info(game).presets:
            assert f"preset {preset}:" in flat
        assert "bots " + ", ".join(f"{lv} = {spec}" for lv, spec in levels(game).items()) in flat


def test_an_option_that_does_nothing_at_a_terminal_says_so():
    child = spawn("play", "werebeasts", "-o", "bid_window_seconds=5", "--seed", "1")
    child.expect("at the terminal nobody is timed")
    child.expect(PROMPT)
    child.sendline("q")
    finish(child)


# ---- the parts, on their own ---------------------------------------------------------------------------------


def items_of(state, seat):
    label = hexbox.game_info(state.game.name).hook("label") or (lambda _s, _seat, a: str(a))
    return [Item.of(a, label(state, seat, a)) for a in state.legal_actions(seat)]


def number_of(state, seat, title: str) -> int:
    """The number of an entry of the first step of a decision: entries are numbered 1..n in their order."""
    groups = group(items_of(state, seat), hexbox.game_info(state.game.name).hook("menu") or {})
    return 1 + [g.title for g in groups].index(title)


def first_state(game: str, players: int, where, seed: int = 1):
    """The first position of random games (seed, seed + 1, …) where ``where(state, seat)`` holds for the actor."""
    for n in range(seed, seed + 50):
        state = hexbox.load(game, players=players).new_state(n)
        rng = random.Random(n)
        while not state.is_over:
            seat = state.actors[0]
            if where(state, seat):
                return state, seat
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("no such position")


def test_voodoo_speech_and_emotes_sit_under_one_entry_and_rerolls_go_by_dice():
    state, seat = first_state("voodoo", 4, lambda s, p: len(s.legal_actions(p)) > 100)
    menu = hexbox.game_info("voodoo").hook("menu")
    top = group(items_of(state, seat), menu)
    titles = [g.title for g in top]
    assert "speak or emote" in titles and "emote" not in titles and "say" not in titles
    assert len(top) <= SHORT
    talk = next(g for g in top if g.title == "speak or emote")
    assert [g.title for g in group(talk.items, menu)] == ["emote", "say"]
    rerolls = next(g for g in top if g.title == "reroll")
    by = group(rerolls.items, menu)
    assert by is not None and all(len(g.items) <= len(rerolls.items) for g in by)


def test_prowl_accusations_go_card_then_target():
    state, seat = first_state("prowl", 5, lambda s, p: len(s.legal_actions(p)) > 50)
    top = group(items_of(state, seat), {})
    accuse = next(g for g in top if g.title == "accuse")
    step = group(accuse.items, {})
    assert step is not None and len(step) <= SHORT
    assert all(len({it.fields["card"] for it in g.items}) == 1 for g in step)


def test_a_choice_of_one_is_not_asked():
    state, seat = first_state("transylvania", 3, lambda s, p: len(s.legal_actions(p)) == 1)

    def never(prompt):
        raise AssertionError(f"asked {prompt!r} with one legal action")

    console = Console(file=io.StringIO(), width=100)
    table = TerminalTable(console, state, Record("transylvania", 3), [seat], {}, random.Random(0), read=never)
    assert table.decide(seat) is state.legal_actions(seat)[0]
    assert "only one move" in console.file.getvalue()


def test_every_sentence_since_the_last_move_is_shown_and_eliminations_stand_out():
    console = Console(file=io.StringIO(), width=200, force_terminal=True, color_system="standard", highlight=False)
    table = TerminalTable(console, hexbox.load("werebeasts", players=5).new_state(1), Record("werebeasts", 5),
                          [0], {}, random.Random(0))
    table.unread[0] = [f"Seat 1 bids {k} cans." for k in range(30)] + ["Seat 3 is eliminated."]
    table.show_log(0, "Since your last move:")
    text = console.file.getvalue()
    assert all(f"Seat 1 bids {k} cans." in text for k in range(30)), "not only the last lines"
    eliminated = next(line for line in text.splitlines() if "eliminated" in line)
    assert "\x1b[1;33m" in eliminated, "an elimination stands out"
    assert table.unread[0] == []


def test_the_end_line_says_whether_you_won_who_won_and_why():
    r = hexbox.Result(frozenset({2}), {0: 1, 2: 5}, "most points (5)")
    assert end_line(r, [2]) == "You won! Seat 2 (you) wins — most points (5)"
    assert end_line(r, [0]) == "You lost. Seat 2 wins — most points (5)"
    assert end_line(hexbox.Result(frozenset({1, 3}), {}, "shared"), [0, 1]) == "Seats 1 and 3 win — shared"
    assert end_line(hexbox.Result(frozenset(), {}, ""), [0]) == "You lost. Nobody wins"


def test_stop_is_what_the_table_raises_on_q():
    state, seat = first_state("werebeasts", 5, lambda s, p: len(s.legal_actions(p)) > 3)
    table = TerminalTable(Console(file=io.StringIO()), state, Record("werebeasts", 5), [seat], {},
                          random.Random(0), read=lambda prompt: "q")
    with pytest.raises(Stop):
        table.decide(seat)


def test_werebeasts_bids_at_a_big_table_go_by_amount():
    def many_cans(state, seat):
        return sum(a.kind == "offer_cans" for a in state.legal_actions(seat)) > SHORT

    state, seat = None, None
    for seed in range(40):  # bots that never accuse, so that cans pile up and bids grow
        s = hexbox.load("werebeasts", players=10).new_state(seed)
        rng = random.Random(seed)
        while not s.is_over and not many_cans(s, s.actors[0]):
            actor = s.actors[0]
            s.apply(actor, rng.choice([a for a in s.legal_actions(actor) if a.kind != "accuse"]
                                      or s.legal_actions(actor)))
        if not s.is_over:
            state, seat = s, s.actors[0]
            break
    assert state is not None
    top = group(items_of(state, seat), {})
    cans = next(g for g in top if g.title == "offer cans")
    field, table = amounts(group(cans.items, {}))
    assert field == "cans" and sorted(table) == sorted(a.cans for a in state.legal_actions(seat)
                                                      if a.kind == "offer_cans")
    console = Console(file=io.StringIO(), width=100)
    table_ = TerminalTable(console, state, Record("werebeasts", 10), [seat], {}, random.Random(0),
                           read=lambda prompt: next(answers))
    answers = iter([str(number_of(state, seat, "offer cans")), str(max(table))])
    picked = table_.decide(seat)
    assert picked.kind == "offer_cans" and picked.cans == max(table)
    assert "type the cans" in console.file.getvalue()


def test_voodoo_rerolls_are_chosen_by_the_dice_rerolled_then_the_die_set_aside():
    state, seat = first_state("voodoo", 4, lambda s, p: sum(a.kind == "reroll" for a in s.legal_actions(p)) > SHORT)
    rerolls = [it for it in items_of(state, seat) if it.action.kind == "reroll"]
    by_dice = group(rerolls, {})
    assert all(g.field == "dice" for g in by_dice)
    several = [g for g in by_dice if len(g.items) > 1]
    assert several and all(g.title.startswith("… and re-roll ") for g in several), [g.title for g in several]


def test_bench_names_the_extra_to_install_when_open_spiel_is_missing(tmp_path):
    (tmp_path / "pyspiel.py").write_text("raise ImportError('not installed')\n")
    env = {**TERMINAL, "PYTHONPATH": str(tmp_path)}
    child = pexpect.spawn(sys.executable, ["-m", "hexbox", "bench", "werebeasts", "--rounds", "1", "--seconds",
                                           "0.05"], encoding="utf-8", timeout=NEVER, env=env, dimensions=(40, 140))
    child.logfile_read = io.StringIO()
    out, status = finish(child)
    assert status == 0
    assert out.count("open_spiel is not installed (pip install -e '.[bench]')") == 2, out[-600:]


def test_simulate_names_its_agents_and_says_how_to_go_on_after_ctrl_c(tmp_path):
    out_file = tmp_path / "runs.jsonl"
    child = spawn("simulate", "prowl", "-n", "100000", "-p", "3", "--agents", "random,heuristic,random",
                  "--out", str(out_file))
    child.expect("prowl: 100000 games")  # the progress bar: games are being played
    child.sendintr()
    out, status = finish(child)
    assert status == 2
    assert re.search(r"interrupted after \d+ of 100000 games; the \d+ games played are in .*runs\.jsonl: the same "
                     r"command goes on from there", out.replace("\n", "")), out[-500:]
    done = subprocess_summary("simulate", "prowl", "-n", "6", "-p", "3", "--agents", "random,heuristic,random")
    assert "agents: seat 0: random, seat 1: heuristic, seat 2: random" in done


def subprocess_summary(*args: str) -> str:
    out, status = finish(spawn(*args))
    assert status == 0, out
    return out.replace("\n", " ")


def test_every_step_is_numbered_one_to_n_without_gaps():
    """The issue: numbers that jumped ("[1, 42]", "[4-6, 9, 12]") puzzled players; every list is 1..n."""
    def prompts_of(state, seat):
        console = Console(file=io.StringIO(), width=120)
        table = TerminalTable(console, state, Record("voodoo", 4), [seat], {}, random.Random(0),
                              read=lambda prompt: "q")
        with pytest.raises(Stop):
            table.pick(seat, items_of(state, seat), state.default_action(seat), "")
        return re.findall(r"your choice \[([^\]]+)\]", console.file.getvalue())

    for want in (True, False):
        state, seat = first_state("voodoo", 4, lambda s, p, want=want: len(s.legal_actions(p)) > SHORT
                                  and any(a.kind == "reroll" for a in s.legal_actions(p)) == want)
        assert all(re.fullmatch(r"1-\d+", p) for p in prompts_of(state, seat)), prompts_of(state, seat)


def test_a_hotseat_game_with_bots_is_resumed_with_the_same_seats(tmp_path):
    record = tmp_path / "hotseat.json"
    child = spawn("play", "werebeasts", "--players", "4", "--humans", "0,2", "--bots", "random", "--seed", "3",
                  "--record", str(record))
    asked = []
    while len(asked) < 4:  # a few moves of the people, the screen passed between them
        if child.expect([r"Pass the screen to seat \d and press Enter", r"seat (\d), your choice"]) == 1:
            asked.append(int(child.match.group(1)))
        child.sendline("" if len(asked) < 4 else "q")
    out, status = finish(child)
    assert status == 130 and "stopped after" in out
    before = Record.loads(record.read_text())
    assert before.seats == ["person", "random", "person", "random"]

    again = spawn("play", "--resume", str(record))
    again.expect("resumed after")
    again.expect(r"Pass the screen to seat (\d) and press Enter")
    first = int(again.match.group(1))
    opening = _plain(again.logfile_read.getvalue()).split("resumed after", 1)[1]
    assert "seats 0 and 2" in opening.split("\n")[0], opening[:300]
    assert "You are seat" not in opening and "─ seat" not in opening, "no seat's table before the screen is passed"
    again.sendline("")
    prompted = {first}
    for _ in range(6):  # only the people's seats are asked; the bots play theirs
        if again.expect([r"seat (\d), your choice", r"Pass the screen to seat (\d)", pexpect.EOF]) == 2:
            break
        prompted.add(int(again.match.group(1)))
        again.sendline("")
    again.sendline("q")
    out, _ = finish(again)
    assert prompted <= {0, 2}, prompted
    assert set(re.findall(r"You are seat (\d)", out)) <= {"0", "2"}
    assert Record.loads(record.read_text()).seats == before.seats


def test_the_same_seat_twice_in_humans_is_refused():
    out, status = finish(spawn("play", "werebeasts", "--humans", "0,0"))
    lines = [line for line in out.splitlines() if line.strip()]
    assert status == 2 and len(lines) == 1 and "--humans" in lines[0] and "twice" in lines[0], out


def test_rules_page_through_less_with_colours_read_and_print_plain_text_when_piped(tmp_path):
    import subprocess

    seen = tmp_path / "pager.txt"
    pager = tmp_path / "pager.sh"
    pager.write_text(f'#!/bin/sh\necho "LESS=$LESS" > {seen}\ncat >> {seen}\n')
    pager.chmod(0o755)
    child = pexpect.spawn(sys.executable, ["-m", "hexbox", "rules", "prowl"], encoding="utf-8", timeout=NEVER,
                          dimensions=(40, 100), env={**TERMINAL, "PAGER": str(pager)})
    child.logfile_read = io.StringIO()
    _, status = finish(child)
    assert status == 0
    paged = seen.read_text()
    assert "R" in paged.splitlines()[0].partition("=")[2], "less is told to show colours, not raw escape codes"
    assert "Prowl" in paged
    piped = subprocess.run([sys.executable, "-m", "hexbox", "rules", "prowl"], capture_output=True, text=True,
                           timeout=NEVER)
    assert piped.returncode == 0 and "\x1b" not in piped.stdout
    assert not any(line != line.rstrip() for line in piped.stdout.splitlines()), "no padding to the width"
    assert "Prowl" in piped.stdout.splitlines()[0]


def _children(pid: int) -> set[int]:
    out = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.add(int(entry))
    return out


@pytest.mark.parametrize("how", ["the main process alone", "the whole process group"])
def test_simulate_with_workers_stops_at_once_on_sigint_and_keeps_every_finished_game(tmp_path, how):
    from hexbox.sim.runner import jobs_for, read_partial

    out_file = tmp_path / "runs.jsonl"
    # games of a few tenths of a second, sent to the workers in batches of 62: what is queued when the run is
    # stopped would take the better part of a minute to play
    args = ["simulate", "prowl", "-n", "1000", "-p", "3", "-j", "2", "--seed", "4", "--agents", "heuristic", "--out",
            str(out_file)]
    child = spawn(*args, timeout=NEVER)
    child.expect("prowl: 1000 games")
    while not out_file.exists() or out_file.stat().st_size == 0:  # the first batch is in the file
        child.expect([pexpect.TIMEOUT, pexpect.EOF], timeout=0.2)
    workers = _children(child.pid)
    assert len(workers) >= 2
    if how == "the main process alone":
        os.kill(child.pid, signal.SIGINT)
    else:
        child.sendintr()
    child.expect(pexpect.EOF)
    out, status = finish(child)
    # at once, not after the games queued for the workers: a run that played on through its queue would end with
    # all 1000 games in the file (counted, not timed: a busy machine is slow either way)
    assert len(out_file.read_text().splitlines()) < 500
    flat = out.replace("\n", "")
    assert status == 2 and "Traceback" not in out, out[-1500:]
    said = re.search(r"interrupted after (\d+) of 1000 games; the (\d+) games played are in .*runs\.jsonl: the same "
                     r"command goes on from there", flat)
    assert said, out[-800:]
    lines = out_file.read_text().splitlines()
    assert int(said.group(2)) == len(lines) > 0, "every game said to be kept is in the file"
    # the games stream: stopped as soon as the first game reached the file, the run keeps a few games, not the
    # batch of 62 it used to ship at once (a batch is sized by time now: one game while games take this long)
    assert len(lines) < 62, len(lines)
    done = read_partial(out_file, jobs_for("prowl", 3, ["heuristic"] * 3, 1000, 4))
    assert len(done) == len(lines), "each line a whole, distinct game of this run: the same command goes on"
    assert not any(os.path.exists(f"/proc/{w}") and _state(w) != "Z" for w in workers), "no worker is left running"


def _state(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "gone"


def test_a_hotseat_player_who_is_knocked_out_is_told_at_once():
    state = hexbox.load("werebeasts", players=4).new_state(1)
    seat = state.actors[0]
    held = {t: {g["goal"] for g in state.observe(t)["private"]["my_goals"]} for t in range(4)}
    # a wrong accusation knocks the accuser out (R18)
    wrong = next(a for a in state.legal_actions(seat) if a.kind == "accuse" and a.goal not in held[a.target])
    other = (seat + 1) % 4
    prompts = []
    console = Console(file=io.StringIO(), width=120)
    table = TerminalTable(console, state, Record("werebeasts", 4), [seat, other], {}, random.Random(0),
                          read=lambda prompt: prompts.append(prompt) or "")
    table.apply(seat, wrong)
    out = console.file.getvalue()
    assert prompts[0] == f"Pass the screen to seat {seat} and press Enter", prompts
    assert "You are eliminated." in out and "You are out of the game" in out
    assert table.unread[seat] == [] and table.last_viewer is None


def test_enter_in_a_sub_menu_means_that_sub_menus_default_or_back():
    state, seat = first_state("voodoo", 4, lambda s, p: len(s.legal_actions(p)) > 100)
    default = state.default_action(seat)
    console = Console(file=io.StringIO(), width=120)
    table = TerminalTable(console, state, Record("voodoo", 4), [seat], {}, random.Random(0),
                          read=lambda prompt: next(answers))
    talk = number_of(state, seat, "speak or emote")
    assert default.kind not in ("emote", "say")
    answers = iter([str(talk), "", "q"])  # into "speak or emote", Enter: back to the first step, then stop
    with pytest.raises(Stop):
        table.pick(seat, items_of(state, seat), default, "")
    out = console.file.getvalue()
    assert "Enter: back" in out and out.count(f"{talk:>3}. speak or emote") == 2, out[-1500:]
    mine = next(g for g in group(items_of(state, seat), hexbox.game_info("voodoo").hook("menu"))
                if any(it.action == default for it in g.items))
    number = number_of(state, seat, mine.title)
    answers = iter([str(number), ""])  # into the entry that holds the default: Enter takes it
    assert table.pick(seat, items_of(state, seat), default, "") == default


def test_werebeasts_bid_options_are_numbered_one_to_n_and_a_bid_is_typed_as_its_amount():
    screens = []
    state = hexbox.load("werebeasts", players=5).new_state(1)
    rng = random.Random(1)
    while len(screens) < 3 and not state.is_over:
        for seat in state.actors:
            legal = state.legal_actions(seat)
            if state.phase_name == "bidding" and any(a.kind == "offer_cans" for a in legal) and len(screens) < 3:
                console = Console(file=io.StringIO(), width=120)
                answers: list[str] = []
                table = TerminalTable(console, state, Record("werebeasts", 5), [seat], {}, random.Random(0),
                                      read=lambda prompt, answers=answers: answers.pop(0))
                answers += [str(number_of(state, seat, "offer cans")), "2"]
                picked = table.decide(seat)
                assert picked.kind == "offer_cans" and picked.cans == 2, picked
                screens.append(console.file.getvalue())
        actor = rng.choice(state.actors)
        state.apply(actor, rng.choice(state.legal_actions(actor)))
    assert len(screens) == 3
    assert all(re.search(r"your choice \[1-\d+\]", s) for s in screens), "1..n on every screen"
    assert all("type the cans" in s for s in screens)


def test_a_few_numbered_things_with_gaps_are_chosen_from_a_list_not_typed():
    state, seat = first_state("transylvania", 4, lambda s, p: s.phase_name == "setup_start"
                              and 3 < len(s.legal_actions(p)) <= SHORT)
    groups = group(items_of(state, seat), {})
    assert groups is None or amounts(groups) is None


def test_a_hotseat_handover_wipes_the_scrollback_so_the_next_person_cannot_scroll_up_to_the_last_hand():
    """The issue's steps (`hexbox play prowl --humans 0,1 --players 3 --seed 21`): after the handover from one
    person to the next, what the terminal still holds, on the screen and in its scrollback, is what came after the
    last scrollback wipe (ESC[3J; ESC[2J alone pushes the old screen into the scrollback): it holds no line of the
    previous seat's hand. Before the wipe the hand was on the screen (so the check has something to find)."""
    child = spawn("play", "prowl", "--humans", "0,1", "--players", "3", "--seed", "21")
    hands: dict[int, str] = {}
    checked = 0
    while checked < 2:
        i = child.expect([r"Pass the screen to (?:seat )?(\d) and press Enter", r"seat (\d), your choice[^[]*\[",
                          pexpect.EOF])
        assert i != 2, "the game ended before two handovers"
        raw = child.logfile_read.getvalue()
        if i == 1:
            seat = int(child.match.group(1))
            shown = _plain(raw[raw.rfind("\x1b[3J"):])
            hand = re.findall(r"^Your hand: .+$", shown, re.M)
            if hand:
                hands[seat] = hand[-1]
            others = [h for s, h in hands.items() if s != seat and h != hands.get(seat)]
            if others and "\x1b[3J" in raw:
                assert not any(h in shown for h in others), "the last person's hand is still in the scrollback"
                assert any(h in _plain(raw) for h in others)
                checked += 1
            child.sendline("")  # Enter: the default move
        else:
            child.sendline("")
    # q at the next choice (keys typed before a prompt shows are thrown away, so wait for it)
    while child.expect([r"Pass the screen to (?:seat )?\d and press Enter", PROMPT]) == 0:
        child.sendline("")
    child.sendline("q")
    child.expect(pexpect.EOF)
    assert checked == 2
    assert "scrollback" in _plain(child.logfile_read.getvalue())  # how to play hotseat safely is said at the start


def test_a_step_of_amounts_says_what_each_number_means_transylvanias_determination():
    """The issue: Determination asked "type the trait [0-2]" without saying which number is which trait. Every
    number of an amount step is listed with its meaning (R59: the roll is made on the trait chosen)."""
    state, seat = first_state("transylvania", 3, lambda s, p: s.phase_name == "determination"
                              and len(s.legal_actions(p)) > 1)
    console = Console(file=io.StringIO(), width=120)
    table = TerminalTable(console, state, Record("transylvania", 3), [seat], {}, random.Random(0),
                          read=lambda prompt: next(answers))
    labels = {a: lab for a, lab in ((a, hexbox.game_info("transylvania").hook("label")(state, seat, a))
                                    for a in state.legal_actions(seat))}
    determine = number_of(state, seat, "determine")
    answers = iter([str(determine), "1"])  # into "determine", then the trait numbered 1
    picked = table.decide(seat)
    screen = console.file.getvalue()
    assert "type the trait [0-2]" in screen and picked.kind == "determine" and picked.trait == 1
    for a, lab in labels.items():
        if a.kind == "determine":
            assert re.search(rf"\b{a.trait} = {re.escape(lab)}", screen), (lab, screen[-800:])


def test_a_voodoo_move_that_breaks_a_curse_binding_you_is_marked():
    """R52, R56: a move that would break a curse in force on its seat says so in its label, the same at the
    terminal and in the browser (the label hook), so nobody breaks their own curse unwarned."""
    from hexbox.games.voodoo.curses import find_violations

    label = hexbox.game_info("voodoo").hook("label")
    found = None
    for seed in range(1, 60):
        state = hexbox.load("voodoo", players=3).new_state(seed)
        rng = random.Random(seed)
        for _ in range(3000):
            if state.is_over:
                break
            seat = state.actors[0]
            legal = state.legal_actions(seat)
            marked = [a for a in legal if "⚠ breaks your" in label(state, seat, a)]
            if marked:
                found = (state, seat, legal, marked)
                break
            state.apply(seat, rng.choice(legal))
        if found:
            break
    assert found, "no position with a move that breaks a curse in force"
    state, seat, legal, marked = found
    state.main = seat == state.active and state.phase_name in ("phase1", "phase2", "candle")
    state.bag_complete = state.phase_name in ("phase2", "candle")
    assert all(find_violations(state, seat, a) for a in marked)
    assert any("⚠" not in label(state, seat, a) for a in legal), "only the moves that break it are marked"


def test_names_given_at_the_terminal_name_people_in_every_sentence_and_in_the_record(tmp_path):
    """`--names` names the people at a hotseat table: the prompts, the log and the end say "Mia" and "Leo", never
    "seat 0"; the record keeps the names and `hexbox replay` names them the same way."""
    record = tmp_path / "named.json"
    child = spawn("play", "werebeasts", "--players", "3", "--humans", "0,1", "--names", "Mia,Leo", "--seed", "5",
                  "--record", str(record))
    while child.expect([r"Pass the screen to \w+ and press Enter", PROMPT, pexpect.EOF]) != 2:
        child.sendline("")
    child.close()
    out = _plain(child.logfile_read.getvalue())
    assert "Mia, your choice" in out and "Leo, your choice" in out and "Pass the screen to Mia" in out
    assert not re.search(r"\b[Ss]eat [01]\b(?! \()", out.split("the end")[0].replace("(seat 0)", "")
                         .replace("(seat 1)", "")), "a named person is never called seat N"
    assert Record.loads(record.read_text()).names == ["Mia", "Leo", None]
    replayed = spawn("replay", str(record))
    text, _ = finish(replayed)
    assert "Mia" in text and "Leo" in text and not re.search(r"\b[Ss]eat [01]\b", text)


def test_keys_typed_before_a_prompt_shows_are_thrown_away_at_a_terminal():
    """The issue: keys typed while the bots think were read by the next prompt. At a pseudo-terminal, what was
    typed before the prompt is discarded (termios.tcflush) and what is typed after it is the answer."""
    import pty

    from hexbox.terminal import _discard_typed_ahead

    keyboard, terminal = pty.openpty()
    with os.fdopen(terminal, "r", closefd=True) as stdin:
        os.write(keyboard, b"9\n")  # typed while the bots thought
        _discard_typed_ahead(stdin)  # the prompt is about to show
        os.write(keyboard, b"2\n")  # typed in answer to it
        assert stdin.readline() == "2\n"
    os.close(keyboard)
