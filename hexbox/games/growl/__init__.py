"""GROWL (2019) with its Curses and Spells expansions: humans and werewolves pass cards by day and at night."""

from hexbox.core import GameInfo, Option, clock_options, register

register(GameInfo(
    name="growl",
    title="GROWL (with Curses and Spells)",
    min_players=4,
    max_players=10,
    default_players=6,
    factory="hexbox.games.growl.game:GrowlGame",
    summary="give every card away, bite and wound by night, and be human (or not) at the Growl",
    options=(
        Option("curses", False, "shuffle in the 14 Curses cards (R8)"),
        Option("spells", False, "shuffle in Spells (R12, R41-R52)"),
        Option("spells_count", 4, "how many of the 12 Spells are shuffled in", low=3, high=5),
        Option("holy_water", 2, "wound icons per Holy Water icon for a werewolf (R36, D6)", low=1, high=3),
        Option("night_jitter", 2, "largest random shift of a Night card from its third (R13, D7)", low=0, high=3),
        Option("cant_pass", "skip", "fate of a player without two legal Night cards (R27, D14)",
               choices=("skip", "die")),
        Option("starter_bites_10p", 3, "Wolf Zeroes at 10 players (D3)", low=3, high=4),
        Option("start_seat", -1, "-1 = random Start Player, else that seat (R15)", low=-1, high=lambda n: n - 1),
        # turn clock and time bank (clock_options): a turn is one card to give (1.1 decisions on average, p99 3 in
        # 300 heuristic games at 4, 6 and 10 players), but it is read against the whole table's gifts
        *clock_options(45, 180),
    ),
    # every player count and every expansion combination at least once, and both rules of R27
    conformance=(
        {"players": 4},
        {"players": 6, "curses": True},
        {"players": 8, "spells": True},
        {"players": 10, "curses": True, "spells": True},
        {"players": 6, "curses": True, "spells": True, "cant_pass": "die", "spells_count": 5},
    ),
    result_kinds=("final_night", "two_or_fewer_alive"),  # R69, R70
    # the modules of a playout (legal actions, checks, handlers): what the compiled build compiles
    compiled=("state", "night", "spells"),
    intended_turns=29,
    # the Final Night at 7+ players, where two or fewer left alive is all but impossible
    regular_endings=("final_night",),
    presets={"Quick": {"spells": False, "curses": False}, "Full expansions": {"curses": True, "spells": True}},
    # hard: worlds drawn from the fitted belief (docs/strength.md, "Levels")
    levels={"hard": "ismcts:iters=800+worlds=belief"},
    view=("growl.js", "growl.css"),
    hooks={
        "catalogue": "hexbox.games.growl.cards:catalogue",
        "render": "hexbox.games.growl.render:render",
        "describe": "hexbox.games.growl.words:describe",
        "bot": "hexbox.games.growl.heuristic:Heuristic",
        "advice": "hexbox.games.growl.advice:ADVICE",
        "stats": "hexbox.games.growl.stats:game_stats",
        "first": "hexbox.games.growl.stats:first_player",
        "report": "hexbox.games.growl.report:sections",
        "schema": "hexbox.games.growl.schema:TYPES",
        "encoder": "hexbox.games.growl.encoder:encoder",
        "out": "hexbox.games.growl.ending:out",
        "reveal": "hexbox.games.growl.ending:reveal",
    },
))
