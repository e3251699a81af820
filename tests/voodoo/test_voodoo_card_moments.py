"""Every curse's text names the moment its rule kind acts (R53-R55, the table of rule kinds): a player who does what
the card says is never caught by a check at another moment (Baron's Laugh once said "when the bag is complete"
while its ritual is checked at `keep`, so a player who laughed then lost 2 points)."""

from __future__ import annotations

import pytest

from hexbox.core.texts import texts
from hexbox.games.voodoo.cards import CURSES, PERMANENTS

#: R53: a ritual's trigger action -> words that name that moment
RITUAL = {"roll": ("before rolling",), "reroll": ("re-roll",), "keep": ("keeping the bag", "keep the bag"),
          "draw": ("drawing",), "cast": ("casting",), "score": ("scoring",), "pass_doll": ("passing the doll",),
          "any": ("every action",)}
#: R54: an echo's event (by another player) -> its words
ECHO = {"roll": ("rolls",), "cast": ("casts",), "points": ("scores",), "caster_says": ("speaks",)}
#: R55: a limit's count -> its words
LIMIT = {"reroll": ("re-roll", "throw again"), "draw_curse": ("Curse card", "draw"), "draw_artefact": ("artefact",),
         "cast": ("cast",), "phase2": ("once the bag is complete",)}
OTHER = {"speech": ("speak", "say"), "target": ("cast", "curse"), "payment": ("spend", "draw")}

CARDS = [(c.id, c.name, c.rule) for c in CURSES] + [(p.id, p.name, p.rule) for p in PERMANENTS]


def _moment(rule) -> tuple[str, ...]:
    if rule.kind == "ritual":
        return RITUAL[rule.trigger]
    if rule.kind == "echo":
        return ECHO[rule.event]
    if rule.kind == "limit":
        return LIMIT[rule.count]
    return OTHER[rule.kind]


@pytest.mark.parametrize("ident,name,rule", CARDS, ids=[c[1] for c in CARDS])
def test_each_curses_text_names_the_moment_its_kind_acts(ident, name, rule):
    text = texts("voodoo").cards[ident].text
    words = _moment(rule)
    assert any(w.lower() in text.lower() for w in words), f"{name} ({rule.kind} {rule}): {text!r} names none of {words}"


def test_baron_s_laugh_is_laughed_just_before_keeping_the_bag():
    """R53: the `keep` trigger: the laugh comes just before the bag is kept, not after it is complete."""
    laugh = next(c for c in CURSES if c.name == "Baron's Laugh")
    assert laugh.rule.trigger == "keep"
    assert "before keeping the bag" in texts("voodoo").cards[laugh.id].text
    assert "when the bag is complete" not in texts("voodoo").cards[laugh.id].text
