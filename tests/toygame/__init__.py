"""Hunch: a toy game written from docs/adding-a-game.md alone, the proof that a game needs nothing outside its
package. Two or three players each hold one hidden number card; in turn, a player names another's card or passes.
A right guess wins at once; after the last round the highest card wins.

Importing this package registers the game (the one line a game needs: ``import tests.toygame``).
"""

from hexbox.core import GameInfo, Option, clock_options, register

INFO = GameInfo(
    name="hunch",
    title="Hunch (a toy)",  # not its name capitalized: the pages must show the registered title
    min_players=2,
    max_players=3,
    default_players=3,
    factory="tests.toygame.game:HunchGame",
    summary="name another player's hidden card before the rounds run out",
    options=(
        Option("rounds", 3, "rounds of turns before the highest card wins (R5)", low=1, high=10),
        # the server's turn clock and time bank: a turn is one guess among a handful
        *clock_options(30, 90),
    ),
    conformance=({"players": 2}, {"players": 3}, {"players": 3, "rounds": 1}),
    result_kinds=("guessed", "highest_card"),
    compiled=("state", "rules"),
    hooks={
        "catalogue": "tests.toygame.cards:catalogue",
        "describe": "tests.toygame.words:describe",
        "render": "tests.toygame.words:render",
        "schema": "tests.toygame.schema:TYPES",
        "encoder": "tests.toygame.encoder:encoder",
        "bot": "tests.toygame.bot:Bot",
    },
)
register(INFO)
