"""Every card measured by what it did: a change planted on any Voodoo curse card is found on that card, by holding
and by casting it, in a paired comparison; the report measures every card two ways and lists the ones it could
not measure, with why."""

from __future__ import annotations

import json

import pytest

from hexbox.games.voodoo.cards import CURSES
from hexbox.sim.batch import play_variant
from hexbox.sim.compare import MIN_PAIRS, compare
from hexbox.sim.measures import fairness, used_of
from hexbox.sim.variant import Variant, as_printed

PLAYERS, AGENTS, SEED = 4, ["heuristic"] * 4, 11


@pytest.fixture(scope="module")
def printed_voodoo():
    return {}


def printed(games: int, cache: dict) -> list:
    if games not in cache:
        cache[games] = play_variant(as_printed("voodoo"), PLAYERS, AGENTS, games, SEED, workers=2)
    return cache[games]


def planted(curse: str, games: int, cache: dict) -> tuple[list, list]:
    """The printed game and the game with one curse scoring 9 when cast (printed 1 to 3), on the same seeds."""
    b = play_variant(Variant("voodoo", f"planted-{curse}", {}, {"curse": {curse: {"cast": 9}}}), PLAYERS, AGENTS,
                     games, SEED, workers=2)
    return printed(games, cache), b


def found_where_planted(curse: str, a: list, b: list) -> None:
    rows = compare(a, b)
    cards = [r for r in rows if r.key.startswith(("card:", "used:", "uses:"))]
    mine = [r for r in cards if r.key.partition(":")[2] == curse]
    assert any(r.significant for r in mine), [(r.key, r.a, r.b, r.p_holm) for r in mine]
    # the strongest call among the cards is the planted card's: what moved elsewhere moved because it did (a
    # curse cast in its place, a card held instead)
    strongest = min((r for r in cards if r.p_holm is not None), key=lambda r: (r.p_holm, -abs(r.diff)))
    assert strongest.key.partition(":")[2] == curse, (strongest.key, strongest.p_holm)


def test_a_change_planted_on_banshee_wail_is_found_on_banshee_wail(printed_voodoo):
    a, b = planted("C04", 80, printed_voodoo)
    found_where_planted("C04", a, b)


def games_using(curse: str, lines: list) -> int:
    return sum(any(curse in cards for cards in used_of(x) or []) for x in lines)


@pytest.mark.slow
@pytest.mark.parametrize("curse", [c.id for c in CURSES])
def test_a_change_planted_on_any_curse_is_found_where_planted(curse, printed_voodoo):
    # a rarely cast curse (Piper's Toll: 2 Skulls and 2 Bat Wings) is cast in a game of eight: as many games as
    # the report's own rule asks for, MIN_PAIRS games with a caster on each side, and a margin
    games = 160
    while games_using(curse, printed(games, printed_voodoo)) < 1.5 * MIN_PAIRS and games < 1280:
        games *= 2
    a, b = planted(curse, games, printed_voodoo)
    found_where_planted(curse, a, b)


def test_the_report_measures_every_card_by_holding_and_by_use_and_names_the_rest(tmp_path):
    from hexbox.sim.report import write_report

    lines = play_variant(as_printed("voodoo"), PLAYERS, AGENTS, 40, SEED)
    f = fairness(lines, min_card_games=20)
    used = {r["card"]: r for r in f["used"]}
    assert set(used) <= {c.id for c in CURSES} | {f"A{i:02d}" for i in range(1, 14)}
    assert any(r["enough"] for r in used.values()) and all("games_needed" in r for r in used.values())
    # every use is a seat, a card and the turn it was used in
    assert all(0 <= s < PLAYERS and 0 <= t <= x["turns"] for x in lines for s, _, t in x["stats"]["uses"])
    measured = {r["card"] for r in f["cards"] + f["used"] if r["enough"]}
    every = {c for c, _ in f["unmeasured"]} | measured
    assert every >= {c.id for c in CURSES}  # each curse measured, or listed with why
    assert all(why for _, why in f["unmeasured"])
    results = tmp_path / "r.jsonl"
    # the same games thrice over (a report has no use for independence): enough seat-games to show cards
    thrice = [{**x, "index": k * len(lines) + x["index"]} for k in range(3) for x in lines]
    results.write_text("".join(json.dumps(x) + "\n" for x in thrice))
    write_report(results, tmp_path / "report")
    page = (tmp_path / "report" / "index.html").read_text()
    assert "By holding it at the end" in page and "By using it" in page and "games to say so" in page
    assert "Not measured" in page
