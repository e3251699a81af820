"""The table's websocket: the viewer's answer now and after every change.

The token never travels in the URL (access logs keep URLs): the client's first message says who it is,
``{"token": TOKEN}``, or ``{}`` to watch as a spectator; with ``"patches": true`` the answers after the first are
``{"patch": [...]}``, the JSON Patch from the answer sent before (patch.py). A refusal closes the socket with 4000 +
the HTTP status and the reason; a binary frame closes it with 1003; anything a client says after its first message
is ignored.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import APIRouter, WebSocket

from ..errors import Invalid, Refused
from .status import status_of

socket = APIRouter()

FIRST_MESSAGE_SECONDS = 10.0


def _who(message: dict[str, Any]) -> tuple[str | None, bool]:
    """The token of a first message (None for a spectator), and whether it asks for patches."""
    if message.get("text") is None:
        raise ValueError("this socket takes text frames only")
    try:
        data = json.loads(message["text"])
    except ValueError:
        raise Invalid('the first message must be JSON: {"token": TOKEN}, or {} to watch') from None
    token = data.get("token") if isinstance(data, dict) else 0
    if token is not None and (not isinstance(token, str) or not token.strip()):
        raise Invalid('the first message must be {"token": TOKEN}, or {} to watch')
    patches = data.get("patches", False)
    if not isinstance(patches, bool):
        raise Invalid('"patches" is true or false')
    return token, patches


@socket.websocket("/api/tables/{table_id}/ws")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    hub = websocket.app.state.hub
    await websocket.accept()  # accepted first, so that a refused client reads why
    try:
        first = await asyncio.wait_for(websocket.receive(), FIRST_MESSAGE_SECONDS)
    except TimeoutError:
        await websocket.close(code=4408, reason='send {"token": TOKEN} (or {} to watch) first')
        return
    if first["type"] == "websocket.disconnect":
        return
    try:
        token, patches = _who(first)
        table = await hub.tables.get(table_id)
        viewer = await hub.seats.viewer(table, token)
    except ValueError as exc:
        await websocket.close(code=1003, reason=str(exc))
        return
    except Refused as exc:
        await websocket.close(code=4000 + status_of(exc), reason=exc.detail[:120])
        return
    watcher = await hub.play.watch(table, viewer, websocket.send_text, websocket.close, patches)
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            if message.get("bytes") is not None:
                await websocket.close(code=1003, reason="this socket takes text frames only")
                break
    except RuntimeError:  # the socket was closed under us (a host refused spectators)
        pass
    finally:
        await hub.play.unwatch(table, watcher)
