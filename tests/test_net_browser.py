"""The browser page in a real headless Chromium (Debian's chromium and chromedriver, driven by
Selenium): a player using only the keyboard joins a table by its code and plays a whole round
against a player of this program's dialog, every event told in the page's live region."""

from __future__ import annotations

import random
import re
import shutil
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from net_helpers import ServerProcess, wait_until
from selenium import webdriver
from selenium.common.exceptions import (
    ElementNotInteractableException,
    StaleElementReferenceException,
)
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from test_net_dialog import command

from voicedomino.dialog.manager import DialogManager, Phase
from voicedomino.dialog.menu import Table
from voicedomino.dialog.network import NetworkSettings

DIGITS = {"zero": 0, "uno": 1, "due": 2, "tre": 3, "quattro": 4, "cinque": 5, "sei": 6,
          "sette": 7, "otto": 8, "nove": 9}  # fmt: skip

pytestmark = pytest.mark.timeout(180)

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
# Without the background-networking switches Chromium keeps trying hosts this machine cannot
# reach; as root it needs --no-sandbox.
SWITCHES = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage",
)  # fmt: skip


@pytest.fixture
def browser() -> Iterator[webdriver.Chrome]:
    assert Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists(), "./run.sh test installs them"
    profile = tempfile.mkdtemp(prefix="vd-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for switch in SWITCHES:
        options.add_argument(switch)
    options.add_argument(f"--user-data-dir={profile}")
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def press_enter_on(driver: webdriver.Chrome, element_id: str) -> None:
    """Focus a control as Tab would and press Enter: no mouse anywhere."""
    element = driver.find_element(By.ID, element_id)
    driver.execute_script("arguments[0].focus()", element)
    driver.switch_to.active_element.send_keys(Keys.ENTER)


def keyboard_turn(driver: webdriver.Chrome) -> str | None:
    """One move with the keyboard, if the page offers one: the first playable tile (then its
    side, if asked), else draw, else pass. What was pressed, or None."""
    try:
        if driver.find_element(By.ID, "lati").is_displayed():
            arms = [b for b in driver.find_elements(By.CSS_SELECTOR, "#lati button")
                    if b.is_displayed()]  # fmt: skip
            driver.execute_script("arguments[0].focus()", arms[0])
            driver.switch_to.active_element.send_keys(Keys.ENTER)
            return "side"
        for button in driver.find_elements(By.CSS_SELECTOR, "#tessere button"):
            if button.is_enabled():
                driver.execute_script("arguments[0].focus()", button)
                driver.switch_to.active_element.send_keys(Keys.ENTER)
                return "tile"
        for control in ("pesca", "passa"):
            if driver.find_element(By.ID, control).is_enabled():
                press_enter_on(driver, control)
                return control
    except (StaleElementReferenceException, ElementNotInteractableException):
        return None  # the page redrew meanwhile (a new turn, a hidden control): look again
    return None


def chronicle(driver: webdriver.Chrome) -> str:
    log = driver.find_element(By.ID, "cronaca")
    return str(driver.execute_script("return arguments[0].innerText", log))


def test_a_browser_player_and_a_voicedomino_player_play_a_round(
    tmp_path: Path, browser: webdriver.Chrome
) -> None:
    """Anna plays with this program's own dialog (as in line mode) and creates the table;
    Bruno, in the browser, joins with the code she was told and plays by keyboard alone."""
    driver = browser
    heard: list[str] = []
    with ServerProcess(tmp_path) as server:
        anna = DialogManager(
            Table("classica", 2, target=0),  # one round decides the match
            computer_pause=0,
            network=NetworkSettings([f"127.0.0.1:{server.port}"], "Anna"),
        )
        news = threading.Event()
        anna.network.wake = news.set
        try:
            heard.append(anna.start().text)
            heard.append(anna.handle("crea un tavolo").text)
            code = re.search(r"Il codice è ([a-z ]+):", heard[-1])
            assert code is not None, heard[-1]
            digits = "".join(str(DIGITS[word]) for word in code.group(1).split())

            driver.get(f"http://127.0.0.1:{server.port}/")
            log = driver.find_element(By.ID, "cronaca")
            assert log.get_attribute("role") == "log"
            assert log.get_attribute("aria-live") == "polite"
            wait_until(lambda: "Connesso" in driver.find_element(By.ID, "stato-connessione").text)
            driver.find_element(By.ID, "nome").send_keys("Bruno")
            driver.find_element(By.ID, "codice").send_keys(" ".join(digits) + Keys.ENTER)
            wait_until(lambda: driver.find_element(By.ID, "tavolo").is_displayed())
            while not any("Bruno entra al tavolo" in text for text in heard):
                news.wait(1)
                news.clear()
                heard.append(anna.table_news().text)
            heard.append(anna.handle("inizia").text)
            rng = random.Random(3)
            deadline = time.monotonic() + 120
            while anna.phase is not Phase.MATCH_OVER and time.monotonic() < deadline:
                view = anna.view()
                if anna.phase is Phase.PLAYING and view is not None and view.is_my_turn:
                    heard.append(anna.handle(command(rng.choice(view.legal_actions()))).text)
                else:
                    keyboard_turn(driver)
                    news.wait(0.15)
                    news.clear()
                    heard.append(anna.table_news().text)
            wait_until(lambda: "Partita finita" in chronicle(driver))
            heard.append(anna.handle("bella mossa").text)
            wait_until(lambda: "Bella mossa" in chronicle(driver))
            told = chronicle(driver)
        finally:
            anna.close()
    said = "\n".join(heard)
    assert anna.phase is Phase.MATCH_OVER, said[-1500:]
    assert "Comincia la partita 1: Anna, Bruno." in told
    assert "Tocca a te." in told and "Hai giocato il" in told and "Anna gioca il" in told
    assert "Punteggio:" in told and "Partita finita: vince" in told
    assert "Anna: Bella mossa!" in told
    assert "Bruno," in said  # the browser player's moves, told to Anna by name


def test_a_browser_player_whose_seat_is_gone_after_a_restart_is_back_at_the_entrance(
    tmp_path: Path, browser: webdriver.Chrome
) -> None:
    """During a match the server stops and comes back from a copy of its tables where the
    browser player's seat no longer is theirs: the page must not go on showing a table it
    does not sit at (its 'Esci' would only be refused): it says so and shows the entrance."""
    import asyncio
    import json
    import sqlite3

    from net_helpers import Player

    driver = browser
    server = ServerProcess(tmp_path).start()
    loop = asyncio.new_event_loop()
    anna = Player("Anna")
    try:
        code = loop.run_until_complete(anna.create(server.url, {"variant": "classica", "seats": 2}))
        driver.get(f"http://127.0.0.1:{server.port}/")
        wait_until(lambda: "Connesso" in driver.find_element(By.ID, "stato-connessione").text)
        driver.find_element(By.ID, "nome").send_keys("Bruno")
        driver.find_element(By.ID, "codice").send_keys(code + Keys.ENTER)
        wait_until(lambda: driver.find_element(By.ID, "tavolo").is_displayed())
        loop.run_until_complete(anna.send({"type": "start", "fill": True}))
        wait_until(lambda: "Si gioca" in driver.find_element(By.ID, "fase").text)
        server.kill()
        loop.run_until_complete(anna.close())
        with sqlite3.connect(tmp_path / "tavoli.sqlite3") as db:
            (text,) = db.execute("SELECT document FROM tables WHERE code = ?", (code,)).fetchone()
            document = json.loads(text)
            document["seats"][1]["token_hash"] = "0" * 64  # the seat is no longer Bruno's
            db.execute(
                "UPDATE tables SET document = ? WHERE code = ?", (json.dumps(document), code)
            )
        server.start()
        wait_until(lambda: driver.find_element(By.ID, "ingresso").is_displayed())
        assert not driver.find_element(By.ID, "tavolo").is_displayed()
        told = chronicle(driver)
        assert "non c'è più" in told and "Sei di nuovo all'ingresso" in told, told[-600:]
        assert driver.execute_script("return sessionStorage.length") == 0  # nothing to resume
    finally:
        loop.close()
        server.stop()
