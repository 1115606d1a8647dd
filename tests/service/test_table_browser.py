"""The table page in a real browser (issue 28): Debian's headless Chromium, driven by Selenium through Debian's
chromium-driver (``make test`` installs both when missing), against the shared ``live_server``. Every hand is dealt
by clicks as a player would tap it, and the page's answer is checked against the service's own answer to the same
deal, plus the facts a player reads: who wins each pot, which cards are highlighted, the wild substitutes.

One browser for the module, at a phone's width. Set ``SHOWDOWN_ARTIFACTS`` to a folder to keep the phone-width
screenshot there (otherwise it goes to pytest's temporary folder); ``docs/images/table.png`` is a copy of it.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

import pytest
import requests
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import Select, WebDriverWait

from tests.live_server import Server

pytestmark = pytest.mark.e2e

CHROMIUM, CHROMEDRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync")
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True}


@pytest.fixture(scope="module")
def browser() -> Iterator[WebDriver]:
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        pytest.fail("Chromium is missing: `make test` installs Debian's chromium and chromium-driver")
    profile = tempfile.mkdtemp(prefix="table-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (*FLAGS, f"--user-data-dir={profile}", "--window-size=390,844"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def _wait(browser: WebDriver, css: str) -> WebElement:
    return WebDriverWait(browser, 10).until(lambda b: next(iter(b.find_elements(By.CSS_SELECTOR, css)), None))


def _at(browser: WebDriver, css: str) -> WebElement:
    return browser.find_element(By.CSS_SELECTOR, css)


def _script_errors(browser: WebDriver) -> list[str]:
    return [entry["message"] for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]


def _open(browser: WebDriver, server: Server, query: str, variant: str) -> None:
    """The page, fresh, and the game found by typing ``query`` in the search box."""
    browser.get("about:blank")
    browser.get(server.base + "/")
    WebDriverWait(browser, 10).until(lambda b: b.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    _at(browser, "#query").send_keys(query)
    _wait(browser, f"[data-variant='{variant}']").click()
    _wait(browser, "[data-key='p0.h0']")


def _place(browser: WebDriver, cards: dict[str, str]) -> None:
    """Each card into its slot, tapped as a player would: a slot, then its card in the picker. After a card the
    page moves on to the next empty slot, so a slot is tapped only where the cards jump ahead."""
    expected = None
    for slot, card in cards.items():
        if slot != expected:
            _at(browser, f"[data-key='{slot}']").click()
        _at(browser, f"button.pick[data-card='{card}']").click()
        expected = _next_slot(slot)
    for done in browser.find_elements(By.CSS_SELECTOR, "[data-key='close-picker']"):
        done.click()  # the picker stays open while a slot is empty; closed, it covers nothing


def _next_slot(slot: str) -> str | None:
    """The slot after ``slot`` within its row (a player's hole or up cards, a flat board), as the page moves on."""
    stem, _, index = slot.rpartition(".") if slot.startswith("b.") else (slot[:-1], "", slot[-1])
    if not index.isdigit():
        return None
    return f"{stem}.{int(index) + 1}" if slot.startswith("b.") else f"{stem}{int(index) + 1}"


def _settle(browser: WebDriver) -> str:
    _at(browser, "[data-key='settle']").click()
    return _wait(browser, "#answer .summary").text


def _sent(link: str) -> dict[str, Any]:
    """The deal a link of the page holds, from its URL fragment."""
    fragment: dict[str, Any] = json.loads(unquote(link.split("#", 1)[1]))
    return fragment


def _service(server: Server, body: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = requests.post(server.base + "/v1/showdowns", json=body, timeout=30).json()
    return answer


def _won(browser: WebDriver) -> set[str]:
    return {el.get_attribute("data-key") or "" for el in browser.find_elements(By.CSS_SELECTOR, ".slot.won")}


HOLDEM_SIDE_POT = {
    "p0.h0": "As", "p0.h1": "Ad", "p1.h0": "Kd", "p1.h1": "Kh", "p2.h0": "Qc", "p2.h1": "Qd",
    "b.0": "Ac", "b.1": "7d", "b.2": "9h", "b.3": "Ks", "b.4": "3s",
}


@dataclass(frozen=True)
class Settled:
    """What the page showed for a settled hand: its link, summary, pots, payouts and highlighted slots."""

    link: str
    summary: str
    pots: list[str]
    paid: dict[str, str]
    won: set[str]


def _settled(browser: WebDriver, summary: str) -> Settled:
    return Settled(
        link=browser.current_url, summary=summary,
        pots=[el.text for el in browser.find_elements(By.CSS_SELECTOR, "#answer .pot")],
        paid={el.get_attribute("data-player") or "": el.find_element(By.CSS_SELECTOR, ".paid").text
              for el in browser.find_elements(By.CSS_SELECTOR, "#answer .result")},
        won=_won(browser))


@pytest.fixture(scope="module")
def holdem(browser: WebDriver, live_server: Server, tmp_path_factory: pytest.TempPathFactory) -> Settled:
    """A Hold'em hand with a side pot, dealt by taps: ann all in for 50, bob and cy in for 100 each; and the
    screenshot of its answer at a phone's width."""
    _open(browser, live_server, "holdem", "texas-holdem")
    _at(browser, "[data-key='add-player']").click()
    Select(_at(browser, "select[data-key='money']")).select_by_value("each")
    for seat, chips in enumerate(("50", "100", "100")):
        _at(browser, f"[data-key='p{seat}.chips']").send_keys(chips)
    _place(browser, HOLDEM_SIDE_POT)
    settled = _settled(browser, _settle(browser))
    folder = Path(os.environ.get("SHOWDOWN_ARTIFACTS") or tmp_path_factory.mktemp("table-artifacts"))
    folder.mkdir(parents=True, exist_ok=True)
    browser.execute_script("document.querySelector('#answer .summary').scrollIntoView()")
    assert browser.save_screenshot(str(folder / "table-phone.png"))
    return settled


def test_search_finds_games_by_alias_words_or_tag_and_a_keyboard_deals(browser: WebDriver, live_server: Server) -> None:
    _open(browser, live_server, "church", "iron-cross")  # Iron Cross's alias
    _at(browser, "#query").clear()
    _at(browser, "#query").send_keys("follow queen")
    matches = [el.get_attribute("data-variant") for el in browser.find_elements(By.CSS_SELECTOR, ".match")]
    assert matches[0] == "follow-the-queen"
    # by keyboard alone: Tab to the first match, Enter; Enter on a place moves to the picker, Enter picks
    _at(browser, "#query").send_keys(Keys.TAB)
    browser.switch_to.active_element.send_keys(Keys.ENTER)
    WebDriverWait(browser, 10).until(lambda b: _at(b, "#rules h2").text == "Follow the Queen")  # not Iron Cross's
    _at(browser, "[data-key='p0.h0']").send_keys(Keys.ENTER)
    picked = browser.switch_to.active_element
    assert picked.get_attribute("data-card") == "As"
    picked.send_keys(Keys.ENTER)
    assert _at(browser, "[data-key='p0.h0']").get_attribute("aria-label").endswith("ace of spades")
    assert browser.switch_to.active_element.get_attribute("data-card") == "Ks"  # on to the next card
    _at(browser, "#query").clear()
    _at(browser, "#query").send_keys("layout")  # a tag
    _wait(browser, ".match")
    shown = browser.find_elements(By.CSS_SELECTOR, ".match")
    assert "elevator" in {el.get_attribute("data-variant") for el in shown}
    assert all("layout" in el.find_element(By.CSS_SELECTOR, ".hint").text for el in shown)
    assert _script_errors(browser) == []


def test_holdem_side_pots_dealt_by_taps_go_to_their_winners(browser: WebDriver, live_server: Server,
                                                             holdem: Settled) -> None:
    deal = _sent(holdem.link)
    body = {"variant": "texas-holdem", "board": ["Ac", "7d", "9h", "Ks", "3s"],
            "players": [{"id": p["n"], "hole": p["h"]} for p in deal["p"]],
            "contributions": {"ann": 50, "bob": 100, "cy": 100}}
    answer = _service(live_server, body)
    assert holdem.summary == answer["summary"]
    # ann's trip aces take the main pot she is in for; bob's trip kings the side pot she is not in
    main, side = holdem.pots
    assert "150" in main and "high: 150 to ann" in main and "high: 100 to bob" in side
    assert holdem.paid == {who: f"+{chips}" if chips else "0" for who, chips in answer["payouts"].items()}
    assert holdem.paid["ann"] == "+150" and holdem.paid["bob"] == "+100"
    assert {"p0.h0", "p0.h1", "b.0", "p1.h0", "p1.h1", "b.3"} <= holdem.won  # each winner's pair, and the board's
    assert not holdem.won & {"p2.h0", "p2.h1"}  # cy won nothing
    assert browser.execute_script("return window.innerWidth") == PHONE["width"]
    assert _script_errors(browser) == []


def test_iron_cross_plays_one_line_of_the_cross(browser: WebDriver, live_server: Server) -> None:
    _open(browser, live_server, "iron cross", "iron-cross")
    board = {"1": "Kd", "2": "7c", "3": "2h", "4": "9s", "5": "2d"}
    holes = (["Ah", "Kh", "Qd", "Jc", "9h"], ["Qs", "Qc", "8d", "8h", "3c"])
    _place(browser, {f"b.{pos}": card for pos, card in board.items()}
           | {f"p{seat}.h{n}": card for seat, hole in enumerate(holes) for n, card in enumerate(hole)})
    summary = _settle(browser)
    answer = _service(live_server, {"variant": "iron-cross", "board": board, "pot": 100,
                                    "players": [{"id": "ann", "hole": holes[0]}, {"id": "bob", "hole": holes[1]}]})
    assert summary == answer["summary"]
    hand = answer["players"][0]["hands"]["high"]
    line = {"vertical": {"1", "5", "3"}, "horizontal": {"4", "5", "2"}}[hand["board_group"]]
    won_board = {key[2:] for key in _won(browser) if key.startswith("b.")}
    assert won_board and won_board <= line  # the winner's board cards are on the one line he played
    assert hand["board_group"] in _at(browser, "[data-player='ann'] .hand").text
    # the layout is drawn where the document puts it: the centre between north and south
    north, centre, south = (_at(browser, f"[data-key='b.{p}']").location["y"] for p in ("1", "5", "3"))
    assert north < centre < south


def test_follow_the_queen_sends_the_up_cards_in_deal_order_and_shows_wild_substitutes(
        browser: WebDriver, live_server: Server) -> None:
    _open(browser, live_server, "follow the queen", "follow-the-queen")
    _at(browser, "[data-key='add-player']").click()
    players = {"ann": (["9s", "As"], ["Jh", "7d", "5h", "6d"]), "bob": (["Qd", "2d"], ["Js", "3c", "Qh", "Kd"]),
               "cy": (["8c", "9d"], ["7s", "4h", "Tc", "Ac"])}
    cards = {"b.0": "3s"}  # the deck ran out: the seventh card is one shared card
    for seat, (hole, up) in enumerate(players.values()):
        cards |= {f"p{seat}.h{n}": c for n, c in enumerate(hole)} | {f"p{seat}.u{n}": c for n, c in enumerate(up)}
    _place(browser, cards)
    summary = _settle(browser)
    up_order = [up[r] for r in range(4) for _, up in players.values()]
    answer = _service(live_server, {"variant": "follow-the-queen", "pot": 100, "events": {"up_order": up_order},
                                    "board": ["3s"], "options": {"queens_wild": "false"},
                                    "players": [{"id": who, "hole": h, "up": u} for who, (h, u) in players.items()]})
    assert summary == answer["summary"]
    for p in answer["players"]:
        wilds = p["hands"]["high"]["wilds"]
        shown = browser.find_elements(By.CSS_SELECTOR, f"[data-player='{p['id']}'] .played.wild")
        assert [el.find_element(By.CSS_SELECTOR, ".as").text for el in shown] == [f"({w['card']})" for w in wilds]
    assert any(p["hands"]["high"]["wilds"] for p in answer["players"])  # the deal does have wild cards


def test_a_refused_deal_shows_the_problem_at_its_field(browser: WebDriver, holdem: Settled) -> None:
    deal = _sent(holdem.link) | {"a": False}
    browser.get("about:blank")
    browser.get(holdem.link.split("#")[0] + "#" + quote(json.dumps(deal)))
    name = _wait(browser, "[data-key='p1.name']")
    name.clear()
    name.send_keys("ann")  # two players named ann
    _at(browser, "[data-key='settle']").click()
    problem = _wait(browser, ".problem[data-pointer='/players/1/id']")
    seat = problem.find_element(By.XPATH, "./ancestor::li[@data-seat]")
    assert seat.get_attribute("data-seat") == "1" and "ann" in problem.text
    assert _at(browser, "[data-key='p1.name']").get_attribute("aria-describedby")
    assert browser.find_elements(By.CSS_SELECTOR, "#answer .summary") == []


def test_markup_in_a_link_stays_text(browser: WebDriver, holdem: Settled) -> None:
    name = '<img src=x onerror="document.title=1">'
    deal = _sent(holdem.link)
    deal["p"][0]["n"] = name
    browser.get("about:blank")
    browser.get(holdem.link.split("#")[0] + "#" + quote(json.dumps(deal)))
    summary = _wait(browser, "#answer .summary").text
    assert name in summary  # the service's words, shown as they are
    assert _at(browser, "[data-key='p0.name']").get_attribute("value") == name
    assert browser.find_elements(By.CSS_SELECTOR, "img") == [] and browser.title != "1"


def test_a_settled_link_reopens_settled_and_back_and_forward_step_through(browser: WebDriver,
                                                                         holdem: Settled) -> None:
    browser.get("about:blank")
    browser.get(holdem.link)
    assert _settled(browser, _wait(browser, "#answer .summary").text) == holdem
    _at(browser, "[data-key='picture-png']").click()  # the picture to share: the service's PNG, from a blob: URL
    picture = _wait(browser, "#picture img.shot")
    WebDriverWait(browser, 10).until(lambda b: b.execute_script("return arguments[0].naturalWidth", picture) > 0)
    assert _at(browser, "#picture a[download='showdown.png']").get_attribute("href").startswith("blob:")
    _at(browser, "#query").send_keys("tic tac")
    _wait(browser, "[data-variant='tic-tac-toe']").click()
    _wait(browser, "[data-key='b.9']")  # the grid's centre
    assert browser.find_elements(By.CSS_SELECTOR, "#answer .summary") == []
    browser.back()
    assert _settled(browser, _wait(browser, "#answer .summary").text) == holdem
    browser.forward()
    _wait(browser, "[data-key='b.9']")
    assert browser.find_elements(By.CSS_SELECTOR, "#answer .summary") == []


def test_odds_leave_unknown_cards_empty_and_show_each_players_share(browser: WebDriver, live_server: Server) -> None:
    _open(browser, live_server, "holdem", "texas-holdem")
    _place(browser, {"p0.h0": "As", "p0.h1": "Ad", "p1.h0": "Kd", "p1.h1": "Kh", "b.0": "Ac", "b.1": "7d", "b.2": "9h"})
    assert _at(browser, "[data-key='settle']").get_attribute("disabled") is not None  # the turn and river to come
    _at(browser, "[data-key='odds']").click()
    rows = WebDriverWait(browser, 20).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#odds li[data-player]"))
    assert [row.get_attribute("data-player") for row in rows] == ["ann", "bob"]
    assert all("%" in row.text for row in rows)
    assert browser.find_elements(By.CSS_SELECTOR, "#odds progress") == []
