"""The browser page in a real headless Chromium (Debian's chromium and chromedriver, driven by
Selenium): a player using only the keyboard joins a table by its code and plays a whole round
against a voicedomino client, every event told in the page's live region."""

from __future__ import annotations

import asyncio
import random
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from net_helpers import Player, ServerProcess, play_until_over
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

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
    except StaleElementReferenceException:
        return None  # the page redrew meanwhile: look again
    return None


def chronicle(driver: webdriver.Chrome) -> str:
    log = driver.find_element(By.ID, "cronaca")
    return str(driver.execute_script("return arguments[0].innerText", log))


def test_a_browser_player_and_a_voicedomino_client_play_a_round(
    tmp_path: Path, browser: webdriver.Chrome
) -> None:
    driver = browser

    async def scenario(server: ServerProcess) -> str:
        anna = Player("Anna")
        code = await anna.create(server.url, {"variant": "classica", "seats": 2, "target": 0})
        driver.get(f"http://127.0.0.1:{server.port}/")
        log = driver.find_element(By.ID, "cronaca")
        assert log.get_attribute("role") == "log" and log.get_attribute("aria-live") == "polite"
        while "Connesso" not in driver.find_element(By.ID, "stato-connessione").text:
            await asyncio.sleep(0.05)
        driver.find_element(By.ID, "nome").send_keys("Bruno")
        driver.find_element(By.ID, "codice").send_keys(" ".join(code) + Keys.ENTER)
        while not driver.find_element(By.ID, "tavolo").is_displayed():
            await asyncio.sleep(0.05)
        await anna.until(lambda m: any(e["event"].get("name") == "Bruno"
                                       for e in m.get("events", [])))  # fmt: skip
        await anna.send({"type": "start"})
        anna_plays = asyncio.create_task(play_until_over([anna], random.Random(3), timeout=120))
        while not anna_plays.done():
            keyboard_turn(driver)
            await asyncio.sleep(0.15)
        await anna_plays
        while "Partita finita" not in chronicle(driver):
            await asyncio.sleep(0.05)
        # The hand is reached from its heading with Tab, as a keyboard player would.
        await anna.send({"type": "chat", "quick": "bella_mossa"})
        while "Bella mossa" not in chronicle(driver):
            await asyncio.sleep(0.05)
        await anna.close()
        return chronicle(driver)

    with ServerProcess(tmp_path) as server:
        told = asyncio.run(scenario(server))
    assert "Comincia la partita 1: Anna, Bruno." in told
    assert "Tocca a te." in told and "Hai giocato il" in told and "Anna gioca il" in told
    assert "Punteggio:" in told and "Partita finita: vince" in told
    assert "Anna: Bella mossa!" in told
