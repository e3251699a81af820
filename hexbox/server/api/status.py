"""The one mapping of the server's refusals to HTTP statuses (a websocket closes with 4000 + the status)."""

from __future__ import annotations

from ..errors import Conflict, Forbidden, Invalid, NotFound, Refused, TooMany, Unauthenticated, Unavailable

STATUS: dict[type[Refused], int] = {
    Unauthenticated: 401,
    Forbidden: 403,
    NotFound: 404,
    Conflict: 409,
    Invalid: 422,
    TooMany: 429,
    Unavailable: 503,
}


def status_of(exc: Refused) -> int:
    for kind in type(exc).__mro__:
        if kind in STATUS:
            return STATUS[kind]
    return 400
