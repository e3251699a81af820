"""Friends at one table (issue 45): people who join by link name themselves, and every page names everybody, through
the game, the end and the rematch; a person who dies is told at once why, and the end shows every seat's side.
Screenshots (a phone each) go to the run's screenshot folder as friends-*.png."""

from __future__ import annotations

import re

import httpx

import hexbox

from ..waiting import NEVER_MS
from .conftest import PHONE, axe_check, new_table, sync_api, tap

FRIENDS = ("Mia", "Leo", "Ana")
#: "Seat 2" where a person's name belongs (the header's "(seat 2)" tells the seat number and is lower case)
SEAT_WORD = re.compile(r"\bSeat \d\b")


def _join(page, link: str, name: str) -> None:
    """Open a seat link and give the name the table asks for."""
    page.goto(link)
    page.wait_for_selector("#seat-name")
    page.fill("#seat-name", name)
    page.click(".name-form button[type=submit]")
    page.wait_for_selector(".name-form", state="detached")


def _all_named(page, names) -> None:
    """Every name on the page, and no seat left as "Seat N" (after the pushes of everybody's names arrived)."""
    page.wait_for_function("(names) => names.every((n) => document.querySelector('main').innerText.includes(n))",
                           arg=list(names))
    text = page.inner_text("main")
    assert not SEAT_WORD.search(text), SEAT_WORD.findall(text)


def _axe(browser, url: str, ready: str) -> list[dict]:
    """axe-core's serious and critical findings on a page opened at ``url`` in a context of its own that ignores the
    content security policy (axe is injected as a script), once ``ready`` shows."""
    context = browser.new_context(bypass_csp=True, **PHONE)
    context.set_default_timeout(NEVER_MS)
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector(ready)
        return axe_check(page)
    finally:
        context.close()


def test_three_friends_join_by_links_name_themselves_and_every_page_names_everyone(server, browser, page_at, shots):
    """Mia, Leo and Ana open their seat links on their phones and each types a name; from then on every page shows
    the three names (never "Seat N"): the seats, the log, whose move it is, the end and the rematch. The server
    words every sentence for its viewer: the log holds "You" for oneself and the names of the others."""
    made = new_table(server, game="prowl", players=3, seed=7)
    links = [f"{server.url}/tables/{made['id']}#token={s['token']}" for s in made["seats"]]
    pages = [page_at("phone") for _ in FRIENDS]
    assert _axe(browser, links[0], "#seat-name") == []  # the name form, labelled
    for page, link, name in zip(pages, links, FRIENDS):
        _join(page, link, name)
    for i, page in enumerate(pages):
        page.wait_for_selector(".board")
        _all_named(page, FRIENDS)
        assert f"{FRIENDS[i]}" in page.inner_text("header")
    pages[0].screenshot(path=str(shots / "friends-start-phone.png"), full_page=True)
    for _ in range(900):
        if all(page.locator(".end").count() for page in pages):
            break
        seq = pages[0].get_attribute("main", "data-seq")
        for page in pages:
            tap(page)
        try:
            pages[0].wait_for_selector(f"main:not([data-seq='{seq}'])", timeout=1_000)
        except sync_api.TimeoutError:
            pass
        if int(seq) == 6:  # mid-game: the names in the log and in whose move it is
            for page in pages:
                _all_named(page, FRIENDS)
    else:
        raise AssertionError("the game did not end on every page")
    for i, page in enumerate(pages):
        _all_named(page, FRIENDS)
        end = page.inner_text(".end")
        assert f"You ({FRIENDS[i]})" in end  # your own row
        assert all(name in end for name in FRIENDS)
        assert not re.search(r"\byou wins\b|\bYou wins\b", page.inner_text("main"))
        log = page.inner_text(".log")
        assert re.search(r"\bYou\b", log) and "seat 0" not in log.lower()
        assert page.errors == []
    pages[0].screenshot(path=str(shots / "friends-end-phone.png"), full_page=True)
    # Leo proposes a rematch; Mia and Ana follow the link on their end screens and keep their seats and names
    pages[1].click(".end button:has-text('Propose a rematch')")
    pages[1].wait_for_selector(".board")
    for page in (pages[0], pages[2]):
        page.click(".end a:has-text('Accept: go to the rematch')")
    for i, page in enumerate(pages):
        page.wait_for_selector(".board")
        assert page.locator("#seat-name").count() == 0, "the rematch remembers the names"
        _all_named(page, FRIENDS)
        assert f"(seat {i + 1})" in page.inner_text("header")
    pages[0].screenshot(path=str(shots / "friends-rematch-phone.png"), full_page=True)


def test_a_name_is_changed_at_the_table_and_every_page_follows(server, page_at):
    made = new_table(server, game="werebeasts", players=3, seed=2, names={"0": "Mia"},
                     bots={"2": "heuristic"})
    mia, leo = page_at("phone"), page_at("desktop")
    mia.goto(f"{server.url}/tables/{made['id']}#token={made['seats'][0]['token']}")
    mia.wait_for_selector(".board")
    assert mia.locator("#seat-name").count() == 0, "a seat named at creation is not asked again"
    _join(leo, f"{server.url}/tables/{made['id']}#token={made['seats'][1]['token']}", "Leo")
    mia.wait_for_function("() => document.querySelector('.seats').innerText.includes('Leo')")
    leo.click("button.rename")
    leo.fill("#seat-name", "Leonie")
    leo.click(".name-form button[type=submit]")
    mia.wait_for_function("() => document.querySelector('.seats').innerText.includes('Leonie')")
    # Leo's own header follows the same push, which a busy machine may deliver to his page after Mia's
    leo.wait_for_function("() => document.querySelector('header').innerText.includes('Leonie')")
    # remembered by the browser: the next table Leo opens offers the same name
    other = new_table(server, game="werebeasts", players=3, seed=3, bots={"0": "heuristic", "2": "heuristic"})
    leo.goto(f"{server.url}/tables/{other['id']}#token={other['seats'][1]['token']}")
    leo.wait_for_selector("#seat-name")
    assert leo.input_value("#seat-name") == "Leonie"
    assert mia.errors == [] and leo.errors == []


# ---- GROWL: a person dies early, is told why, and the end shows every seat's side -----------------------------


def _kill_seat_0(legal: list[dict], seat: int) -> dict:
    """The other seats' policy: vote for, pick or name seat 0 whenever they can; never save it; else the first
    legal action. Seat 0 plays its first legal action. The same policy in this process finds the seed."""
    if seat != 0:
        for a in legal:
            if a["kind"] in ("vote", "pick") and a.get("target") == 0:
                return a
        for a in legal:
            if a["kind"] == "save" and a.get("target") != 0:
                return a
    return legal[0]


def _first_death(seed: int, players: int = 4, limit: int = 400) -> int | None:
    """The move after which seat 0 is dead, in a game played by the policy, lowest actor first; None if never."""
    state = hexbox.load("growl", players=players).new_state(seed)
    for moves in range(limit):
        if state.is_over:
            return None
        seat = min(state.actors)
        legal = state.legal_actions(seat)
        chosen = _kill_seat_0([a.to_json() for a in legal], seat)
        state.apply(seat, state.game.parse_action(chosen))
        if state.dead[0]:
            return moves + 1 if not state.is_over else None
    return None


def test_a_person_who_dies_early_in_growl_is_told_why_and_the_end_shows_every_side(server, browser, page_at,
                                                                                  shots):
    """Four friends by links (three on phones, one by the API); the table's moves follow a fixed policy, sent over
    HTTP for every seat, so that the game's course is known: seat 0 (Mia) dies early. Her page says at once that
    she is dead and why (the sentences of that move), then shows the game going on; the end shows every seat's
    side and role (werewolf or human, Wolf Zero), its revealed hand, and a verdict for each."""
    seed = next(s for s in range(1, 200) if (_first_death(s) or 999) <= 40)
    made = new_table(server, game="growl", players=4, seed=seed)
    tokens = [s["token"] for s in made["seats"]]
    names = ("Mia", "Leo", "Ana", "Bo")
    pages = [page_at("phone") for _ in range(3)]
    for i, page in enumerate(pages):
        _join(page, f"{server.url}/tables/{made['id']}#token={tokens[i]}", names[i])
    httpx.post(f"{server.url}/api/tables/{made['id']}/name", json={"name": "Bo"},
               headers={"Authorization": f"Bearer {tokens[3]}"}, timeout=NEVER_MS / 1000).raise_for_status()
    for page in pages:
        _all_named(page, names)
    pages[0].screenshot(path=str(shots / "friends-growl-start-phone.png"), full_page=True)
    url = f"{server.url}/api/tables/{made['id']}"

    def view(seat):
        return httpx.get(url, headers={"Authorization": f"Bearer {tokens[seat]}"}, timeout=NEVER_MS / 1000).json()

    died = False
    for _ in range(2000):
        views = [view(s) for s in range(4)]
        if views[0]["result"] is not None:
            break
        acting = [s for s in range(4) if views[s]["legal"]]
        seat = min(acting)
        action = _kill_seat_0(views[seat]["legal"], seat)
        answer = httpx.post(url + "/actions", json={"seq": views[seat]["seq"], "action": action},
                            headers={"Authorization": f"Bearer {tokens[seat]}"}, timeout=NEVER_MS / 1000)
        assert answer.status_code == 200, answer.text
        if not died and view(0)["out"] is not None:
            died = True
            out = view(0)["out"]
            assert out["how"] == "dead" and any("You die" in line for line in out["why"]), out
            pages[0].wait_for_selector(".out")
            notice = pages[0].inner_text(".out")
            assert "You are dead" in notice and "You die" in notice
            assert "Waiting for" in pages[0].inner_text(".turn") or pages[0].locator(".end").count()
            pages[0].screenshot(path=str(shots / "friends-growl-death-phone.png"), full_page=True)
            mia = f"{server.url}/tables/{made['id']}#token={tokens[0]}"
            assert _axe(browser, mia, ".out") == []  # the notice is read out (role=alert) and passes axe-core
            assert pages[1].locator(".out").count() == 0  # only the dead are told they are out
    else:
        raise AssertionError("the game did not end")
    assert died, "seat 0 died in this process's game with the same policy, so it must die at the table too"
    for i, page in enumerate(pages):
        page.wait_for_selector(".end")
        end = page.inner_text(".end")
        assert "Side · role" in end and ("werewolves" in end and "humans" in end)
        assert "hand:" in end and all(n in end for n in names)
        verdict = view(i)["ending"]["verdict"]
        assert (verdict == "won") == ("🏆" in page.inner_text("#end-title"))
        assert page.errors == []
    pages[0].screenshot(path=str(shots / "friends-growl-end-phone.png"), full_page=True)
    assert _axe(browser, f"{server.url}/tables/{made['id']}#token={tokens[0]}", ".end") == []



def test_the_rules_are_one_tap_away_and_a_phone_vibrates_only_after_a_touch(server, page_at):
    """At the table, *Rules & cards* opens the game's rules with every card's text; and the your-turn vibration
    waits for the person's first touch of the page (before it, a phone's Chromium refuses navigator.vibrate and
    logs an intervention on the console). The page is given a phone not yet touched (Playwright's navigation
    counts as a user activation, so the test stands in for the browser's flag) and a vibrate that counts calls."""
    made = new_table(server, game="werebeasts", players=3, seed=4, names={"0": "Mia"},
                     bots={"1": "heuristic", "2": "heuristic"})
    page = page_at("phone")
    page.add_init_script("""(() => {
      window.touched = false; window.vibrateCalls = 0;
      Object.defineProperty(navigator, 'userActivation', {get: () => ({hasBeenActive: window.touched})});
      navigator.vibrate = () => { window.vibrateCalls += 1; return true; };
    })()""")
    page.goto(f"{server.url}/tables/{made['id']}#token={made['seats'][0]['token']}")
    page.wait_for_selector("body[data-your-turn='1']")
    assert page.evaluate("window.hexboxSignals.turns") >= 1
    assert page.evaluate("window.vibrateCalls") == 0, "no vibration before the first touch"
    # touched: the next your-turn signal vibrates
    page.evaluate("window.touched = true")
    turns = page.evaluate("window.hexboxSignals.turns")
    while page.evaluate("window.hexboxSignals.turns") == turns and not page.locator(".end").count():
        page.locator(".actions .choices button:not(.back):not([disabled])").first.click()
        page.wait_for_selector("body[data-your-turn='1'], .end")
        page.wait_for_timeout(100)
    if page.evaluate("window.hexboxSignals.turns") > turns:
        assert page.evaluate("window.vibrateCalls") >= 1
    link = page.locator("header a.rules-link")
    assert link.inner_text() == "Rules & cards" and link.get_attribute("href") == "/rules/werebeasts"
    with page.context.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.wait_for_load_state()
    assert "Werebeasts" in rules.inner_text("body")
    rules.close()
    assert page.errors == []
