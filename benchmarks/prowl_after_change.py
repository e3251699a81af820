"""How often a Prowl bot accuses a seat right after its Change (odd_moves.py's "blind accusation after a change":
nothing learnt of the new clan card since), and how often those accusations and its others are right: the games
of odd_moves.py (one AGENT among ``normal`` bots, rotated), each accusation checked against the true clan card.
docs/strength.md, "Odd moves".

    python benchmarks/prowl_after_change.py hard --games 100
"""

from __future__ import annotations

import argparse

import odd_moves

import hexbox  # noqa: F401  (registers the games)
from hexbox.games.prowl.cards import CARD_CLAN, CLAN_INDEX
from hexbox.games.prowl.heuristic import blind_after_change


def accusations_detector():
    """Every accusation, by whether it followed the target's Change blindly and whether it was right."""

    def odd(state, seat: int, action) -> str | None:
        if action.kind != "accuse":
            return None
        when = "after a change" if blind_after_change(state.observe(seat), action.target) else "other"
        right = CARD_CLAN[state.clan_card[action.target]] == CLAN_INDEX[action.clan]
        return f"{when}, {'right' if right else 'wrong'}"

    return odd


def tally(agent: str, games: int) -> dict[str, dict[str, int]]:
    """Per kind ("after a change, right", "other, wrong", ...), the accusations of each agent."""
    return odd_moves.screen("prowl", games, [agent, "normal"], detector=accusations_detector())["odd_by_agent"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("agent")
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args(argv)
    for kind, by_agent in sorted(tally(args.agent, args.games).items()):
        print(f"{kind:24s} {by_agent.get(args.agent, 0):5d}   (normal bots: {by_agent.get('normal', 0)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
