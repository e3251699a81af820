"""A bot: names a card that the misses and its own card leave possible, or passes when nothing is likely."""

from __future__ import annotations

import random

from hexbox.core import Action, View


class Bot:
    name = "hunch bot"

    def act(self, view: View, rng: random.Random) -> Action:
        obs = view.observation
        mine, seat = obs["private"]["card"], obs["seat"]
        ruled_out = {(m["seat"], m["card"]) for m in obs["public"]["misses"]}
        options = [a for a in view.legal_actions if a.kind == "guess" and a.card != mine
                   and (a.target, a.card) not in ruled_out and a.target != seat]
        return rng.choice(options) if options else view.legal_actions[-1]
