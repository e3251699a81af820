"""What the server offers before anyone sits down: the games with their options, each game's printed
components, and the lobby of tables with open seats."""

from __future__ import annotations

from typing import Any

from hexbox.agents import levels
from hexbox.core import ConfigError, game_info, games

from .errors import NotFound
from .store import Store
from .tables import Db


def games_list() -> list[dict[str, Any]]:
    out = []
    for name in games():
        info = game_info(name)
        options = []
        for o in info.options:
            entry: dict[str, Any] = {"name": o.name, "default": o.default, "help": o.help,
                                     "server_only": o.server_only}
            if o.choices is not None:
                entry["choices"] = list(o.choices)
            if callable(o.low) or callable(o.high):
                entry["bounds"] = {str(n): list(o.bounds(n)) for n in range(info.min_players, info.max_players + 1)}
            else:
                entry["low"], entry["high"] = o.low, o.high
            options.append(entry)
        out.append({"name": name, "title": info.title, "min_players": info.min_players,
                    "max_players": info.max_players, "default_players": info.default_players or info.min_players,
                    "summary": info.summary, "options": options,
                    "presets": {name: dict(preset) for name, preset in info.presets.items()},
                    "levels": levels(name), "view": list(info.view)})
    return out


def game_catalog(name: str) -> dict[str, Any]:
    """The game's ``catalogue`` hook (its cards.toml): what is printed in the box is public (who holds which card is
    not)."""
    from hexbox.core.texts import texts

    try:
        info = game_info(name)
    except ConfigError as exc:
        raise NotFound(str(exc)) from None
    catalogue = info.hook("catalogue")
    # ``texts``: every component's name and text by id, the same words as the terminal's ``?`` and `hexbox rules`
    known = {c.id: {"name": c.name, "text": c.text} for c in texts(name).cards.values()}
    return {**(catalogue() if catalogue is not None else {}), "texts": known}


async def lobby(store: Store, db: Db, expire_after: float = 0.0) -> list[dict[str, Any]]:
    """Unfinished tables with open seats, newest first; tables made with a chosen seed come after the others and
    say so (``seeded``): their creator may know every hand. Each says when it expires if nothing happens there
    (``expires_at``; None on a server where tables never expire)."""
    rows = await db(store.list_tables)
    ordinary, seeded = [], []
    for t in rows:
        open_seats = [s["seat"] for s in t["seats"] if s["bot"] is None and s["token_hash"] is None]
        if open_seats:
            entry = {"id": t["id"], "game": t["game"], "players": t["players"], "open": open_seats,
                     "bots": {str(s["seat"]): s["bot"] for s in t["seats"] if s["bot"]},
                     "names": {str(s["seat"]): s["name"] for s in t["seats"] if s["name"]},
                     "created_at": t["created_at"], "spectators": t["spectators"], "seeded": t["seeded"],
                     "expires_at": t["active_at"] + expire_after if expire_after > 0 else None}
            (seeded if t["seeded"] else ordinary).append(entry)
    return ordinary + seeded
