"""The designer's workbench: variants as data, the first player in every line, fairness and card strength in
reports, and `hexbox compare` (tune: tests/test_tune.py)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from hexbox.core import ConfigError, load
from hexbox.sim.batch import play_variant
from hexbox.sim.compare import compare
from hexbox.sim.measures import fairness, per_game, warnings
from hexbox.sim.runner import jobs_for, play_game
from hexbox.sim.variant import Variant, as_printed, read_variant


def hexbox(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "hexbox", *args], capture_output=True, text=True, timeout=300,
                          cwd=cwd)


def variant_file(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


THREE_WOLVES = 'game = "growl"\ndescription = "three Wolf Zeroes at 6"\n[overlay.setup.starter]\n6 = [3, 3]\n'


# ---- variants as data --------------------------------------------------------------------------------------


def test_a_valid_overlay_is_played_and_leaves_this_process_data_alone(tmp_path):
    from hexbox.games.growl import cards

    v = read_variant(variant_file(tmp_path, "three", THREE_WOLVES))
    assert v.name == "three" and v.overlay == {"setup": {"starter": {"6": [3, 3]}}}
    lines = play_variant(v, 6, ["random"] * 6, 12, seed=3)
    assert {line["stats"]["wolf_zeroes"] for line in lines} == {3}  # the printed game has 2 at 6 players
    assert {line["variant"] for line in lines} == {"three"}
    printed = play_variant(as_printed("growl"), 6, ["random"] * 6, 12, seed=3)
    assert {line["stats"]["wolf_zeroes"] for line in printed} == {2}
    assert cards.STARTER[6] == (2, 4)  # validating and playing the overlay changed nothing here


def test_the_data_each_reader_gets_is_its_own_though_the_parse_is_kept():
    """core.data keeps a cards.toml's parse for the same text (a variant's check reads it twice, the knobs' check
    thousands of times): what one reader changes in its dict must not reach the next one, nor the game in use."""
    from hexbox.core.loading import cards_toml, catalogue_of
    from hexbox.games.growl import cards

    first = catalogue_of("hexbox.games.growl")()
    first["setup"]["starter"]["6"] = [3, 3]
    first.clear()
    again = catalogue_of("hexbox.games.growl")()
    assert again["setup"]["starter"]["6"] == [2, 4]
    assert cards_toml("hexbox.games.growl") == again and cards_toml("hexbox.games.growl") is not again
    assert cards.STARTER[6] == (2, 4)


@pytest.mark.parametrize(("text", "message"), [
    ('game = "growl"\n[overlay.card.gold]\ncopis.base = 11\n', "overlay key card.gold.copis"),
    ('game = "growl"\n[overlay.card.golden]\ncopies.base = 11\n', "overlay key card.golden: no entry 'golden'"),
    ('game = "werebeasts"\n[overlay.game]\nchow_cans_per_point = "four"\n',
     "overlay key game.chow_cans_per_point: expected a whole number"),
    # the game's own check of its data: 42 main cards at 4-5 players
    ('game = "growl"\n[overlay.card.gold]\ncopies.base = 11\n', "42 main cards at 4-5 players"),
    ('game = "growl"\n[overlay.setup.starter]\n6 = [3, 4]\n', "one starter card per seat"),
    ('game = "werebeasts"\n[options]\nmax_bid_changes = 99\n', "max_bid_changes"),
    ('game = "werebeasts"\ncolour = "red"\n', "unknown key 'colour'"),
])
def test_an_invalid_variant_is_refused_naming_what_is_wrong(tmp_path, text, message):
    path = variant_file(tmp_path, "bad", text)
    with pytest.raises(ConfigError, match=message.replace("(", r"\(")) as caught:
        read_variant(path)
    assert str(path) in str(caught.value) and "\n" not in str(caught.value)


def test_simulate_names_the_variant_in_every_line_and_refuses_a_bad_one_in_one_line(tmp_path):
    good = variant_file(tmp_path, "three", THREE_WOLVES)
    out = hexbox("simulate", "growl", "-p", "6", "-n", "8", "--variant", str(good), "--out", str(tmp_path / "r.jsonl"))
    assert out.returncode == 0, out.stderr
    assert "variant: three — three Wolf Zeroes at 6" in out.stdout
    lines = [json.loads(x) for x in (tmp_path / "r.jsonl").read_text().splitlines()]
    assert len(lines) == 8 and all(x["variant"] == "three" and x["stats"]["wolf_zeroes"] == 3 for x in lines)
    bad = variant_file(tmp_path, "bad", 'game = "growl"\n[overlay.card.gold]\ncopis.base = 11\n')
    out = hexbox("simulate", "growl", "-n", "5", "--variant", str(bad))
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == [f"hexbox: error: {bad}: overlay key card.gold.copis: cards.toml has "
                                               "no such key here (it has: copies, icons, id, kind, name, set, text)"]


# ---- the first player --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players"), [("growl", 5), ("prowl", 4), ("transylvania", 4), ("voodoo", 4),
                                               ("werebeasts", 3)])
def test_every_line_records_who_played_first(game, players):
    for job in jobs_for(game, players, ["random"] * players, 6, seed=11):
        line = play_game(job, stats=False)
        state = load(game, players=players).new_state(seed=job.seed)
        if game == "werebeasts":  # R10: the player left of the dealer begins
            assert line["first"] == (state.dealer + 1) % players
        elif game == "prowl":  # drawn once every clan card is down (R9): some seat, known at the end
            assert line["first"] in range(players)
        else:  # the others decide at set-up: the new state's single actor
            assert line["first"] == state.actors[0]


# ---- fairness, card strength, warnings on constructed results --------------------------------------------


def line(index: int, winners: list[int], first: int, held: list[list[str]], turns: int = 20,
         kind: str = "most_points", roles: list[str] | None = None) -> dict:
    return {"index": index, "game": "werebeasts", "players": 3, "seed": index, "agents": ["random"] * 3,
            "winners": winners, "first": first, "actions": 3 * turns, "turns": turns, "kind": kind,
            "stats": {"held": held, **({"roles": roles} if roles else {})}}


def test_card_strength_is_the_holders_win_rate_against_the_others_with_a_minimum():
    # 60 games: the holder of "sword" wins two games in three, and "feather" is held by someone who never wins
    lines = []
    for i in range(60):
        holder = i % 3
        winner = holder if i % 3 != 2 else (holder + 1) % 3
        held = [["sword"] if s == holder else [] for s in range(3)]
        held[(holder + 2) % 3 if winner != (holder + 2) % 3 else (holder + 1) % 3].append("feather")
        held[0].append("rare") if i == 0 else None
        lines.append(line(i, [winner], first=i % 3, held=held))
    f = fairness(lines, min_card_games=40)
    cards = {c["card"]: c for c in f["cards"]}
    sword = cards["sword"]
    assert sword["held"]["wins"] == 40 and sword["held"]["games"] == 60
    assert sword["not_held"]["wins"] == 20 and sword["not_held"]["games"] == 120
    assert sword["edge"] == pytest.approx(40 / 60 - 20 / 120)
    assert sword["edge_low"] < sword["edge"] < sword["edge_high"] and sword["edge_low"] > 0.3
    assert cards["feather"]["held"]["wins"] == 0 and cards["feather"]["edge_high"] < 0
    assert not cards["rare"]["enough"] and cards["sword"]["enough"]  # one seat-game says nothing
    assert [c["card"] for c in f["cards"]][:2] == ["sword", "feather"]  # strongest first, too-few last


def test_seats_are_counted_from_the_first_player_and_a_seat_that_never_wins_is_warned():
    # seat 0 always wins, but the first player rotates: from the first player the wins spread evenly
    lines = [line(i, [0], first=i % 3, held=[[], [], []]) for i in range(60)]
    f = fairness(lines)
    assert [r["wins"] for r in f["from_first"]] == [20, 20, 20]
    # the player after the first never wins: the bots have a seat they cannot play
    lines = [line(i, [(i % 3 + (i % 2) * 2) % 3], first=i % 3, held=[[], [], []]) for i in range(60)]
    assert [r["wins"] for r in fairness(lines)["from_first"]] == [30, 0, 30]
    assert any("2nd player never won" in w for w in warnings(lines))


def test_one_ending_in_nearly_every_game_and_very_short_games_are_warned():
    lines = [line(i, [i % 3], first=0, held=[[], [], []], turns=2, kind="unbroken_tie") for i in range(40)]
    found = warnings(lines)
    assert any("100% of the games end the same way (unbroken_tie)" in w for w in found)
    assert any("games last 2 turns at the median" in w for w in found)
    varied = [line(i, [i % 3], first=(i // 3) % 3, held=[[], [], []], turns=14,
                   kind=["most_points", "tie_most_cans"][i % 2])
              for i in range(40)]
    assert warnings(varied) == []


def test_roles_are_win_rates_per_seat_game():
    lines = [line(i, [0], first=0, held=[[], [], []], roles=["werechow", "beasts", "beasts"]) for i in range(10)]
    roles = fairness(lines)["roles"]
    assert roles["werechow"]["rate"] == 1.0 and roles["beasts"]["rate"] == 0.0 and roles["beasts"]["games"] == 20
    assert per_game(lines[0])["role:beasts"] == 0.0


# ---- compare -------------------------------------------------------------------------------------------------


def test_a_variant_that_changes_nothing_compares_as_no_difference(tmp_path):
    same = Variant("growl", "same", {}, {"setup": {"starter": {"6": [2, 4]}}})  # the printed value, overlaid
    a = play_variant(as_printed("growl"), 6, ["random"] * 6, 60, seed=5)
    b = play_variant(same, 6, ["random"] * 6, 60, seed=5)
    rows = compare(a, b)
    assert rows and not any(r.significant for r in rows)
    assert all(r.diff == 0 and r.pairs >= 1 for r in rows)


def test_a_planted_change_is_found_and_only_where_it_is():
    # B: the first player wins every game A's first player lost to the third; nothing else changes
    a, b = [], []
    for i in range(200):
        winner = [0, 1, 2, 2][i % 4]
        a.append(line(i, [winner], first=0, held=[["x"], [], []], turns=20))
        b.append(line(i, [0 if winner == 2 and i % 8 < 4 else winner], first=0, held=[["x"], [], []], turns=20))
    rows = {r.key: r for r in compare(a, b)}
    assert rows["first+0"].significant and rows["first+0"].diff == pytest.approx(0.25)
    assert rows["first+2"].significant and rows["first+2"].diff == pytest.approx(-0.25)
    assert rows["first+0"].low > 0.15
    assert not rows["first+1"].significant and not rows["length:turns"].significant


def test_runs_on_different_seeds_are_compared_unpaired_and_say_so():
    # A's first player wins half the games, B's three in four; B was played on other seeds: nothing to pair
    a = [line(i, [0] if i % 2 else [1], first=0, held=[[], [], []]) for i in range(400)]
    b = [{**line(i, [0] if i % 4 else [2], first=0, held=[[], [], []]), "seed": 10_000 + i} for i in range(400)]
    rows = {r.key: r for r in compare(a, b)}
    assert not any(r.paired for r in rows.values())
    first = rows["first+0"]
    assert first.significant and first.diff == pytest.approx(0.25) and first.low > 0.15
    assert not rows["length:turns"].significant
    # the same games on other seeds: no call, however many measures
    same = [{**x, "seed": 10_000 + x["index"]} for x in a]
    assert not any(r.significant for r in compare(a, same))


def test_compare_of_two_results_files_on_different_seeds_says_unpaired(tmp_path):
    for name, seed in (("A", 1), ("B", 2)):
        lines = play_variant(as_printed("werebeasts"), 3, ["random"] * 3, 60, seed=seed)
        (tmp_path / f"{name}.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
    out = hexbox("compare", str(tmp_path / "A.jsonl"), str(tmp_path / "B.jsonl"), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    text = " ".join(out.stdout.split())
    assert "unpaired (different seeds)" in text and "A and B share no seed: an unpaired comparison" in text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["A.jsonl", "B.jsonl"]  # no page unless --out


def test_compare_saves_both_sides_even_when_a_is_a_results_file(tmp_path):
    lines = play_variant(as_printed("growl"), 6, ["random"] * 6, 20, seed=4)
    (tmp_path / "printed.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
    three = variant_file(tmp_path, "three", THREE_WOLVES)
    out = hexbox("compare", str(tmp_path / "printed.jsonl"), str(three), "--save", str(tmp_path / "kept"))
    assert out.returncode == 0, out.stderr
    kept_a = [json.loads(x) for x in (tmp_path / "kept" / "A.jsonl").read_text().splitlines()]
    kept_b = [json.loads(x) for x in (tmp_path / "kept" / "B.jsonl").read_text().splitlines()]
    assert kept_a == lines and [x["seed"] for x in kept_b] == [x["seed"] for x in lines]
    assert {x["stats"]["wolf_zeroes"] for x in kept_b} == {3}


def test_a_knob_the_bots_never_exercise_is_named_untested():
    """Voodoo's false_claim_penalty: the heuristic bots never claim falsely, so every game of B is A's game, and
    compare and the report say why rather than "no difference"."""
    from hexbox.sim.compare import Side, notes
    from hexbox.sim.measures import untested

    harsh = Variant("voodoo", "harsh", {"false_claim_penalty": 3}, {})
    a = play_variant(as_printed("voodoo"), 4, ["heuristic"] * 4, 12, seed=2)
    b = play_variant(harsh, 4, ["heuristic"] * 4, 12, seed=2)
    rows = compare(a, b)
    assert not any(r.significant for r in rows)
    said = notes(Side("as printed", as_printed("voodoo")), Side("harsh", harsh), a, b, rows)
    assert "every one of the 12 games of B is the same game as A's" in said[0]
    assert any("the bots never claim a curse falsely in these 24 games: false_claim_penalty is untested by these "
               "bots (agents that would: random)" in n for n in said)
    # random players do claim falsely: then the knob is tested, and nothing is said
    r = play_variant(as_printed("voodoo"), 4, ["random"] * 4, 12, seed=2)
    assert sum(x["stats"]["false_claims"] for x in r) > 0
    assert untested(r, ["options.false_claim_penalty"]) == []


def test_compare_from_the_command_line_finds_more_wolf_zeroes(tmp_path):
    four = variant_file(tmp_path, "four", 'game = "growl"\nname = "four-wolves"\n[overlay.setup.starter]\n'
                                          '6 = [4, 2]\n')
    out = hexbox("compare", "printed", str(four), "-p", "6", "-n", "150", "-o", str(tmp_path / "page"),
                 "--save", str(tmp_path / "runs"))
    assert out.returncode == 0, out.stderr
    assert "four-wolves against as printed, 150 paired games" in " ".join(out.stdout.split())
    assert "werewolf win" in out.stdout
    page = (tmp_path / "page" / "index.html").read_text()
    # the plots are inline SVG: the page fetches nothing (namespaces and metadata URLs are names, not requests)
    assert page.count("<svg") == 2 and not re.search(r"""(src|href)=["']https?:""", page)
    assert "werewolf win" in page
    # the saved runs compare again from their files, with the same numbers
    again = hexbox("compare", str(tmp_path / "runs" / "A.jsonl"), str(tmp_path / "runs" / "B.jsonl"), "--json",
                   "-o", str(tmp_path / "page2"))
    assert again.returncode == 0, again.stderr
    rows = {r["key"]: r for r in json.loads(again.stdout)}
    assert rows["role:werewolf"]["significant"] and rows["role:werewolf"]["diff"] > 0.1


def test_the_report_has_fairness_card_strength_and_warnings(tmp_path):
    from hexbox.sim.report import _card_name, write_report

    lines = play_variant(as_printed("werebeasts"), 3, ["random"] * 3, 150, seed=2)
    results = tmp_path / "r.jsonl"
    results.write_text("".join(json.dumps(x) + "\n" for x in lines))
    written = write_report(results, tmp_path / "report")
    page = (tmp_path / "report" / "index.html").read_text()
    assert written["sections"][0] == "Warnings: the bots may be deciding these numbers"
    for title in ("Win rate by seat, counted from the first player", "Win rate by role", "Card strength"):
        assert title in written["sections"]
    assert "games last 1 turns at the median" in page  # random bots knock each other out at once
    assert "A card needs 40 seat-games on each side to be shown" in page
    assert _card_name("werebeasts", "shark_double") == "Wereshark (double) (shark_double)"  # as printed, and its id


def test_a_variant_with_an_overlay_gives_the_same_lines_for_any_number_of_processes():
    v = Variant("growl", "three", {}, {"setup": {"starter": {"6": [3, 3]}}})
    one = play_variant(v, 6, ["random"] * 6, 30, seed=9, workers=1)
    two = play_variant(v, 6, ["random"] * 6, 30, seed=9, workers=2)
    assert one == two and {x["stats"]["wolf_zeroes"] for x in two} == {3}
