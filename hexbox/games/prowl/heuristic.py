"""A Prowl bot: one-ply search over the legal actions, averaged over worlds sampled from what the seat knows.

Each candidate action is tried in a few resampled worlds (``view.sample``: every hidden clan card and hand
re-dealt consistently with the seat's knowledge and the public denials), the follow-up prompts of the same
turn are answered greedily in that world, and the position is scored by who would win if the game ended now,
plus a little for a high clan, fewer rival clans above it, and the Dominance token. Averaging over worlds turns
an accusation into its expected value: right in some worlds, wrong in others.

The search gives exactly these numbers with fewer trial moves (Trials): a move is tried once for all the worlds
and candidates where it provably reaches positions the score cannot tell apart, and each world scores them with
its own clans; a prompt's answers likewise (SAME_ANSWERS). A test compares every value with a plain search.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hexbox.core import Action, View

from . import actions as A
from .cards import (
    BRIBED_OFFICIAL,
    CARD_EARLY,
    CARD_FINAL,
    CARD_INDEX,
    CARDS,
    CHANGELING,
    CLAN_INDEX,
    CURSED_EFFIGY,
    DUELIST,
    EXILED_PRINCE,
    FIREBRAND,
    GRAND_CHANCELLOR,
    HIGH_MAGE,
    HOODED_FIGURE,
    HUNTER,
    MAGISTRATE,
    MIST_WEAVER,
    TACTICIAN,
    WARLORD,
    WHISPERER,
)
from .rules import answer
from .scoring import decide
from .state import CARD_CLAN, PROMPT, ProwlState

SAMPLES = 6
FOLLOW_UP_DEPTH = 3


class Heuristic:
    """``blind``: also weigh accusing a seat right after its Change, knowing nothing of its new clan card (with
    few worlds an accusation that happens to be right in most of them looks good). The bot did until 7 December;
    leaving it out cost nothing measurable (docs/strength.md, "Odd moves")."""

    name = "heuristic"

    def __init__(self, samples: int = SAMPLES, blind: bool = False):
        self.samples = samples
        self.blind = blind

    def act(self, view: View, rng: random.Random) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        obs = view.observation
        if obs["phase"] == "setup":
            return choose_clan_card(obs, legal)
        seat = view.seat
        worlds = [view.sample(rng) for _ in range(self.samples)]
        for w in worlds:
            w.quiet = True  # nothing reads the events of a trial move (state.py)
        clues = public_clues(obs, seat)
        weights = [plausibility(w, clues) for w in worlds]
        if not self.blind:  # a person does not name a clan at random: a wrong guess throws a card away
            legal = [a for a in legal if a.kind != "accuse" or not blind_after_change(obs, a.target)] or legal
        best, best_value = legal[0], float("-inf")
        final = len(legal) - 1
        trials = Trials(worlds, seat)
        for i, action in enumerate(legal):
            # the final candidate may play in the worlds themselves: nothing reads them after it
            value = sum(wt * v for wt, v in zip(weights, trials.values(action, i == final)))
            if value > best_value + 1e-9:
                best, best_value = action, value
        return best


def blind_after_change(obs: dict[str, Any], target: int) -> bool:
    """Whether ``target``'s last move was a Change (R25) and the seat of ``obs`` has learnt nothing of the new clan
    card since: no play, accusation, peek or exchange of clan cards touching it, and no private glimpse of it or
    of the hand it came from. An accusation then names a clan at random (R27)."""
    for e in reversed(obs["public"]["history"]):
        kind = e["kind"]
        if kind == "pass_clans" or (kind == "clan_exchange" and target in (e["seat"], e["target"])):
            return False
        if kind in ("accuse", "peek") and e.get("target") == target:
            return False
        if e["seat"] == target:
            if kind != "change":
                return False
            mine = obs["private"]
            return all(str(target) not in mine[k] for k in ("known_clans", "known_held", "known_hands"))
    return False


def public_clues(obs: dict, seat: int) -> list[list[int]]:
    """Per opponent, the clans it helped by Playing (strengthening) since its clan card was last replaced."""
    public = obs["public"]
    helped: list[list[int]] = [[] for _ in range(public["players"])]
    for entry in public["history"]:
        kind, p = entry["kind"], entry["seat"]
        if kind == "play":
            helped[p].append(CARDS[CARD_INDEX[entry["card"]]].clan)
        elif kind == "change":  # a new clan card: older plays say little about it
            helped[p] = []
        elif kind == "clan_exchange":
            helped[p] = helped[entry["target"]] = []
        elif kind == "pass_clans":
            helped = [[] for _ in helped]
    helped[seat] = []
    return helped


def plausibility(world: ProwlState, helped: list[list[int]]) -> float:
    """Players tend to strengthen their own clan: a world where they did is a little more likely."""
    weight = 1.0
    for p, clans in enumerate(helped):
        if clans:
            mine = world.clan_of(p)
            for k in clans:
                weight *= 1.5 if k == mine else 0.85
    return weight


def choose_clan_card(obs: dict, legal: list[Action]) -> Action:
    """Back the clan held most, breaking ties toward the clan higher on the track; keep leaders in hand."""
    hand = [CARDS[CARD_INDEX[c]] for c in obs["private"]["hand"]]
    counts = Counter(c.clan for c in hand)
    height = {CLAN_INDEX[k]: 3 - i for i, k in enumerate(obs["public"]["track"])}
    clan = max(counts, key=lambda k: (counts[k] + 0.6 * height[k], -k))
    mine = sorted((c for c in hand if c.clan == clan), key=lambda c: (c.leader, c.index))
    return A.SET_CLAN[mine[0].index]


# Cards whose effect reads or moves hidden cards (the others' hands or clan cards): a Play of any other card goes
# the same way in every world dealt from one position, up to the clans that evaluate() reads at its end
READS_HIDDEN = frozenset((CHANGELING, HOODED_FIGURE, MIST_WEAVER, DUELIST, BRIBED_OFFICIAL))


def trial_key(world: ProwlState, seat: int, action: Action) -> Any:
    """A key such that ``action`` leads to the same positions in every world where it has this key, up to the
    clans (and to the deck of R37, which Trials checks); None if the move reads hidden cards.

    An accusation is right or wrong by the world's clan card, and then goes the same way whatever the world
    (same_value_key); a Change, a dead Play and a Play of a card outside READS_HIDDEN read only what every world
    shares: the track, the attachments, Dominance, my own cards, how many cards each hand holds, who is face up;
    so does an answer to a prompt of such a card or of an accusation's reward (R29, R30). None of these moves a
    clan card but mine."""
    kind = action.__class__
    if kind is A.Accuse or kind is A.Change:
        return same_value_key(world, seat, action)
    if kind is A.Play:
        key = same_value_key(world, seat, action)
        if key is None and CARD_INDEX[action.card] not in READS_HIDDEN:
            return action
        return key
    prompt = world.prompt  # an answer to an open prompt: the rest of that card's effect, or an accusation's reward
    if prompt is not None and prompt[0] not in READS_HIDDEN:
        return action
    return None


class Trials:
    """The values of one decision's candidates in its worlds (``values``), each from as few trials as give the very
    same floats as one trial per candidate and world would (a test compares them).

    A move with a trial_key is tried once, in the first world where it has that key, and each world scores the
    positions it reaches with its own clans (tree_values) and takes its own best answers to the prompts on the
    way: as if tried in that world. Candidates with the same key in a world (same_value_key) share the value.
    The one hidden card a move without hidden reads may still draw is the top of the strengthening deck (R37,
    when the next player holds Dominance): a trial that drew it serves its own world only. Accusations, Changes
    and Plays, 90% of the trial moves, are tried about once per decision instead of once per world (bot_speed.py
    against 4ec7e81, medians of 3 alternated runs on the loaded machine: 3.4x before, 4.25x with Changes and
    Plays, 4.6x with accusations and prompts' answers too)."""

    __slots__ = ("worlds", "seat", "known", "trees", "clans", "mine")

    def __init__(self, worlds: list[ProwlState], seat: int):
        self.worlds, self.seat = worlds, seat
        self.known: list[dict] = [{} for _ in worlds]  # per world: a value by trial_key
        self.trees: dict = {}  # by trial_key: what outcomes() gave
        self.clans = [tuple(CARD_CLAN[c] for c in w.clan_card) for w in worlds]
        self.mine = worlds[0].clan_card[seat]

    def values(self, action: Action, last: bool) -> list[float]:
        """Each world's value_after(world, seat, action, 0, last)."""
        seat, worlds, known = self.seat, self.worlds, self.known
        out = [0.0] * len(worlds)
        waiting: dict = {}  # trial_key -> the worlds that still need its value
        for k, w in enumerate(worlds):
            key = trial_key(w, seat, action)
            if key is None:
                out[k] = value_after(w, seat, action, 0, last)
                continue
            value = known[k].get(key)
            if value is None:
                waiting.setdefault(key, []).append(k)
            else:
                out[k] = value
        for key, ks in waiting.items():
            tree = self.trees.get(key)
            if tree is None:
                w = worlds[ks[0]]
                deck = len(w.deck)
                tree = outcomes(w, seat, action, 0, last)
                if deck and any(len(leaf.deck) != deck for leaf in leaves(tree)):
                    for k in ks:  # each world draws its own card: its own trial
                        if k != ks[0]:
                            tree = outcomes(worlds[k], seat, action, 0, last)
                        out[k] = known[k][key] = tree_values(tree, seat, [self.clans[k]], self.mine)[0]
                    continue
                self.trees[key] = tree
            for k, value in zip(ks, tree_values(tree, seat, [self.clans[k] for k in ks], self.mine)):
                out[k] = known[k][key] = value
        return out


def leaves(tree: ProwlState | list) -> list[ProwlState]:
    if tree.__class__ is list:
        return [leaf for t in tree for leaf in leaves(t)]
    return [tree]


def outcomes(world: ProwlState, seat: int, action: Action, depth: int, last: bool) -> ProwlState | list:
    """The positions ``action`` leads to in ``world`` as value_after() reaches them: the position, or a list with
    the outcomes of each answer of the prompt it opens (SAME_ANSWERS only where the kinds read no hidden card)."""
    w = world if last else world.clone()
    if depth:
        answer(w, seat, action)
    else:
        w.apply(seat, action)
    if w.phase == PROMPT and w.active == seat and depth < FOLLOW_UP_DEPTH:
        answers = w.legal_actions(seat)
        if SAME_ANSWERS.get(w.prompt[:2]) is _nothing_scored:
            answers = answers[:1]
        final = len(answers) - 1
        return [outcomes(w, seat, a, depth + 1, i == final) for i, a in enumerate(answers)]
    return w


def tree_values(tree: ProwlState | list, seat: int, clans: list[tuple[int, ...]], mine: int) -> list[float]:
    """value_after() of worlds with ``clans`` (each one's clans when the move began, ``mine`` my clan card then),
    from the outcomes() of the move in one of them: each world takes its own best answers."""
    if tree.__class__ is list:
        return [max(column) for column in zip(*(tree_values(t, seat, clans, mine) for t in tree))]
    card = tree.clan_card[seat]
    if card != mine:  # a Change: my new clan card is the same in every world
        clans = [(*c[:seat], CARD_CLAN[card], *c[seat + 1 :]) for c in clans]
    if tree.is_over:  # who won is what decide() says of each world's clans, as ProwlState.end() would have
        return [1.0 if seat in winners(tree, c) else 0.0 for c in clans]
    base = score_key(tree, seat, clans[0][seat])
    return [scored(tree, seat, c, base) for c in clans]


def same_value_key(world: ProwlState, seat: int, action: Action) -> tuple | None:
    """What decides ``value_after(world, seat, action, 0)`` among the candidates of one decision, when something
    less than the whole action does; None otherwise. Two candidates with the same key are worth exactly the same
    float in ``world``, so one trial serves both (Trials; a test compares every candidate's value with its own).

    evaluate() reads the track, the clans, Dominance, a few attachments and how many cards of my clan I hold, and
    none of these tell apart:
    - an accusation's target and named clan, beyond whether it is right in ``world`` (R27): a wrong one only
      denies a clan (R31), a right one turns the card face up (R28) and offers the same reward whoever the
      target, but for forcing a Change, which needs a card in its hand (R30, D10; the constraint itself is not
      scored);
    - which card of a clan is discarded (Accuse), becomes the clan card (Change, R25) or is Played without its
      effect (R20, R21: then its two parts come in either order to the same strengthening).
    Accusations, two thirds of the trial moves with their reward prompts, are thus tried once per discarded clan
    and outcome rather than once per card, target and clan (bot_speed.py against 4ec7e81, medians of 3 alternated
    runs: 2.2x -> 2.8x)."""
    kind = action.__class__
    if kind is A.Accuse:
        target = action.target
        if CARD_CLAN[world.clan_card[target]] != CLAN_INDEX[action.clan]:
            outcome = 0
        else:
            outcome = 1 if world.hands[target] else 2
        return (0, CARD_CLAN[CARD_INDEX[action.card]], outcome)
    if kind is A.Change:
        return (1, CARD_CLAN[CARD_INDEX[action.card]])
    if kind is A.Play:
        card = CARD_INDEX[action.card]
        last = len(world.hands[seat]) == 1
        if (CARD_EARLY[card] and last) or (CARD_FINAL[card] and not last):  # dead: rules.play's ``live``
            return (2, CARD_CLAN[card])
    return None


def _of_my_clan(w: ProwlState, action: Action) -> int:
    return -1 if action is A.SKIP else CARD_CLAN[CARD_INDEX[action.card]] == CARD_CLAN[w.clan_card[w.active]]


def _hand_of_my_clan(w: ProwlState, action: Action) -> tuple[bool, bool]:
    mine, hand = CARD_CLAN[w.clan_card[w.active]], w.hands[action.seat]
    return any(CARD_CLAN[c] == mine for c in hand), any(CARD_CLAN[c] != mine for c in hand)


def _nothing_scored(w: ProwlState, action: Action) -> int:
    return 0


def _guessed_right(w: ProwlState, action: Action) -> bool:
    return CARD_CLAN[w.clan_card[w.prompt[2]]] == CLAN_INDEX[action.clan]


# Answers to a follow-up prompt that lead to positions evaluate() cannot tell apart, by prompt: answers with the same
# kind are worth the same float, so max() over the first of each kind is max() over all (a test compares every
# candidate's value with a search that tries every answer; bot_speed.py against 4ec7e81: 2.8x -> 3.4x, then
# Mist Weaver's by my clan rather than by clan 976 -> 1103 decisions/s). Why each is safe:
SAME_ANSWERS = {
    # what evaluate() reads of my hand is how many cards of my clan it holds, and the exchange changes nothing
    # else it reads: whether each exchanged card is of my clan, and which of the two kinds the target's hand offers
    (MIST_WEAVER, "mine"): _of_my_clan,
    (MIST_WEAVER, "theirs"): _of_my_clan,
    (MIST_WEAVER, "target"): _hand_of_my_clan,
    # a peek changes only what players know, a constraint (card 16, card 31) is not scored, and what follows them
    # does not depend on the seat chosen (Hunter's and Tactician's next prompts read the track)
    (HUNTER, "target"): _nothing_scored,
    (TACTICIAN, "target"): _nothing_scored,
    (WHISPERER, "target"): _nothing_scored,
    (WHISPERER, "second"): _nothing_scored,
    (FIREBRAND, "target"): _nothing_scored,
    (MAGISTRATE, "target"): _nothing_scored,
    # the Duelist's guess is an accusation without a discard (R32): right or wrong, as for same_value_key; its
    # target matters only through the reward's Change, which needs a card in its hand (R30)
    (DUELIST, "guess"): _guessed_right,
    (DUELIST, "target"): lambda w, action: bool(w.hands[action.seat]),
    # card 6 decides only whether its target loses: whether the named clan is the target's (R48)
    (CURSED_EFFIGY, "clan"): _guessed_right,
    # after the peek, whether the swap is offered reads only the target's clan
    (BRIBED_OFFICIAL, "target"): lambda w, action: CARD_CLAN[w.clan_card[action.seat]],
}


def value_after(world: ProwlState, seat: int, action: Action, depth: int, last: bool = False) -> float:
    """The value of ``action`` in ``world``; ``last``: the caller no longer needs ``world``, so it is played in
    place rather than in a clone (one clone fewer per prompt and per world for the last candidate: 168,268 -> 132,076
    calls of clone over the 20 games of bot_speed.py)."""
    w = world if last else world.clone()
    if depth:
        # a follow-up is one of ``w``'s own open answers, which is all the gate (State.apply) would check: the
        # answer's handler directly (the bot 470 -> 498 decisions/s, medians of 2 and 3 alternated runs)
        answer(w, seat, action)
    else:
        w.apply(seat, action)  # a candidate from the real position's list, in a world dealt from it: checked
    if w.phase == PROMPT and w.active == seat and depth < FOLLOW_UP_DEPTH:
        answers = w.legal_actions(seat)
        same = SAME_ANSWERS.get(w.prompt[:2])
        if same is not None:  # the first answer of each kind stands for the rest: their values are equal floats
            kinds = {}
            for a in answers:
                kinds.setdefault(same(w, a), a)
            answers = list(kinds.values())
        final = len(answers) - 1
        # max reads the answers in order: the final one is played after every other has cloned ``w``
        return max(value_after(w, seat, a, depth + 1, i == final) for i, a in enumerate(answers))
    return evaluate(w, seat)


_WINNERS: dict[tuple, frozenset[int]] = {}  # who would win now, by all that decides it (R45-R51): see winners()


def winners(w: ProwlState, clans: tuple[int, ...]) -> frozenset[int]:
    """``decide(...).winners`` for the position, kept by what decides it: the track, the clans, Dominance and the
    cards in front of players that take part (the Cursed Effigy, the leaders). A bot tries each move in a few
    worlds, and most of the positions it scores were scored before."""
    by, a = w.att_by, w.att_a
    key = (*w.track, *clans, w.dominance, by[CURSED_EFFIGY], a[CURSED_EFFIGY], w.att_b[CURSED_EFFIGY],
           by[EXILED_PRINCE], by[WARLORD], by[GRAND_CHANCELLOR], by[HIGH_MAGE], a[HIGH_MAGE])
    found = _WINNERS.get(key)
    if found is None:
        if len(_WINNERS) > 1 << 16:
            _WINNERS.clear()
        found = _WINNERS[key] = decide(w.track, clans, w.dominance, by, a, w.att_b).winners
    return found


_SCORES: dict[tuple, float] = {}  # a position's score for a seat, by all that it reads: see evaluate()


def evaluate(w: ProwlState, seat: int) -> float:
    """The score of the position for ``seat`` (score()), kept by all that it reads: the key of winners(), the seat
    and how many cards of its clan it holds. 132,076 positions are scored in the 20 games of bot_speed.py, most
    of them scored before (evaluate 2.36 -> 1.52 s under cProfile)."""
    if w.is_over:
        return 1.0 if seat in w.result.winners else 0.0
    clans = tuple(CARD_CLAN[c] for c in w.clan_card)
    return scored(w, seat, clans, score_key(w, seat, clans[seat]))


def score_key(w: ProwlState, seat: int, clan: int) -> tuple:
    """All that score() reads but the clans: the seat, the cards of my ``clan`` in my hand, the key of winners()."""
    in_hand = sum(1 for c in w.hands[seat] if CARD_CLAN[c] == clan)  # cards of my clan are future strengthening
    by, a = w.att_by, w.att_a
    return (
        seat,
        in_hand,
        *w.track,
        w.dominance,
        by[CURSED_EFFIGY],
        a[CURSED_EFFIGY],
        w.att_b[CURSED_EFFIGY],
        by[EXILED_PRINCE],
        by[WARLORD],
        by[GRAND_CHANCELLOR],
        by[HIGH_MAGE],
        a[HIGH_MAGE],
    )


def scored(w: ProwlState, seat: int, clans: tuple[int, ...], base: tuple) -> float:
    """score() with ``clans``, kept by them and ``base`` (score_key: the rest of what it reads)."""
    key = base + clans
    found = _SCORES.get(key)
    if found is None:
        if len(_SCORES) > 1 << 16:
            _SCORES.clear()
        found = _SCORES[key] = score(w, seat, clans, base[1])
    return found


def score(w: ProwlState, seat: int, clans: tuple[int, ...], in_hand: int) -> float:
    """Who would win now, plus a little for a high clan, fewer rival clans above it, cards of it in hand and the
    Dominance token (``clans``: each seat's clan; ``in_hand``: cards of my clan in my hand)."""
    # the counts below read the clans once each; the score's sums are as they were before any speed-up
    won = seat in winners(w, clans)
    clan = clans[seat]
    track = w.track
    mine = track.index(clan)
    above = track[:mine]
    rivals_above = sum(1 for k in clans if k in above)  # my own clan is not above itself
    shared = clans.count(clan) - 1
    value = 1.0 * won + 0.3 * (3 - mine) / 3 - 0.1 * rivals_above
    value += 0.03 * in_hand
    if w.dominance == seat:
        value += 0.05 + 0.1 * shared
    return value
