"""The whole session's set-up: the toy game (tests/toygame/, "Hunch", written from docs/adding-a-game.md alone) is
registered before any test module is collected, so that every test that runs on each registered game runs on it
too: what a sixth game must declare and pass is what the suite checks of every game."""

import tests.toygame  # noqa: F401  (the one line a game needs: importing its package registers it)
