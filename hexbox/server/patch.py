"""What changed between two answers, as a JSON Patch (RFC 6902): what a websocket that asked for patches is sent.

Only three operations are made: ``add`` (a new key, or items appended to the end of a list: a move's new log
lines are ``add`` at ``/log/-``), ``remove`` (a key gone) and ``replace`` (anything else that changed, whole). A
list that changed other than at its end is replaced whole: a view's lists are short, but for the log, which only
grows. :func:`apply` is the client's side, for tests and for any client written in Python.
"""

from __future__ import annotations

import copy
from typing import Any

Op = dict[str, Any]


def _pointer(parts: list[str]) -> str:
    return "".join("/" + p.replace("~", "~0").replace("/", "~1") for p in parts)


def diff(old: Any, new: Any) -> list[Op]:
    """The operations that turn ``old`` into ``new`` (both JSON values)."""
    ops: list[Op] = []
    _diff(old, new, [], ops)
    return ops


def _diff(old: Any, new: Any, path: list[str], ops: list[Op]) -> None:
    if old == new and type(old) is type(new):
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key in old:
            if key not in new:
                ops.append({"op": "remove", "path": _pointer([*path, key])})
        for key, value in new.items():
            if key not in old:
                ops.append({"op": "add", "path": _pointer([*path, key]), "value": value})
            else:
                _diff(old[key], value, [*path, key], ops)
        return
    if isinstance(old, list) and isinstance(new, list) and len(new) > len(old) and new[:len(old)] == old:
        where = _pointer([*path, "-"])
        ops.extend({"op": "add", "path": where, "value": item} for item in new[len(old):])
        return
    ops.append({"op": "replace", "path": _pointer(path), "value": new})


def apply(doc: Any, ops: list[Op]) -> Any:
    """``doc`` with ``ops`` applied (a copy: ``doc`` is not changed)."""
    doc = copy.deepcopy(doc)
    for op in ops:
        parts = [p.replace("~1", "/").replace("~0", "~") for p in op["path"].split("/")[1:]]
        if not parts:
            doc = copy.deepcopy(op["value"])
            continue
        parent = doc
        for part in parts[:-1]:
            parent = parent[int(part)] if isinstance(parent, list) else parent[part]
        last = parts[-1]
        if op["op"] == "remove":
            del parent[int(last) if isinstance(parent, list) else last]
        elif isinstance(parent, list):
            if last == "-":
                parent.append(copy.deepcopy(op["value"]))
            elif op["op"] == "add":
                parent.insert(int(last), copy.deepcopy(op["value"]))
            else:
                parent[int(last)] = copy.deepcopy(op["value"])
        else:
            parent[last] = copy.deepcopy(op["value"])
    return doc
