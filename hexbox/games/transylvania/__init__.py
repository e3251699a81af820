"""Transylvania: Curses & Traitors (Pladica Games, 2019): explore a land of monsters for the Knowledge to break its
curse, while some of your fellow adventurers quietly turn into the very monsters you hunt."""

from hexbox.core import GameInfo, Option, clock_options, register

INFO = GameInfo(
    name="transylvania",
    title="Transylvania: Curses & Traitors",
    min_players=3,
    max_players=6,
    default_players=4,
    factory="hexbox.games.transylvania.game:TransylvaniaGame",
    summary="gather Knowledge to break the curse, or turn traitor and hunt the others as a Monster",
    options=(
        Option("first_player", "random", "R9, D51: who goes first", choices=("random", "seat0")),
        Option("monster_kills", "half_up", "R4: kills a Monster needs (half the seats, rounded up, or a number)",
               choices=("half_up", "1", "2", "3", "4")),
        Option("minion_attack", "zombie", "R94, D4: minions roll the Zombie's Attack, or the printed 8",
               choices=("zombie", "eight")),
        Option("ambush_windows", "all", "R133: open every ambush window, or only where a public attack exists",
               choices=("all", "public_only")),
        Option("tiles", "all", "all 15 tiles, or a compact land of 10", choices=("all", "compact")),
        Option("health_cap", 8, "R120, D29: the adventurers' Health cap", low=6, high=10),
        Option("max_rounds", 40, "R147, D35: rounds before the curse endures", low=10, high=200),
        # turn clock and time bank (clock_options): a turn is 5.2 decisions on average (p90 10, p99 14, max 30 in
        # 700 heuristic games), half of them steps of a move; about 24 turns a seat in a game
        *clock_options(90, 300),
    ),
    # random play rarely breaks the curse, so the kit's games stop at a short round limit
    conformance=(
        {"players": 3, "max_rounds": 10},
        {"players": 4, "max_rounds": 10, "minion_attack": "eight"},
        {"players": 5, "max_rounds": 10, "ambush_windows": "public_only", "tiles": "compact"},
        {"players": 6, "max_rounds": 10},
    ),
    # the same codes as rules.RESULT_KINDS (a test keeps them equal): listing the games imports no rules
    result_kinds=("curse_broken", "monster_kills", "monster_slain", "monster_duel", "curse_endures"),
    # the modules of a playout (legal actions, checks, handlers): what the compiled build compiles
    compiled=("state", "play", "legal", "board", "abilities"),
    intended_turns=59,
    # no regular ending: each ending is a side winning, and one side nearly always winning is what the warning is for
    presets={"Quick": {"tiles": "compact", "max_rounds": 15}},
    # hard: the bot walks, the search decides the rest: the heuristic's move against every action of another kind
    # (stop, attempt, challenge, fight), started from the heuristic's (progressive bias); the plain search walks at
    # random and lost to the heuristic (docs/strength.md, "Transylvania")
    levels={"hard": "ismcts:iters=100+focus=kinds+bias=2"},
    view=("transylvania.js", "transylvania.css"),
    hooks={
        "catalogue": "hexbox.games.transylvania.cards:catalogue",
        "render": "hexbox.games.transylvania.render:render",
        "describe": "hexbox.games.transylvania.words:describe",
        "bot": "hexbox.games.transylvania.heuristic:Heuristic",
        "advice": "hexbox.games.transylvania.heuristic:ADVICE",
        "label": "hexbox.games.transylvania.label:label",
        "stats": "hexbox.games.transylvania.stats:game_stats",
        "first": "hexbox.games.transylvania.stats:first_player",
        "report": "hexbox.games.transylvania.report:sections",
        "schema": "hexbox.games.transylvania.schema:TYPES",
        "timer": "hexbox.games.transylvania.timer:timer",
        "encoder": "hexbox.games.transylvania.encoder:encoder",
        "reveal": "hexbox.games.transylvania.ending:reveal",
    },
)

register(INFO)
