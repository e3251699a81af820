"""Werebeasts (Bézier Games, 2018): collect the beasts of your goals without letting anyone guess them."""

from hexbox.core import GameInfo, Option, clock_options, register

register(GameInfo(
    name="werebeasts",
    title="Werebeasts",
    min_players=3,
    max_players=10,
    default_players=5,
    factory="hexbox.games.werebeasts.game:WerebeastsGame",
    summary="auction beasts, hide your two goals, accuse the others of theirs",
    options=(
        Option("bid_window_seconds", 10, "server timer of a bidding window (R39)", low=1, high=120, server_only=True),
        Option("max_bid_changes", 6, "offer changes per bidder per sale", low=1, high=20),
        Option("dealer", -1, "-1 = random dealer (R10), else that seat deals", low=-1, high=lambda n: n - 1),
        # turn clock and time bank (clock_options): a turn is one decision (1.2 on average in 300 heuristic games at
        # 5 players; p99 3: sell, accept, accuse), a bid window's share 1.5-1.7, closed anyway by bid_window_seconds
        *clock_options(45, 180),
    ),
    conformance=(
        {"players": 3}, {"players": 4}, {"players": 5}, {"players": 10},
        {"players": 5, "max_bid_changes": 1},
    ),
    # the step of R34-R37 that decided the winner; how the game ended (R30) is in the reason and the stats
    result_kinds=("most_points", "tie_most_cans", "tie_most_cards", "unbroken_tie"),
    # the modules of a playout (legal actions, checks, handlers): what the compiled build compiles
    compiled=("state", "rules"),
    intended_turns=12,
    # the deck running out (the game's "end" statistic; its result kind says only which tie-break step decided)
    regular_endings=("deck",),
    presets={"Quick": {"max_bid_changes": 2}},
    # easy: random bids hide one's goals and make a bot harder to read, not weaker, and a timid bot (accusing only
    # when 95% sure) is no easier, so its easy bot is a beginner who collects and never dares accuse. hard: worlds
    # drawn from the belief over goals, accusations searched: clearly stronger than the plain search against the
    # heuristic that accuses from that belief (docs/strength.md, "Levels")
    levels={"easy": "heuristic:accuse=no", "hard": "ismcts:iters=100+worlds=belief"},
    view=("werebeasts.js", "werebeasts.css"),
    hooks={
        "catalogue": "hexbox.games.werebeasts.cards:catalogue",
        "render": "hexbox.games.werebeasts.render:render",
        "describe": "hexbox.games.werebeasts.words:describe",
        "bot": "hexbox.games.werebeasts.heuristic:Heuristic",
        "advice": "hexbox.games.werebeasts.opponent:ADVICE",
        "stats": "hexbox.games.werebeasts.stats:game_stats",
        "first": "hexbox.games.werebeasts.stats:first_player",
        "report": "hexbox.games.werebeasts.report:sections",
        "schema": "hexbox.games.werebeasts.schema:TYPES",
        "timer": "hexbox.games.werebeasts.timer:timer",
        "encoder": "hexbox.games.werebeasts.encoder:encoder",
        "out": "hexbox.games.werebeasts.ending:out",
        "reveal": "hexbox.games.werebeasts.ending:reveal",
    },
))
