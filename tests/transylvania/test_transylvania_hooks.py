"""The registration's hooks: the bot, ISMCTS advice, labels, the terminal table, statistics, words."""

import random

from transylvania_helpers import act, lay_tile, move, put, ready, to_monster

import hexbox
from hexbox.core import View
from hexbox.games.transylvania import actions as A
from hexbox.games.transylvania.heuristic import ADVICE, Heuristic, p_at_least, win_chances
from hexbox.games.transylvania.label import label
from hexbox.games.transylvania.render import TILE, render
from hexbox.games.transylvania.state import RESULT_KINDS
from hexbox.games.transylvania.stats import game_stats


def play_bots(players, seed):
    s = hexbox.load("transylvania", players=players).new_state(seed=seed)
    bots = [Heuristic() for _ in range(players)]
    rng = random.Random(seed)
    while not s.is_over:
        seat = rng.choice(s.actors)
        s.apply(seat, bots[seat].act(View.of(s, seat), rng))
    return s


def test_the_registered_result_kinds_are_the_rules_codes():
    assert hexbox.game_info("transylvania").result_kinds == RESULT_KINDS


def test_the_bot_finishes_games_at_every_player_count():
    for players, seed in ((3, 1), (6, 2)):
        s = play_bots(players, seed)
        assert s.result.kind in RESULT_KINDS and s.round <= 40
        stats = game_stats(s.observe(None))
        assert stats["end"] == s.result.kind and stats["players"] == players and stats["rounds"] == s.round


def test_the_bot_breaks_the_curse_more_often_than_the_round_limit_ends_games():
    kinds = [play_bots(4, seed).result.kind for seed in range(6)]
    assert kinds.count("curse_endures") <= 2


def test_the_bot_hunts_as_a_monster():
    s = ready(3)
    lay_tile(s, "graveyard", 0, -1, 0)
    to_monster(s, 0, 0, "graveyard.b")
    s.phase = "monster"
    put(s, 1, "graveyard.b")
    a = Heuristic().act(View.of(s, 0), random.Random(0))
    assert a == A.ATTACK[1][0]


def test_win_chances_are_a_distribution_favouring_knowledge():
    s = ready(4)
    w = win_chances(s)
    assert abs(sum(w) - 1) < 1e-9 and ADVICE.ISMCTS_DEFAULTS["rollout"] > 0
    s.kills[0], s.role[0] = 1, 0
    assert win_chances(s)[0] > max(win_chances(s)[1:])


def test_roll_odds_table():
    # the spec's table: 2 dice reach 3 with 64%, 3 dice reach 5 with 50%
    assert round(p_at_least(2, 3), 2) == 0.64 and round(p_at_least(3, 5), 2) == 0.50 and p_at_least(0, 1) == 0


def test_labels_read_like_the_position():
    s = ready(3)
    lay_tile(s, "graveyard", 0, -1, 0)
    put(s, 0, "graveyard.h")
    assert label(s, 0, move("graveyard.d")) == "move to Graveyard d (an Event space)"
    to_monster(s, 1, 0, "graveyard.h")
    text = label(s, 0, A.ATTACK[1][0])
    assert text.startswith("attack seat 1 (Vampire):") and "against 5" in text


def test_render_shows_the_map_and_the_viewer_cards():
    s = ready(3)
    out = render(s.observe(0))
    assert "seat 0 (you):" in out and "Your hand:" in out and "round 1" in out
    assert "Church" in out and "[bold]You[/bold]: " in out and "moves left this turn" in out
    assert "Your hand" not in render(s.observe(None))


def test_a_land_wider_than_five_tiles_is_drawn_in_strips_that_fit_80_columns():
    """At a terminal a map row wider than the window wraps and the land loses its shape (a seven-tile land once
    wrapped at 110 columns): every map line fits 80 columns, west to east in strips when it must, and every laid
    tile is drawn."""
    from rich.text import Text

    widest, strips = 0, 0
    s = hexbox.load("transylvania", players=5).new_state(seed=17)
    bots = [Heuristic() for _ in range(5)]
    rng = random.Random(17)
    while not s.is_over:
        seat = rng.choice(s.actors)
        s.apply(seat, bots[seat].act(View.of(s, seat), rng))
        lines = Text.from_markup(render(s.observe(0))).plain.split("\n")
        land = lines[1:next(i for i, line in enumerate(lines) if line.startswith("north up"))]
        widest = max(widest, *map(len, land))
        tiles = [t["tile"] for t in s.observe(0)["public"]["board"]["tiles"]]
        drawn = " ".join(land)
        assert all(TILE[t].name in drawn for t in tiles)
        strips = max(strips, sum(line.startswith("the land's tile columns") for line in land))
    assert widest <= 80 and strips >= 2  # this deal's land grows seven tiles wide


def test_the_viewer_is_you_in_its_own_words():
    s = ready(3)
    put(s, 0, "church.b")
    events = act(s, 0, move("church.a"))
    assert s.describe(events, 0) == ["You move to Church (a)."]
    assert s.describe(events, 1) == ["Seat 0 moves to Church (a)."]


def test_words_are_sentences_for_every_viewer():
    s = ready(3)
    put(s, 0, "church.b")
    events = act(s, 0, move("church.a"))
    assert s.describe(events, None) == ["Seat 0 moves to Church (a)."]


def test_timer_times_the_windows_out_of_turn_only():
    from hexbox.games.transylvania.timer import timer
    s = ready(4)
    assert timer(s) is None  # one's own turn is not timed
    lay_tile(s, "graveyard", 0, -1, 0)
    put(s, 0, "graveyard.a")
    to_monster(s, 2, 1, "graveyard.b")
    act(s, 0, move("graveyard.b"))
    seconds, window = timer(s)
    assert seconds == 15.0 and window[0] == "ambush"
    act(s, 2, A.AMBUSH[0])
    assert timer(s)[1] == window  # the same window: its clock runs on


def test_a_monster_hurt_past_its_last_health_reads_none_left():
    """A Monster whose Health runs out dies (R101); the log said "loses 10 Health (-9 left)", as no seat line does."""
    from hexbox.games.transylvania.words import SENTENCES

    assert SENTENCES["monster_wounded"]({"seat": 4, "lost": 10, "health": -9}) == \
        "Seat 4's Monster loses 10 Health (0 left)."
    assert SENTENCES["church_burns"]({"seat": 2, "health": -1}) == "The Church burns seat 2's Monster (0 Health left)."
    assert SENTENCES["wounded"]({"seat": 1, "lost": 3, "health": -2}) == "Seat 1 loses 3 Health (0 left)."
