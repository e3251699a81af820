"""Prowl: Clans & Cunning (Playlogue, 2024): back a secret clan and make sure it ends on top of the track."""

from hexbox.core import GameInfo, Option, clock_options, register

register(GameInfo(
    name="prowl",
    title="Prowl: Clans & Cunning",
    min_players=2,
    max_players=5,
    default_players=4,
    factory="hexbox.games.prowl.game:ProwlGame",
    summary="play, change or accuse; your secret clan must top the track when the cards run out",
    options=(
        Option("leaders", True, "false removes the 4 leaders (R7, the rulebook's beginner set-up)"),
        Option("hand_size", 6, "cards dealt; rounds = hand_size - 1 (R52); players x hand_size <= 32 (28 without "
               "leaders)", low=2, high=8),
        Option("two_player_deck", True, "with 2 players, the random strengthening deck (R37)"),
        Option("first_player", -1, "-1 = random starting player (R9), else that seat starts", low=-1,
               high=lambda n: n - 1),
        # catch-up variants for the last player's edge (docs/design-notes.md, "Prowl at 4 players"): not the rulebook
        Option("last_round", "clockwise", "clockwise as printed (R10); counter_clockwise: the last round goes "
               "counter-clockwise from the last player, so the starting player has the last turn",
               choices=("clockwise", "counter_clockwise")),
        Option("dominance_to", "start_player", "who takes the Dominance token at the start: the starting player as "
               "printed (R9), or the last player (on the starting player's right)",
               choices=("start_player", "last_player")),
        # turn clock and time bank (clock_options): 5 turns a game, each 1.6 decisions on average (p90 3, max 6 in
        # 300 heuristic games: play or accuse, then its choices): few turns, each worth thinking over
        *clock_options(60, 240),
    ),
    conformance=(
        {"players": 2}, {"players": 3}, {"players": 4}, {"players": 5},
        {"players": 4, "leaders": False}, {"players": 2, "two_player_deck": False, "hand_size": 8},
    ),
    # the same codes as scoring.RESULT_KINDS (written out: listing the games imports no rules)
    result_kinds=("sole_control", "dominance_tiebreak", "leader_claim", "leader_claims_dominance", "no_winner_ties",
                  "no_winner_contract"),
    # the modules of a playout (legal actions, checks, handlers): what the compiled build compiles
    compiled=("state", "rules", "effects", "scoring"),
    intended_turns=20,
    regular_endings=("sole_control",),
    presets={"Quick": {"hand_size": 4}, "Beginner (no leaders)": {"leaders": False}},
    levels={"hard": "ismcts:iters=300+worlds=belief"},
    view=("prowl.js", "prowl.css"),
    hooks={
        "catalogue": "hexbox.games.prowl.cards:catalogue",
        "render": "hexbox.games.prowl.render:render",
        "describe": "hexbox.games.prowl.words:describe",
        "label": "hexbox.games.prowl.words:label",
        "bot": "hexbox.games.prowl.heuristic:Heuristic",
        "advice": "hexbox.games.prowl.opponent:ADVICE",
        "stats": "hexbox.games.prowl.stats:game_stats",
        "first": "hexbox.games.prowl.stats:first_player",
        "report": "hexbox.games.prowl.report:sections",
        "schema": "hexbox.games.prowl.schema:TYPES",
        "encoder": "hexbox.games.prowl.encoder:encoder",
        "reveal": "hexbox.games.prowl.ending:reveal",
    },
))
