"""The shapes of the API's bodies and answers, refusals included, as /openapi.json documents them."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from hexbox.core import games

#: a registered game's name: the schema lists them, so that a client (and schemathesis) knows them all
GameName = Literal[tuple(games())]  # type: ignore[valid-type]
#: a seat number as a JSON object's key ("0", "1", …)
SeatKey = Annotated[str, Field(pattern=r"^[0-9]{1,3}$")]

# ---- requests ---------------------------------------------------------------------------------------------


class CreateTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: GameName = Field(description="a registered game (GET /api/games)")
    players: StrictInt | None = Field(default=None, ge=1, le=99)
    options: dict[str, Any] = Field(default_factory=dict, max_length=40)
    bots: dict[SeatKey, Annotated[str, Field(min_length=1, max_length=120)]] = Field(
        default_factory=dict, max_length=99,
                                 description='seat -> agent spec, e.g. {"1": "heuristic"}')
    open: list[StrictInt] = Field(default_factory=list, max_length=99,
                                  description="human seats left for anyone to claim from the lobby")
    names: dict[SeatKey, Annotated[str, Field(min_length=1, max_length=200)]] = Field(
        default_factory=dict, max_length=99, description='seat -> name, e.g. {"0": "Mia"}')
    seed: StrictInt | None = Field(default=None, description="a chosen deal: the table is then marked seeded to all")
    spectators: StrictBool = True


class Claim(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str | None = Field(default=None, min_length=1, max_length=200, description="what the others see you called")


class Move(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seq: StrictInt = Field(description="the seq of the state the sender saw")
    action: dict[str, Any] = Field(description='an action\'s JSON, e.g. {"kind": "pass"}')


class Say(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str | None = Field(default=None, min_length=1, max_length=2000)
    reaction: str | None = Field(default=None, min_length=1, max_length=16)


class FillSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    bot: str = Field(min_length=1, max_length=120, description="an agent spec: random, heuristic, ismcts:seconds=2 …")


class TableSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")
    spectators: StrictBool


# ---- answers ----------------------------------------------------------------------------------------------


class Error(BaseModel):
    detail: str = Field(description="why the request was refused; nothing was changed")


class BotHealth(BaseModel):
    ok: bool
    workers: int
    alive: int
    restarts: int
    queued: int
    running: int


class Health(BaseModel):
    ok: bool
    bots: BotHealth
    tables: int = Field(description="tables this process holds in memory")
    looks: int = Field(description="times this process's runners have looked at their tables since it started: "
                                   "a table with nothing due looks at it no more")


class OptionInfo(BaseModel):
    name: str
    default: Any
    help: str
    server_only: bool = Field(description="read only by the server's clocks: a terminal game ignores it")
    choices: list[Any] | None = None
    low: int | None = None
    high: int | None = None
    bounds: dict[str, list[int | None]] | None = Field(default=None, description="players -> [low, high]")


class GameEntry(BaseModel):
    name: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    summary: str
    options: list[OptionInfo]
    presets: dict[str, dict[str, Any]] = Field(description="ready-made sets of options beside the defaults (Standard)")
    levels: dict[str, str] = Field(description="the bot levels a person picks, weakest first: level -> its agent spec "
                                   "in this game (a seat's bot may be the level's name)")
    view: list[str] = Field(description="the files of the game's own browser view under /static/games/; none: the "
                            "generic board")


class SeatToken(BaseModel):
    seat: int
    token: str | None = Field(description="the seat's secret: null for a bot or an open seat")
    bot: str | None


class Created(BaseModel):
    id: str
    seats: list[SeatToken]
    host_token: str | None


class LobbyTable(BaseModel):
    id: str
    game: str
    players: int
    open: list[int]
    bots: dict[str, str]
    names: dict[str, str]
    created_at: float
    spectators: bool
    seeded: bool = Field(description="made with a chosen seed: its creator may know every hand")
    expires_at: float | None = Field(description=(
        "when the table is deleted as abandoned if nobody moves there before (epoch seconds; every move puts it "
        "off); null on a server where tables never expire"))


class Token(BaseModel):
    token: str


class Ok(BaseModel):
    ok: bool


class Moved(BaseModel):
    seq: int


class TableId(BaseModel):
    id: str


class ChatLine(BaseModel):
    id: int
    channel: str
    speaker: str = Field(description="who spoke: \"seat 2\", \"host\" or \"spectator\"")
    who: str | None = Field(default=None, description="the speaker as the viewer knows them: You, a seat's name, host "
                                                       "or spectator")
    seat: int | None = Field(default=None, description="the speaker's seat, if a player")
    kind: str
    text: str
    at: float


class SeatView(BaseModel):
    seat: int
    kind: str = Field(description="human, bot or open")
    name: str | None = Field(description="the name its person chose (null: none yet, a bot or an open seat)")
    called: str = Field(description="the name the seat goes by in every sentence: its person's name, "
                                    "\"Bot · hard\", or \"Seat 3\" (counted from 1)")
    bot: str | None
    level: str | None = Field(description="a bot's strength: easy, normal or hard")
    present: bool | None


class ClockView(BaseModel):
    seat: int
    bank: float = Field(description="the seat's time bank when its running turn began, in seconds")
    turn_ends: float | None = Field(description="when the running turn's own time ends (epoch seconds)")
    deadline: float | None = Field(description="when the bank is spent too, and a stand-in plays the turn")


class TableView(BaseModel):
    id: str
    game: str
    players: int
    seq: int
    seat: int | None
    host: bool
    started: bool
    seeded: bool
    observation: dict[str, Any]
    legal: list[dict[str, Any]]
    labels: list[str]
    choices: dict[str, Any] | None = Field(description=(
        "a long list of legal actions grouped in steps (what, then which), the same for every client: null when "
        "the list is shown whole, else {amount, groups: [{title, field, value, actions: indices into legal, "
        "then: the next step or null}]}"))
    log: list[str] = Field(description="the viewer's sentences, in the server's words with people's names")
    waiting: str = Field(description="whose move it is, for this viewer (\"Your move!\", \"Waiting for Mia.\")")
    out: dict[str, Any] | None = Field(description=(
        "the viewer's seat is out of the game: {how: \"dead\"/\"eliminated\", why: the sentences of that move}"))
    deadline: float | None = Field(description="when the game's own clock on the open window runs out")
    clocks: list[ClockView]
    result: dict[str, Any] | None = Field(description="after the end: the game's Result (winners, scores, reason, "
                                                "kind), as the engine gives it")
    ending: dict[str, Any] | None = Field(description=(
        "after the end, for this viewer: winners, scores, reason (in names), kind, headline (\"You win\", "
        "\"Mia wins\"), verdict (won/lost, for a seat) and seats: [{seat, name, you, won, score, role, hidden, why}]"))
    seats: list[SeatView]
    chat: list[ChatLine]
    spectators: bool
    rematch: str | None


class ReplayStep(BaseModel):
    id: str
    game: str
    players: int
    step: int
    steps: int
    seat: int | None
    observation: dict[str, Any]
    log: list[str]
    moved: int | None


# ---- refusals, documented --------------------------------------------------------------------------------

WHY = {
    400: "the body could not be read (not UTF-8 text)",
    401: "no token, or a token that holds nothing here",
    403: "the token may not do this (or not yet)",
    404: "no such table, seat, game or step",
    409: "the table is not in a state where this can happen",
    413: "the body is larger than the server takes",
    422: "the request is not acceptable, with the reason",
    429: "too many requests: try again after Retry-After seconds",
    503: "the server cannot do this now",
}


def refusals(*codes: int, body: bool = False) -> dict[int | str, dict[str, Any]]:
    """The refusals a route may answer, for /openapi.json; every route may answer 401 (a bearer token the server
    does not know) and 429, and one with a body 400 (FastAPI's, for a body it cannot decode), 413 and 422."""
    every = {*codes, 401, 429, *((400, 413, 422) if body else ())}
    out: dict[int | str, dict[str, Any]] = {}
    for code in sorted(every):
        entry: dict[str, Any] = {"model": Error, "description": WHY[code]}
        if code == 429:
            entry["headers"] = {"Retry-After": {"description": "seconds to wait", "schema": {"type": "integer"}}}
        out[code] = entry
    return out
