"""The hexbox command line, driven as a person would: real processes, scripted input."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from .waiting import NEVER


def hexbox(*args: str, stdin: str = "", timeout: float = NEVER) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "hexbox", *args], input=stdin, capture_output=True, text=True,
                          timeout=timeout)


def test_games_lists_werebeasts():
    out = hexbox("games")
    assert out.returncode == 0
    assert "werebeasts" in out.stdout and "3-10" in out.stdout


def test_play_werebeasts_to_the_end_with_scripted_input(tmp_path):
    record = tmp_path / "game.json"
    # "1" = the first legal action when it is ours to bid or take; blank lines = the default action
    script = "\n".join(["", "1", ""] * 400) + "\n"
    out = hexbox("play", "werebeasts", "--players", "4", "--seat", "2", "--seed", "5", "--record", str(record),
                 stdin=script)
    assert out.returncode == 0, out.stderr
    assert "seat 2, your choice" in out.stdout
    assert "You are seat 2" in out.stdout
    assert "the end" in out.stdout and ("You won!" in out.stdout or "You lost." in out.stdout)
    assert "Game over" in out.stdout  # the final reveal
    assert " sells " in out.stdout  # the log in the game's own words
    rec = json.loads(record.read_text())
    assert rec["game"] == "werebeasts" and rec["players"] == 4 and rec["seed"] == 5
    assert any(seat == 2 for seat, _ in rec["actions"])
    replayed = hexbox("replay", str(record), "--seat", "2")
    assert replayed.returncode == 0, replayed.stderr
    assert "Game over" in replayed.stdout


def test_play_shows_only_the_players_own_goals():
    out = hexbox("play", "werebeasts", "--players", "3", "--seat", "0", "--seed", "1", stdin="\n" * 3000)
    assert out.returncode == 0, out.stderr
    before_end = out.stdout.split("Game over")[0]
    assert "You are seat 0" in before_end
    assert "You are seat 1" not in before_end and "You are seat 2" not in before_end


def test_hotseat_hands_the_screen_over():
    out = hexbox("play", "werebeasts", "--players", "3", "--humans", "0,1", "--bots", "random", "--seed", "2",
                 stdin="\n" * 5000)
    assert out.returncode == 0, out.stderr
    assert "Pass the screen to seat" in out.stdout


def test_input_ending_early_stops_the_game_and_keeps_its_record(tmp_path):
    record = tmp_path / "early.json"
    out = hexbox("play", "werebeasts", "--seed", "1", "--record", str(record), stdin="")
    assert out.returncode == 130
    assert "continues the game" in out.stdout and "--resume" in out.stdout
    assert json.loads(record.read_text())["seed"] == 1
    assert "after 0 actions;" in out.stdout


def test_a_game_stopped_after_one_action_says_one_action():
    from hexbox.cli.play import moves

    assert [moves(n) for n in (0, 1, 2)] == ["0 actions", "1 action", "2 actions"]


@pytest.mark.parametrize("args, message", [
    (["play", "chess"], "unknown game 'chess'"),
    (["play", "werebeasts", "--players", "11"], "werebeasts is for 3 to 10 players"),
    (["play", "werebeasts", "--option", "dealer=9"], "option dealer=9 is not allowed"),
    (["play", "werebeasts", "--option", "colour=red"], "no option 'colour'"),
    (["play", "werebeasts", "--seat", "7"], "--seat: seats are 0 to 4"),
    (["play", "werebeasts", "--bots", "genius"], "unknown agent 'genius'"),
    (["simulate", "werebeasts", "--games", "0"], "--games and --jobs must be at least 1"),
    (["simulate", "werebeasts", "--agents", "random,random"], "one agent or one per seat"),
    (["simulate", "werebeasts", "--frobnicate"], "No such option"),
    (["replay", "/no/such/file.json"], "cannot read /no/such/file.json"),
    (["bench", "nope"], "unknown game 'nope'"),
    (["play", "werebeasts", "--players", "0"], "werebeasts is for 3 to 10 players, not 0"),
    (["play", "werebeasts", "--record", "/no/such/folder/game.json"], "there is no folder /no/such/folder"),
    (["play"], "which game?"),
    (["play", "--resume", "/no/such/file.json"], "cannot read /no/such/file.json"),
    (["rules", "chess"], "unknown game 'chess'"),
    (["serve", "--bot-think", "9"], "--bot-think positive and at most --max-bot-seconds"),
    (["serve", "--burst", "0"], "--burst at least 1"),
])
def test_bad_arguments_give_one_line_and_exit_2(args, message):
    out = hexbox(*args)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], out.stderr
    assert "Traceback" not in out.stderr


def test_simulate_gives_the_same_numbers_for_any_number_of_jobs(tmp_path):
    runs = []
    for jobs in ("1", "2"):
        path = tmp_path / f"out{jobs}.jsonl"
        out = hexbox("simulate", "werebeasts", "--games", "60", "--jobs", jobs, "--seed", "42",
                     "--agents", "heuristic,random,random,random,random", "--json", "--out", str(path))
        assert out.returncode == 0, out.stderr
        runs.append((json.loads(out.stdout), path.read_text()))
    assert runs[0] == runs[1]
    summary, lines = runs[0]
    assert summary["games"] == 60 and len(lines.splitlines()) == 60
    assert set(summary["seats"]) == {"0", "1", "2", "3", "4"}
    assert 0 < summary["mean_actions"]


def test_simulate_prints_win_rates_with_intervals():
    out = hexbox("simulate", "werebeasts", "--games", "20", "--players", "3")
    assert out.returncode == 0, out.stderr
    assert "95% interval" in out.stdout and "mean length" in out.stdout


def test_bench_reports_rates():
    out = hexbox("bench", "werebeasts", "--rounds", "2", "--seconds", "0.05", "--json")
    assert out.returncode == 0, out.stderr
    full = json.loads(out.stdout)
    assert full["clock"] == "CPU time, interleaved" and full["rounds"] == 2 and full["build"] == "pure"
    if "ismcts_reference" in full:  # with open_spiel: hexbox's search is also timed on the reference's game
        same = full["ismcts_same_game"]
        assert same["iterations_per_s"]["median"] > 0 and same["ratio_to_reference"] > 0
        assert same["calls_per_iteration"] >= 2 and same["ratio_to_cpp"] > 0
        assert full["ismcts_cpp_reference"]["simulations_per_s"]["median"] > 0
        refs = full["references"]  # the Python anchor and the C++ anchors, chance steps counted apart
        assert refs["python_liars_poker"]["engine"] == "Python" and refs["leduc_poker"]["engine"] == "C++"
        assert 0 < refs["python_liars_poker"]["decision_share"] < 1 and refs["hearts"]["us_per_chance"]["min"] > 0
    report = full["games"]["werebeasts"]
    for key in ("games_per_s", "actions_per_s", "us_per_decision", "clones_per_s", "simulate_overhead",
                "normal_games_per_s", "normal_decisions_per_s"):  # the last two: whole games of normal bots
        low, mid, high = (report[key][k] for k in ("min", "median", "max"))
        assert 0 < low <= mid <= high, key
    for variant in ("ismcts", "ismcts_plain"):  # both searches are timed; the plain one rolls out uniformly
        assert report[f"{variant}_iterations_per_s"]["median"] > 0 and report[f"{variant}_calls_per_iteration"] >= 1


def test_bench_tables_fit_an_80_column_terminal_without_cutting_a_number():
    env = {**os.environ, "COLUMNS": "80"}
    out = subprocess.run([sys.executable, "-m", "hexbox", "bench", "transylvania", "--rounds", "1", "--seconds",
                          "0.05", "--no-search"], capture_output=True, text=True, timeout=120, env=env)
    assert out.returncode == 0, out.stderr
    assert "…" not in out.stdout  # Rich's ellipsis: a cell cut short
    assert all(len(line) <= 80 for line in out.stdout.splitlines())
    row = out.stdout.split("transylvania", 1)[1].splitlines()[0].split()
    assert row[0].replace(",", "").isdigit() and row[-1].replace(",", "").isdigit()  # actions/s ... clone()/s, whole


# ---- nothing shown to a seat names another seat's secret (Prowl: clan cards and hands) -----------------------


def _prowl_secrets(state, viewer: int) -> set[str]:
    """Names of the cards that ``viewer`` may not know now: others' hands and face-down clan cards, minus what
    its observation shows it (a peek, a card it passed on)."""
    from hexbox.games.prowl.cards import CARDS

    known = json.dumps(state.observe(viewer))
    hidden = set()
    for seat in range(state.game.players):
        if seat == viewer:
            continue
        cards = list(state.hands[seat]) + ([] if state.face_up[seat] else [state.clan_card[seat]])
        hidden |= {c for c in cards if c >= 0 and f'"{CARDS[c].id}"' not in known}
    return {CARDS[c].name for c in hidden}


def _named(text: str, names: set[str]) -> list[str]:
    import re

    return [n for n in names if re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", text)]


def test_prowl_hotseat_and_replay_show_no_other_seats_secret(tmp_path):
    import re

    import hexbox as hb

    record = tmp_path / "prowl.json"
    out = hexbox("play", "prowl", "--players", "4", "--humans", "0,1", "--seed", "5", "--record", str(record),
                 stdin="\n" * 4000)
    assert out.returncode == 0, out.stderr
    rec = hb.Record.loads(record.read_text())
    # one screen per decision of a person: from the seat's rule line to its prompt
    screens = re.findall(r"─ seat (\d) ─.*?seat \1, your choice", out.stdout, flags=re.S)
    bodies = re.split(r"─ seat \d ─", out.stdout)[1:]
    human_moves = [i for i, (seat, _) in enumerate(rec.actions) if seat in (0, 1)
                   and len(hb.replay(rec, upto=i).legal_actions(seat)) > 1]  # a choice of one is not asked
    assert len(screens) == len(human_moves) > 10
    for n, (seat_text, body) in enumerate(zip(screens, bodies)):
        seat, i = int(seat_text), human_moves[n]
        assert rec.actions[i][0] == seat
        state = hb.replay(rec, upto=i)
        screen = body.split(f"seat {seat}, your choice")[0]
        leaked = _named(screen, _prowl_secrets(state, seat))
        assert not leaked, f"seat {seat}'s screen before move {i + 1} names {leaked}:\n{screen}"
    # the replay as seat 0: after each move, nothing that seat 0 could not know then
    shown = hexbox("replay", str(record), "--seat", "0")
    assert shown.returncode == 0, shown.stderr
    blocks = re.split(r"^(\d+)\. ", shown.stdout, flags=re.M)[1:]
    assert blocks
    for number, text in zip(blocks[::2], blocks[1::2]):
        state = hb.replay(rec, upto=int(number))
        leaked = _named(text.split("\n\n")[0] if int(number) < len(rec.actions) else "", _prowl_secrets(state, 0))
        assert not leaked, f"replay --seat 0 names {leaked} at move {number}: {text}"


def test_schema_prints_the_observations_json_schema():
    out = hexbox("schema", "werebeasts")
    assert out.returncode == 0, out.stderr
    schema = json.loads(out.stdout)
    envelope = schema["$defs"][schema["$ref"].split("/")[-1]]
    assert envelope["required"] == ["game", "version", "seat", "phase", "actors", "turn", "talk_allowed", "result",
                                    "public", "private"]
    assert envelope["additionalProperties"] is False
    bad = hexbox("schema", "chess")
    assert bad.returncode == 2 and bad.stderr.startswith("hexbox: error: unknown game 'chess'")


def test_replay_from_a_seat_starts_with_who_you_are_and_what_you_hold(tmp_path):
    import hexbox as hb

    record = tmp_path / "game.json"
    out = hexbox("play", "werebeasts", "--players", "4", "--seat", "1", "--seed", "5", "--record", str(record),
                 stdin="\n" * 3000)
    assert out.returncode == 0, out.stderr
    shown = hexbox("replay", str(record), "--seat", "2")
    assert shown.returncode == 0, shown.stderr
    opening = shown.stdout.split("\n1. ", 1)[0]
    assert opening.splitlines()[0].startswith("Werebeasts") and "seat 2" in opening.splitlines()[0], opening
    goals = hb.replay(hb.Record.loads(record.read_text()), upto=0).observe(2)["private"]["my_goals"]
    assert "You are seat 2. Your goals:" in opening and goals, opening
    spectator = hexbox("replay", str(record))
    assert "as a spectator" in spectator.stdout.splitlines()[0]
