"""Voodoo (Red Glove, 2014): roll ingredient dice, cast curses that the others must act out, catch them
when they forget, and be the first sorcerer to reach 11 points."""

from hexbox.core import GameInfo, Option, clock_options, register

register(GameInfo(
    name="voodoo",
    title="Voodoo",
    min_players=3,
    max_players=6,
    default_players=4,
    factory="hexbox.games.voodoo.game:VoodooGame",
    summary="roll ingredients, cast curses, cry \"Broken!\" when a victim forgets",
    options=(
        Option("claim_mode", "call_out", "who turns a broken curse into points (R57, R58)",
               choices=("call_out", "automatic")),
        Option("claim_window_seconds", 10, "server timer of the claim window V5", low=3, high=60, server_only=True),
        Option("reaction_window_seconds", 6, "server timer of the windows V2 and V4", low=2, high=30, server_only=True),
        Option("turn_seconds", 60, "server timer of each decision in V1/V3", low=10, high=300, server_only=True),
        Option("target_score", 11, "points needed to win (R38)", low=5, high=21),
        Option("false_claim_penalty", 1, "points lost for a claim with no violation behind it (R57)", low=0, high=3),
        Option("max_turns", 300, "turn cap for endless games (R46)", low=30, high=1000),
        Option("first_seat", -1, "-1 = random first player (R7), else that seat", low=-1, high=lambda n: n - 1),
        # a catch-up variant for the first player's edge (docs/design-notes.md, "Voodoo at 4 players"): not the rulebook
        Option("finish_round", "no", "no: the first to reach the target wins at once (R38); ties_shared, "
               "ties_to_later: reaching it ends the game at the end of the round (the last player's turn), then the "
               "highest score wins, tied leaders all, or the one of them latest in turn order",
               choices=("no", "ties_shared", "ties_to_later")),
        # turn clock and time bank (clock_options): a turn is 6.4 decisions on average (p90 10, max 26 in 700
        # heuristic games), mostly dice clicks; turn_seconds still times each decision and the windows keep theirs
        *clock_options(60, 240),
    ),
    # random play rarely reaches 11 points (false claims cost points), so the kit's games end at a short
    # turn cap to keep the suite quick; tests/voodoo plays full-length games
    conformance=tuple(
        {"players": n, "claim_mode": mode, "max_turns": 60} for n in (3, 4, 5, 6) for mode in ("call_out", "automatic")
    ),
    # the same codes as state.RESULT_KINDS (a test keeps them equal): listing the games imports no rules
    result_kinds=("reached_target", "turn_cap"),
    # the modules of a playout (legal actions, checks, handlers): what the compiled build compiles
    compiled=("state", "legal", "curses", "artefacts"),
    intended_turns=31,
    regular_endings=("reached_target",),
    presets={"Quick": {"target_score": 6}},
    # easy: two moves in three at random never reach 11 points (271 of 300 games among such bots hit the turn cap, so
    # a person would play alone); one in three still finishes (98 of 100 games, in 97 turns against 31)
    levels={"easy": "heuristic:random=0.33", "hard": "ismcts:iters=200"},
    view=("voodoo.js", "voodoo.css"),
    hooks={
        "catalogue": "hexbox.games.voodoo.cards:catalogue",
        "render": "hexbox.games.voodoo.render:render",
        "describe": "hexbox.games.voodoo.words:describe",
        "bot": "hexbox.games.voodoo.heuristic:Heuristic",
        "advice": "hexbox.games.voodoo.heuristic:ADVICE",
        "stats": "hexbox.games.voodoo.stats:game_stats",
        "first": "hexbox.games.voodoo.stats:first_player",
        "report": "hexbox.games.voodoo.report:sections",
        "schema": "hexbox.games.voodoo.schema:TYPES",
        "timer": "hexbox.games.voodoo.timer:timer",
        "menu": "hexbox.games.voodoo.words:MENU",
        "label": "hexbox.games.voodoo.label:label",
        "encoder": "hexbox.games.voodoo.encoder:encoder",
    },
))
