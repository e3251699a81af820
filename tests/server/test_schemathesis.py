"""Schemathesis against the server's own OpenAPI, on a real uvicorn: no request may get a server error, and every
answer — refusals included — must be one that /openapi.json documents, in the shape it documents.

Generated requests hit real tables and real tokens half of the time, so they reach the game, not only the 404
of a random id. ``HEXBOX_SCHEMATHESIS=N`` sets the examples per operation of the default run (25); the slow-marked
long form runs 300. The schema says what it can (a registered game's name, non-empty strings, seat numbers as
keys); what depends on two fields at once (a game's player count, its options, a seat below the player count) is
the server's to refuse, with a 422 that the schema documents.
"""

from __future__ import annotations

import os
import random

import httpx
import pytest

schemathesis = pytest.importorskip("schemathesis", reason="needs the [dev] extra: pip install -e '.[dev]'")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis.errors import Unsatisfiable  # noqa: E402
from schemathesis import GenerationMode  # noqa: E402
from schemathesis.specs.openapi.checks import (  # noqa: E402
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from .live import Live  # noqa: E402

EXAMPLES = int(os.environ.get("HEXBOX_SCHEMATHESIS", "25"))
#: the methods an operation may be asked with: any the schema does not document at a path must get 405, with the
#: ones it does in ``Allow``
METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")


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


@pytest.mark.parametrize("examples", [EXAMPLES, pytest.param(300, marks=pytest.mark.slow)])
def test_no_request_gets_a_server_error_or_an_undocumented_answer(server, examples):
    """Schema-valid requests (positive) and schema-invalid ones (negative: wrong types, missing fields, bodies that
    are not JSON), half of them at real tables with real tokens."""
    live, tables = server
    schema = schemathesis.openapi.from_url(live.url + "/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 14
    seen = {"requests": 0, "server_errors": 0, "undocumented": 0}
    undocumented: set[tuple[str, str, int]] = set()  # (method, path, status) answered but not documented

    def call(case):
        rng = random.Random(repr(case.path_parameters) + repr(case.body)[:200])
        if case.path_parameters and "table_id" in case.path_parameters and rng.random() < 0.5:
            table = rng.choice(tables)
            case.path_parameters["table_id"] = table["id"]
            tokens = [s["token"] for s in table["seats"] if s["token"]] + [table["host_token"]]
            if rng.random() < 0.7:
                case.headers = {**(case.headers or {}), "Authorization": f"Bearer {rng.choice(tokens)}"}
        response = case.call(base_url=live.url)
        seen["requests"] += 1
        if response.status_code >= 500:
            seen["server_errors"] += 1
        assert response.status_code < 500, (case.method, case.formatted_path, case.body, response.text[:300])
        if response.status_code >= 400:
            assert isinstance(response.json()["detail"], str), response.text[:300]
        try:
            case.validate_response(response, checks=[status_code_conformance, content_type_conformance,
                                                     response_schema_conformance])
        except (Exception, BaseExceptionGroup):  # counted, not raised: the run goes on, to count them all
            seen["undocumented"] += 1
            undocumented.add((case.method, case.operation.path, response.status_code))

    for operation in operations:
        for mode, count in ((GenerationMode.POSITIVE, examples), (GenerationMode.NEGATIVE, max(5, examples // 3))):
            run = settings(max_examples=count, deadline=None, suppress_health_check=list(HealthCheck),
                           database=None)(given(case=operation.as_strategy(generation_mode=mode))(call))
            try:
                run()
            except Unsatisfiable:  # nothing of the operation can be invalid (no parameters, no body)
                assert mode is GenerationMode.NEGATIVE

    print(f"\nschemathesis: {seen['requests']} requests, {seen['server_errors']} server errors, "
          f"{seen['undocumented']} undocumented answers")
    assert seen["requests"] >= examples * len(operations) // 2
    assert not undocumented, sorted(undocumented)
    assert "Traceback" not in live.log.read_text()  # nor did anything fail behind an answer


def test_a_body_that_is_not_text_and_a_method_a_path_does_not_take_are_documented_refusals(server):
    live, tables = server
    spec = httpx.get(live.url + "/openapi.json").json()
    table = tables[0]["id"]
    with httpx.Client(base_url=live.url) as http:
        for template, operations in spec["paths"].items():
            path = template.replace("{table_id}", table).replace("{seat}", "1").replace("{name}", "prowl")
            documented = {m.upper() for m in operations}
            for method in METHODS:
                if method in documented:
                    continue
                answer = http.request(method, path)
                assert answer.status_code == 405, (method, path, answer.status_code)
                assert set(answer.headers["Allow"].split(", ")) == documented, (method, path, answer.headers)
            for method, operation in operations.items():
                if "requestBody" not in operation:
                    continue
                # bytes that are no UTF-8: FastAPI's own 400, which the schema documents
                answer = http.request(method.upper(), path, content=b"\xff\xfe{\x80", headers={
                    "Content-Type": "application/json"})
                assert str(answer.status_code) in operation["responses"], (method, path, answer.status_code)
                assert isinstance(answer.json()["detail"], str)
