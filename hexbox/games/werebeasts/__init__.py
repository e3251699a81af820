"""Werebeasts (Bézier Games, 2018): collect the beasts of your goals without letting anyone guess them."""

from hexbox.core import GameInfo, Option, register

register(GameInfo(
    name="werebeasts",
    title="Werebeasts",
    min_players=3,
    max_players=10,
    default_players=5,
    factory="hexbox.games.werebeasts.rules:WerebeastsGame",
    summary="auction beasts, hide your two goals, accuse the others of theirs",
    options=(
        Option("bid_window_seconds", 10, "server timer of a bidding window (R39)", low=1, high=120),
        Option("max_bid_changes", 6, "offer changes per bidder per sale", low=1, high=20),
        Option("dealer", -1, "-1 = random dealer (R10), else that seat deals", low=-1, high=lambda n: n - 1),
    ),
    conformance=(
        {"players": 3}, {"players": 4}, {"players": 5}, {"players": 10},
        {"players": 5, "max_bid_changes": 1},
    ),
))
