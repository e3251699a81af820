"""Every knob live or refused: each value of every game's cards.toml and each option is a rule parameter some game
reads (a change of it changes some game within a bounded number of seeds), or is refused as an overlay with its
reason (words, names, values the code cannot play); `hexbox knobs` lists them (hexbox.sim.knobs)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from hexbox.core import ConfigError, DataError, games
from hexbox.sim.knobs import DEAD, LIVE, REFUSED, TEXT_STATUS, UNTESTED, Knob, check, counts, inventory
from hexbox.sim.variant import Variant, validate_overlay


def knob(game: str, path: str) -> Knob:
    found = [k for k in inventory(game) if k.path == path]
    assert found, f"{game} has no knob {path}"
    return found[0]


# ---- refused with a clear line --------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "over", "message"), [
    ("growl", {"card": {"gold": {"name": "Silver"}}}, "overlay key card.gold.name: words, not a rule parameter"),
    ("voodoo", {"curse": {"C04": {"text": "howl"}}}, "overlay key curse.C04.text: words, not a rule parameter"),
    ("werebeasts", {"auction": {"kitten_1": {"id": "cat"}}}, "overlay key auction.kitten_1.id: a name"),
    ("growl", {"card": {"wolfsbane": {"gold_cost": 2}}}, "the card's effect is written in the rules' code"),
    ("prowl", {"card": {"summer_war_horn": {"keywords": []}}}, "the rules carry out each card's effect as printed"),
    # a value the rules' checks refuse, named for what it is (not for the name it would give the card)
    ("werebeasts", {"auction": {"kitten_double": {"icons": 1}}},
     "kitten's four auction cards are three singles (1 icon) and a double (2 icons)"),
    ("voodoo", {"game": {"dice": 9}}, "dice: a turn rolls 2 to 7 dice (R10), not 9"),
    ("voodoo", {"game": {"skulls": [6, 3]}}, "the Big Skulls are scores above 0, in rising order (R26)"),
    ("voodoo", {"game": {"start_points": {"5": [0, 0, 0, 1]}}}, "5 players need 5 head starts"),
    # Transylvania: values its rules never read, each for its reason
    ("transylvania", {"tiles": {"church": {"start": False}}}, "the Church starts on the table by its place"),
    ("transylvania", {"monsters": {"vampire": {"ability": "feral_surge"}}}, "is the rules' code for that Monster"),
    ("transylvania", {"minion": {"health": 2}}, "the rules keep no minion's Health"),
    ("transylvania", {"rules": {"health_cap": 9}}, "a variant sets the option instead"),
])
def test_an_overlay_of_words_names_or_unplayable_values_is_refused_with_its_reason(game, over, message):
    with pytest.raises(DataError, match=message.replace("(", r"\(").replace(")", r"\)")) as caught:
        validate_overlay(game, over)
    assert "\n" not in str(caught.value)


def test_voodoo_dice_and_skulls_are_data_the_rules_read():
    """Voodoo's dice and Big Skulls were constants asserted in code: now a variant may change them, and does."""
    found = {k.path: k for k in check("voodoo", [knob("voodoo", "overlay.game.dice"),
                                                 knob("voodoo", "overlay.game.skulls")], seeds=8)}
    assert found["overlay.game.dice"].status == LIVE, found["overlay.game.dice"].reason
    assert found["overlay.game.skulls"].status == LIVE, found["overlay.game.skulls"].reason
    Variant("voodoo", "six", {}, {"game": {"dice": 6}}).check()  # once an AssertionError


def test_voodoo_head_starts_are_data_the_rules_read():
    """A catch-up variant's head start per seat (game.start_points, R6) is read by the rules at every count, and so
    are the dice off a first roll (game.first_roll_fewer_dice, R10)."""
    found = check("voodoo", [knob("voodoo", f"overlay.game.start_points.{n}") for n in (3, 4, 5, 6)]
                  + [knob("voodoo", "overlay.game.first_roll_fewer_dice.4")], seeds=4)
    assert [k.status for k in found] == [LIVE] * 5, [k.reason for k in found]


def test_growl_counts_the_icons_of_cursed_charm_not_its_cards():
    """GROWL's rules counted Charm *cards*: three charm icons on Cursed Charm changed no game. Now they count."""
    found = check("growl", [knob("growl", "overlay.card.cursed_charm.icons.charm"),
                            knob("growl", "overlay.card.hex.cancels")], seeds=16)
    assert [k.status for k in found] == [LIVE, LIVE], [k.reason for k in found]


def test_a_dead_rule_parameter_is_called_dead():
    """The check calls a value dead when no game changes: here a server's clock, checked as if it were a rule (a
    stand-in for any value no rule reads), against a live one."""
    k = knob("werebeasts", "overlay.game.chow_cans_per_point")
    k.status, k.reason = "", ""
    live = check("werebeasts", [k], seeds=8)[0]
    assert live.status == LIVE and live.seeds >= 1
    dead = Knob("options.bid_window_seconds", 10)  # a server's clock, checked as if it were a rule
    result = check("werebeasts", [dead], seeds=4)[0]
    assert result.status == DEAD and "changed no game in 4 seeds" in result.reason


def test_transylvania_reads_its_rules_and_monsters_values():
    """Transylvania's two-per-space limit (R26) was a 2 written in the code, and the Monsters' values were read only
    in games longer than the check played: now the rules read the one, and long games (EXERCISE) reach the other."""
    found = check("transylvania", [knob("transylvania", "overlay.rules.max_on_space"),
                                   knob("transylvania", "overlay.monsters.zombie.movement")], seeds=8)
    assert [k.status for k in found] == [LIVE, LIVE], [k.reason for k in found]


def test_transylvania_reads_values_only_long_tables_of_random_players_reach():
    """A Monster burnt on the Church (R82), a hurt Werewolf's Health (R101), the Bible's Spirit dice for each Monster
    on the board and the Training Yard's best row were dead to the heuristic bots' long games (they seldom turn into
    Monsters and hardly ever step onto the Church as one): long games of random players at five seats (EXERCISE) show
    each at the first seed."""
    paths = ["overlay.rules.monster_church_damage", "overlay.monsters.werewolf.health",
             "overlay.discovery.gk_bible.mods.spirit_per_monster", "overlay.events.training_yard.results.2.effects"]
    found = check("transylvania", [knob("transylvania", p) for p in paths], seeds=2)
    assert [k.status for k in found] == [LIVE] * 4, [(k.path, k.reason) for k in found]
    assert {k.agents for k in found} == {"random"}


#: a few knobs of every game, checked in the quick suite; every knob of every game in the slow one below
SAMPLE = {
    "werebeasts": ["overlay.game.chow_cans_per_point", "options.max_bid_changes", "overlay.goal.kitten.name"],
    "prowl": ["options.hand_size", "options.last_round", "options.dominance_to", "overlay.card.spring_high_mage.leader",
              "overlay.clan.spring.name"],
    "growl": ["overlay.card.bite.icons.bite", "overlay.setup.starter.6", "overlay.card.gold.copies.base"],
    "voodoo": ["overlay.curse.C04.interrupt", "overlay.curse.H06.rule.target", "overlay.permanent.P02.consequence.n",
               "overlay.game.start_points.4", "options.finish_round"],
    "transylvania": ["overlay.rules.hand_limit", "overlay.rules.start_health", "overlay.adventurers.hero.text"],
}


@pytest.mark.parametrize("game", sorted(SAMPLE))
def test_a_sample_of_every_games_knobs_is_live_or_refused(game):
    found = check(game, [knob(game, p) for p in SAMPLE[game]], seeds=12)
    assert not [k for k in found if k.status == DEAD], [(k.path, k.reason) for k in found]
    assert all(k.reason for k in found if k.status in (REFUSED, TEXT_STATUS))


@pytest.mark.slow
@pytest.mark.parametrize("game", games())
def test_every_knob_of_every_game_is_live_or_refused_with_its_reason(game):
    """The generated check: every option and every value of cards.toml, perturbed; a rule parameter must change some
    game within 24 seeds (heuristic bots and random players, the game's set-ups), or be refused with its reason."""
    found = check(game, seeds=24, workers=2)
    dead = {k.path: k.reason for k in found if k.status == DEAD}
    assert not dead, dead
    # read by a rule whose moment no bot of the check brought about: allowed only where the game declares what it
    # needs (its stats module's BEHAVIOURS), which reports and compare then name as untested by the bots
    for k in found:
        if k.status == UNTESTED:
            print(f"  untested {k.path}: {k.reason}")
    refused = [k for k in found if k.status in (REFUSED, TEXT_STATUS)]
    assert all(k.reason for k in refused)
    c = counts(found)
    print(f"{game}: {c[LIVE]} live, {c[REFUSED]} refused, {c[TEXT_STATUS]} words, {c[UNTESTED]} untested")
    for k in refused:
        if k.status == REFUSED:
            print(f"  refused {k.path}: {k.reason}")


def test_knobs_from_the_command_line_lists_them_with_their_status():
    out = subprocess.run([sys.executable, "-m", "hexbox", "knobs", "werebeasts", "-k", "overlay.game.*", "-k",
                          "options.*", "--seeds", "6", "--json"], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    found = {k["path"]: k for k in json.loads(out.stdout)["knobs"]}
    assert found["overlay.game.chow_cans_per_point"]["status"] == LIVE
    assert found["overlay.game.cans_total"]["status"] == REFUSED
    assert "8 cans each, 80 in the box" in found["overlay.game.cans_total"]["reason"]
    assert found["options.bid_window_seconds"]["status"] == REFUSED


def test_a_variant_with_text_is_refused_in_one_line(tmp_path):
    path = tmp_path / "renamed.toml"
    path.write_text('game = "growl"\n[overlay.card.gold]\nname = "Silver"\n')
    from hexbox.sim.variant import read_variant

    with pytest.raises(ConfigError, match="card.gold.name: words, not a rule parameter"):
        read_variant(path)


def test_a_refused_knob_is_refused_with_its_own_reason_not_a_siblings():
    """A value the game's checks refuse is refused for the step of that value itself: the Secret Agent's Movement
    (the last changes tried also move a step to a sibling adventurer, whose own check would be named otherwise)."""
    for who in ("secret_agent", "templar"):
        k = knob("transylvania", f"overlay.adventurers.{who}.movement")
        k.status, k.reason = "", ""
        found = check("transylvania", [k], seeds=1)[0]
        assert found.status == REFUSED
        assert f"{who}: Movement + traits = 13" in found.reason, found.reason
