"""Choosing from a long list of legal actions in steps: what (the kind of move, or an entry the game's ``menu``
hook files several kinds under), then which, field by field, each step a short list.

Written once, here, for every client: the terminal walks :func:`group` step by step, and the server sends the
whole grouping (:func:`steps`) with a seat's legal actions, so that the browser shows exactly the same steps.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .actions import JSON, Action

#: a list longer than this is chosen in steps
SHORT = 12


@dataclass
class Item:
    action: Action
    label: str
    fields: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, action: Action, label: str) -> Item:
        fields = action.to_json()
        fields.pop("kind")
        return cls(action, label, fields)


@dataclass
class Group:
    title: str
    items: list[Item]
    #: the field whose value the group shares (None for a group of kinds) and that value
    field: str | None = None
    value: Any = None


def humane(kind: str) -> str:
    return kind.replace("_", " ")


def common_words(labels: list[str]) -> str:
    """What every label says: the words they all start with ("play High Mage, strengthen first", "play High
    Mage, effect first" → "play High Mage"), or the words they all end with when those say more ("discard a
    Star and re-roll Bat Wing", "discard a Skull and re-roll Bat Wing" → "… and re-roll Bat Wing")."""
    split = [re.findall(r"\S+", label) for label in labels]
    head = _shared(split)
    tail = _shared([list(reversed(words)) for words in split])[::-1]
    if len(" ".join(tail)) > len(" ".join(head)):
        return "… " + " ".join(tail)
    return " ".join(head).rstrip(",:;")


def _shared(split: list[list[str]]) -> list[str]:
    out = []
    for words in zip(*split):
        if len(set(words)) != 1:
            break
        out.append(words[0])
    return out


def group(items: list[Item], menu: Mapping[str, str]) -> list[Group] | None:
    """The next step of a long list: its groups in the order of their first action (so by action id), or None
    when the list is short enough to show whole or cannot be split."""
    if len(items) <= SHORT:
        # a short list is shown whole, unless a kind of it is an amount (a bid of 1…8 cans): then the kinds keep
        # their numbers from screen to screen, and the amount is typed
        kinds = {it.action.kind for it in items}
        if not any(_amount_field([it for it in items if it.action.kind == k]) for k in kinds):
            return None
        if len(kinds) == 1:
            name = _amount_field(items)
            return [Group(it.label, [it], name, it.fields[name]) for it in items]
    entry = lambda it: menu.get(it.action.kind, humane(it.action.kind))
    kind = lambda it: humane(it.action.kind)
    titled = True
    if len({entry(it) for it in items}) > 1:
        key: Callable[[Item], Any] = entry
    elif len({kind(it) for it in items}) > 1:  # inside an entry that holds several kinds
        key = kind
    else:
        name = _splitter(items)
        if name is None:
            return None
        key = lambda it: json.dumps(it.fields.get(name), sort_keys=True)
        titled = False
    groups: dict[Any, list[Item]] = {}
    for it in items:
        groups.setdefault(key(it), []).append(it)
    out = []
    for k, members in groups.items():
        if titled:
            out.append(Group(k, members))
            continue
        title = common_words([m.label for m in members]) if len(members) > 1 else members[0].label
        out.append(Group(title or f"{name} {json.loads(k)}", members, name, json.loads(k)))
    return out


#: fields that name a seat or a thing (a space, a card): chosen from the list like any list, never typed as amounts
SEATS = frozenset({"target", "seat", "bidder", "first", "second", "victim", "to", "who", "player", "node", "card",
                   "tile", "slot", "space", "curse", "spell"})


def amounts(groups: list[Group] | None) -> tuple[str, dict[int, Item]] | None:
    """(field, amount -> item) when a step is one choice per whole number (a bid of 0…17 cans): chosen by typing
    the amount rather than from a list, so that 3 cans is 3 on every screen."""
    if not groups or len(groups) < 3 or any(len(g.items) != 1 for g in groups):
        return None
    if any(g.field is None or g.field in SEATS or g.value.__class__ is not int for g in groups):
        return None
    values = sorted(g.value for g in groups)
    if len(groups) <= SHORT and values != list(range(values[0], values[-1] + 1)):
        return None  # a few numbers with gaps are things (spaces, cards), not an amount: chosen from the list
    return groups[0].field, {g.value: g.items[0] for g in groups}


def _amount_field(items: list[Item]) -> str | None:
    """The field of a kind that is an amount: three or more actions of it differ in one whole number only."""
    if len(items) < 3 or len({it.action.kind for it in items}) != 1:
        return None
    name = _splitter(items)
    if name is None or name in SEATS:
        return None
    values = [it.fields.get(name) for it in items]
    rest = {json.dumps({k: v for k, v in it.fields.items() if k != name}, sort_keys=True) for it in items}
    if len(rest) == 1 and all(v.__class__ is int for v in values) and len(set(values)) == len(values) \
            and sorted(values) == list(range(min(values), max(values) + 1)):
        return name
    return None


def _splitter(items: list[Item]) -> str | None:
    """The field whose values part the list into the most groups (ties: the earlier field)."""
    best, most = None, 1
    for name in items[0].fields:
        n = len({json.dumps(it.fields.get(name), sort_keys=True) for it in items})
        if n > most:
            best, most = name, n
    return best


def steps(actions: list[Action], labels: list[str], menu: Mapping[str, str]) -> JSON:
    """The whole grouping of a seat's legal actions, as JSON for clients: None when the list is shown whole, else
    ``{"amount": field or null, "groups": [{"title", "field", "value", "actions": [indices into the list],
    "then": the next step or null}, …]}``; ``amount`` names the field when a step is one choice per number (a bid
    of 0…17 cans), which a client may offer as a number to type or a row of numbers."""
    items = [Item.of(a, label) for a, label in zip(actions, labels)]
    where = {id(it): i for i, it in enumerate(items)}
    return _step(items, menu, where)


def _step(items: list[Item], menu: Mapping[str, str], where: dict[int, int]) -> JSON:
    groups = group(items, menu)
    if groups is None:
        return None
    by_amount = amounts(groups)
    return {"amount": by_amount[0] if by_amount else None, "groups": [
        {"title": g.title, "field": g.field, "value": g.value, "actions": [where[id(it)] for it in g.items],
         "then": _step(g.items, menu, where) if len(g.items) > 1 else None} for g in groups]}
