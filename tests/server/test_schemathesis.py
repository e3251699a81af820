"""Schemathesis against the server's own OpenAPI, on a real uvicorn: no request may get a server error, and every
answer — refusals included — must be one that /openapi.json documents, in the shape it documents.

Generated requests hit real tables and real tokens half of the time, so they reach the game, not only the 404
of a random id. ``HEXBOX_SCHEMATHESIS=N`` sets the examples per operation (CI runs a short form of 25).
"""

from __future__ import annotations

import os
import random

import httpx
import pytest

schemathesis = pytest.importorskip("schemathesis", reason="needs the [dev] extra: pip install -e '.[dev]'")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from schemathesis.specs.openapi.checks import (  # noqa: E402
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from .live import Live  # noqa: E402

EXAMPLES = int(os.environ.get("HEXBOX_SCHEMATHESIS", "25"))
SEEN = {"requests": 0, "server_errors": 0, "undocumented": 0}
UNDOCUMENTED: set[tuple[str, str, int]] = set()  # (method, path, status) answered but not documented


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("schemathesis")
    live = Live(f"sqlite:///{folder / 'api.db'}", folder / "server.log").start()
    tables = []
    with httpx.Client(base_url=live.url) as http:
        for game, players, bots in (("werebeasts", 3, {}), ("prowl", 2, {"1": "random"}), ("voodoo", 3, {})):
            made = http.post("/api/tables", json={"game": game, "players": players, "bots": bots,
                                                  "open": [players - 1] if not bots else []}).json()
            tables.append(made)
    yield live, tables
    live.stop()
    print(f"\nschemathesis: {SEEN['requests']} requests, {SEEN['server_errors']} server errors, "
          f"{SEEN['undocumented']} undocumented answers")


def test_no_request_gets_a_server_error(server):
    live, tables = server
    schema = schemathesis.openapi.from_url(live.url + "/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 14

    def call(case):
        rng = random.Random(repr(case.path_parameters) + repr(case.body)[:200])
        if case.path_parameters and "table_id" in case.path_parameters and rng.random() < 0.5:
            table = rng.choice(tables)
            case.path_parameters["table_id"] = table["id"]
            tokens = [s["token"] for s in table["seats"] if s["token"]] + [table["host_token"]]
            if rng.random() < 0.7:
                case.headers = {**(case.headers or {}), "Authorization": f"Bearer {rng.choice(tokens)}"}
        response = case.call(base_url=live.url)
        SEEN["requests"] += 1
        if response.status_code >= 500:
            SEEN["server_errors"] += 1
        assert response.status_code < 500, (case.method, case.formatted_path, case.body, response.text[:300])
        if response.status_code >= 400:
            assert isinstance(response.json()["detail"], str), response.text[:300]
        try:
            case.validate_response(response, checks=[status_code_conformance, content_type_conformance,
                                                     response_schema_conformance])
        except (Exception, BaseExceptionGroup):  # counted, not raised: the run goes on, to count them all
            SEEN["undocumented"] += 1
            UNDOCUMENTED.add((case.method, case.operation.path, response.status_code))

    for operation in operations:
        run = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck),
                       database=None)(given(case=operation.as_strategy())(call))
        run()
    assert SEEN["requests"] >= EXAMPLES * len(operations) // 2
    assert not UNDOCUMENTED, sorted(UNDOCUMENTED)
    assert "Traceback" not in live.log.read_text()  # nor did anything fail behind an answer
