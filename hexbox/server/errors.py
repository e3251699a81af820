"""The server's refusals, as the domain says them: not found, not allowed, in conflict, not valid.

Nothing below the routes knows HTTP: a table, a seat or the runner raises one of these, and the app maps each
kind to its status once (``app.STATUS``). Every refusal changes nothing and carries a reason for the client.
"""

from __future__ import annotations


class Refused(Exception):
    """A request the server will not carry out, with the reason shown to the client."""

    def __init__(self, detail: str):
        super().__init__(detail)
        self.detail = detail


class NotFound(Refused):
    """No such table, seat or step."""


class Unauthenticated(Refused):
    """A token is missing, malformed, or holds nothing here."""


class Forbidden(Refused):
    """The token is known, but may not do this (or not yet: a record before the end)."""


class Conflict(Refused):
    """The table is not in a state where this can happen: a stale seq, a taken seat, a game not started."""


class Invalid(Refused):
    """The request is well-formed but not acceptable: an illegal move, an unknown option, a bot over the caps."""


class TooMany(Refused):
    """Too many requests or messages; try again after ``retry_after`` seconds."""

    def __init__(self, detail: str, retry_after: float):
        super().__init__(detail)
        self.retry_after = retry_after


class Unavailable(Refused):
    """The server cannot do this now (its bot workers are down and not yet replaced)."""
