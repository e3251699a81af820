"""How often a Prowl search accuses a seat right after its Change (odd_moves.py's "blind accusation after a change":
nothing learnt of the new clan card since), and how often those accusations and its others are right: one agent
among ``normal`` bots, rotated, the games of odd_moves.py. docs/strength.md, "Odd moves".

    python benchmarks/prowl_after_change.py SPEC GAMES     # e.g. hard 100
"""

import random, sys
import hexbox  # noqa: F401  (registers the games)
from hexbox.agents import make_agent
from hexbox.core import View, conformance_setups, load
from hexbox.games.prowl.heuristic import blind_after_change
from hexbox.games.prowl.cards import CARD_CLAN, CLAN_INDEX
spec=sys.argv[1]; n=int(sys.argv[2])
setups=[(p,o) for g,p,o in conformance_setups() if g=='prowl']
right=wrong=acc_right=acc_wrong=0
for seed in range(n):
    players, options = setups[seed % len(setups)]
    state = load('prowl', players=players, **options).new_state(seed=seed)
    specs=[spec]+['normal']*(players-1); shift=seed%players
    specs = specs[-shift:] + specs[:-shift] if shift else specs
    bots=[make_agent(s,'prowl') for s in specs]; rng=random.Random(seed)
    while not state.is_over:
        actors=state.actors; seat=actors[0] if len(actors)==1 else rng.choice(actors)
        a=bots[seat].act(View.of(state,seat),rng)
        if specs[seat]!='normal' and a.kind=='accuse':
            ok = CARD_CLAN[state.clan_card[a.target]] == CLAN_INDEX[a.clan]
            if blind_after_change(state.observe(seat), a.target):
                right+=ok; wrong+= not ok
            else:
                acc_right+=ok; acc_wrong+=not ok
        state.apply(seat,a)
print(spec,'blind after change: right',right,'wrong',wrong,'| other accusations right',acc_right,'wrong',acc_wrong)
