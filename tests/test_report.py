"""`hexbox report`: an HTML page with PNG plots, from a results file; bad files give one line and exit 2."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

import hexbox
from hexbox import ConfigError
from hexbox.core import game_info
from hexbox.sim.report import load_results, write_report
from hexbox.sim.runner import jobs_for, run

from .waiting import NEVER

pytest.importorskip("matplotlib", reason="needs the [dev] extra: pip install -e '.[dev]'")

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    path = tmp_path_factory.mktemp("sim") / "results.jsonl"
    jobs = jobs_for("werebeasts", 5, ["heuristic", "random", "random", "random", "random"], 40, seed=1, rotate=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in run(jobs)))
    return path


def test_report_writes_a_page_and_its_plots(results, tmp_path):
    written = write_report(results, tmp_path / "rep")
    page = (tmp_path / "rep" / "index.html").read_text()
    assert written["games"] == 40
    for name in ["win_rate_by_agent.png", "win_rate_by_seat.png", "length_turns.png", "werebeasts_scores.png",
                 "werebeasts_elimination_by_seat.png", "werebeasts_chow_vs_beasts.png"]:
        assert name in written["images"]
        assert (tmp_path / "rep" / name).read_bytes().startswith(PNG)
        assert f"src='{name}'" in page
    for title in ["Win rate by agent", "Win rate by seat", "Game length", "Werechow goal vs beast goals",
                  "eliminations"]:
        assert title in page
    assert "heuristic" in page and "95%" in page
    assert "http://" not in page and "https://" not in page  # no external assets


def test_report_numbers_match_the_summary(results, tmp_path):
    from hexbox.sim.stats import summarize

    summary = summarize(load_results(results))
    page = (tmp_path / "index.html")
    write_report(results, tmp_path)
    text = page.read_text()
    heuristic = summary["agents"]["heuristic"]
    assert f"{heuristic['rate']:.1%}" in text and f"{heuristic['wins']:g} / 40" in text


def test_sections_are_a_hook_of_each_game():
    """Each of hexbox's own games has report sections; the hook is optional (a game without, the session's toy,
    gets the report's common sections)."""
    for game in hexbox.games():
        sections = game_info(game).hook("report")
        assert callable(sections) or not game_info(game).builtin, f"{game} declares no report sections"


def test_results_without_stats_still_report(results, tmp_path):
    plain = tmp_path / "plain.jsonl"
    lines = [json.loads(x) for x in results.read_text().splitlines()]
    for line in lines:
        line.pop("stats")
    plain.write_text("".join(json.dumps(x) + "\n" for x in lines))
    written = write_report(plain, tmp_path / "rep")
    assert "Win rate by agent" in written["sections"]
    assert not any(s.startswith("Werebeasts") for s in written["sections"])


@pytest.mark.parametrize("content, message", [
    ("", "holds no results"),
    ("hello\n", "is not JSON"),
    ('{"index": 0}\n', "is not a result line: no game"),
])
def test_bad_files(tmp_path, content, message):
    path = tmp_path / "bad.jsonl"
    path.write_text(content)
    with pytest.raises(ConfigError, match=message):
        load_results(path)
    out = subprocess.run([sys.executable, "-m", "hexbox", "report", str(path), "--out", str(tmp_path / "r")],
                         capture_output=True, text=True, timeout=NEVER)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and "Traceback" not in out.stderr


def test_cli_report(results, tmp_path):
    out = subprocess.run([sys.executable, "-m", "hexbox", "report", str(results), "--out", str(tmp_path / "r")],
                         capture_output=True, text=True, timeout=NEVER)
    assert out.returncode == 0, out.stderr
    assert "40 games" in out.stdout and (tmp_path / "r" / "index.html").exists()
    missing = subprocess.run([sys.executable, "-m", "hexbox", "report", str(tmp_path / "nope.jsonl")],
                             capture_output=True, text=True, timeout=NEVER)
    assert missing.returncode == 2 and "cannot read" in missing.stderr


def _mixed(tmp_path, game, runs):
    """One game's results under several set-ups (player counts, options), as one file with distinct indices."""
    lines = []
    for players, options, games in runs:
        for r in run(jobs_for(game, players, ["random"] * players, games, seed=players, options=options)):
            lines.append({**r, "index": len(lines)})
    path = tmp_path / f"{game}.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))
    return path


@pytest.mark.parametrize("game, runs, images, titles", [
    ("prowl", [(3, {}, 10), (4, {}, 10)],
     ["prowl_win_rate_by_clan.png", "prowl_win_rate_by_start_rank.png", "prowl_decided_by.png"],
     ["Prowl: win rate by clan and by starting rank", "Prowl: how the game was decided"]),
    ("growl", [(5, {}, 6), (6, {"curses": True}, 6), (8, {"spells": True}, 6),
               (5, {"curses": True, "spells": True}, 6)],
     ["growl_humans_by_players.png", "growl_humans_by_expansions.png", "growl_deaths.png", "growl_turned.png"],
     ["GROWL: humans vs werewolves", "GROWL: deaths and turned humans"]),
    ("voodoo", [(3, {"max_turns": 30}, 3), (4, {"max_turns": 30, "claim_mode": "automatic"}, 3)],
     ["voodoo_scores.png", "voodoo_winner_scores.png", "voodoo_turns.png", "voodoo_score_over_turns.png",
      "voodoo_curses_per_game.png", "voodoo_curses_histograms.png", "voodoo_permanents_drawn.png"],
     ["Voodoo: scores and length", "Voodoo: score over turns", "Voodoo: curses cast, broken and claimed"]),
])
def test_game_sections_render(tmp_path, game, runs, images, titles):
    assert callable(game_info(game).hook("report"))
    written = write_report(_mixed(tmp_path, game, runs), tmp_path / "rep")
    page = (tmp_path / "rep" / "index.html").read_text()
    for name in images:
        assert name in written["images"]
        assert (tmp_path / "rep" / name).read_bytes().startswith(PNG)
        assert f"src='{name}'" in page
    for title in titles:
        assert title in written["sections"]
    endings = [row[0] for row in _rows(page, "how the game ended")]
    assert endings and not any("_" in e for e in endings), f"ways of ending as codes: {endings}"


def _rows(page: str, header: str) -> list[list[str]]:
    """The body rows of the table whose first header cell is ``header``."""
    start = page.index(f"<th>{header}</th>")
    body = page[page.index("<tbody>", start):page.index("</tbody>", start)]
    return [re.findall(r"<td>(.*?)</td>", row) for row in body.split("</tr>") if "<td>" in row]


def test_voodoo_score_over_turns_and_curse_tallies(tmp_path):
    path = _mixed(tmp_path, "voodoo", [(3, {"max_turns": 30}, 4), (4, {"max_turns": 30, "claim_mode": "automatic"}, 4)])
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    write_report(path, tmp_path / "rep")
    page = (tmp_path / "rep" / "index.html").read_text()
    assert "cannot be read back" not in page and "not counted" not in page
    tallies = {row[0]: row for row in _rows(page, "claims")}
    assert set(tallies) == {"call-out claims", "automatic claims"}
    for label, mode in (("call-out claims", "call_out"), ("automatic claims", "automatic")):
        stats = [x["stats"] for x in lines if x["stats"]["claim_mode"] == mode]
        assert tallies[label][1] == str(len(stats))
        for column, key in ((2, "curses_cast"), (3, "curse_breaks"), (4, "curse_claims"), (5, "false_claims")):
            assert tallies[label][column].startswith(f"{sum(s[key] for s in stats) / len(stats):.2f} ± ")
    turns = _rows(page, "turns played")
    assert turns[0] == ["0", "8", "0.00", "0.00", "0.00"]  # every game starts at zero
    assert all(int(row[1]) >= 1 for row in turns)


def test_voodoo_results_written_before_the_tallies_still_report(tmp_path):
    path = _mixed(tmp_path, "voodoo", [(3, {"max_turns": 30}, 3)])
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    for line in lines:
        for key in ("score_history", "curses_cast", "curse_claims", "false_claims"):
            line["stats"].pop(key)
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))
    written = write_report(path, tmp_path / "rep")
    page = (tmp_path / "rep" / "index.html").read_text()
    assert "Voodoo: score over turns" in written["sections"] and "hold no score history" in page
    assert "hold no tallies" in page and "voodoo_permanents_drawn.png" in written["images"]
    assert "voodoo_score_over_turns.png" not in written["images"]
