"""Browser tests: Playwright driving Debian's Chromium (/usr/bin/chromium) against a real `hexbox serve`.

Nothing downloads a browser: the playwright package comes with the [dev] extra, and Chromium is Debian's package
(`sudo apt-get install chromium fonts-noto-color-emoji`, as `.ci/run` does); without it these tests are skipped, and
the skip says so. axe-core, for the accessibility check, is vendored in tests/web/vendor/ with its licence.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import httpx
import pytest

from ..server.live import Live
from ..waiting import NEVER_MS

CHROMIUM = "/usr/bin/chromium"
AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
SHOTS = Path(os.environ.get("HEXBOX_SHOTS") or tempfile.gettempdir()) / "hexbox-shots"

sync_api = pytest.importorskip("playwright.sync_api", reason="the browser tests need playwright (the [dev] extra)")
if not Path(CHROMIUM).exists():
    pytest.skip(f"the browser tests need Debian's Chromium at {CHROMIUM}: sudo apt-get install chromium "
                "fonts-noto-color-emoji (nothing downloads a browser)", allow_module_level=True)


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("web")
    live = Live(f"sqlite:///{folder / 'web.db'}", folder / "server.log").start()
    yield live
    live.stop()


@pytest.fixture(scope="session")
def browser():
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--no-first-run", "--disable-sync"])
        yield chromium
        chromium.close()


PHONE = {"viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}


@pytest.fixture
def page_at(browser):
    """A new page in its own context (its own storage, as another device would have), phone or desktop."""
    contexts = []

    def make(kind: str = "desktop"):
        context = browser.new_context(**(PHONE if kind == "phone" else DESKTOP))
        context.set_default_timeout(NEVER_MS)  # waits fail on "never", not on a busy machine (tests/waiting.py)
        contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        return page

    yield make
    for context in contexts:
        context.close()


@pytest.fixture(scope="session")
def shots():
    """The folder of this run's screenshots. pytest-xdist's workers share it: the first of a run to claim it (an
    exclusive create, so exactly one) removes what the folder held before, and only that, while the others write."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    before = list(SHOTS.iterdir())
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID", f"pid{os.getpid()}")
    try:
        os.close(os.open(SHOTS / f".run-{run}", os.O_CREAT | os.O_EXCL))
    except FileExistsError:
        pass  # another worker of this run claimed it: the old shots are its to remove
    else:
        for old in before:
            shutil.rmtree(old) if old.is_dir() else old.unlink(missing_ok=True)
    print(f"\nscreenshots: {SHOTS}")
    return SHOTS


def new_table(server, **body) -> dict:
    answer = httpx.post(server.url + "/api/tables", json=body, timeout=NEVER_MS / 1000)
    assert answer.status_code == 201, answer.text
    return answer.json()


def axe_check(page) -> list[dict]:
    """axe-core's serious and critical violations on the page as it is now."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations")
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"], "nodes": len(v["nodes"])}
            for v in found if v["impact"] in ("serious", "critical")]


#: a tap not landed after this long looks again: another seat's move may have taken the choice away between seeing
#: it and tapping it. Not a failure (the caller looks again), so not a speed either.
LOOK_AGAIN_MS = 5_000


def tap(page) -> bool:
    """One tap of the first choice offered (confirming where asked); False when there is none now, or when it went
    away before the tap landed."""
    for offered in (".confirm .primary", ".actions .choices button:not(.back):not([disabled])"):
        found = page.locator(offered)
        if found.count():
            try:
                found.first.click(timeout=LOOK_AGAIN_MS)
            except sync_api.TimeoutError:
                return False
            return True
    return False
