"""The two errors every caller must be able to tell apart: a bad game set-up and a bad move."""


class HexboxError(Exception):
    """Base of every error hexbox raises on purpose."""


class ConfigError(HexboxError, ValueError):
    """A game cannot be set up as asked: unknown name, player count or option out of bounds."""


class IllegalAction(HexboxError, ValueError):
    """An action was refused. The state it was offered to is left exactly as it was."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason
