"""``stackfish serve --web`` in a real browser: headless Chromium (Debian's
``chromium``), driven by Playwright, loads the page, keeps a hand and plays a land;
the game's journal, in the server's data directory, shows both moves.

Skipped where Chromium, Playwright or the web extra (textual-serve) is missing: a
fresh CI machine has no browser, and Playwright must never download one."""

from __future__ import annotations

import importlib.util
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = [
    pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine "
                       "(Debian: apt-get install chromium)"),
    pytest.mark.skipif(importlib.util.find_spec("playwright") is None,
                       reason="playwright (the python package) is not installed"),
    pytest.mark.skipif(importlib.util.find_spec("textual_serve") is None,
                       reason="the web extra is not installed: pip install 'stackfish[web]'"),
]
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def journal(data: Path) -> str:
    return "".join(p.read_text() for p in data.glob("games/*/journal.scenario"))


def wait_for(check, seconds: float = 30.0) -> bool:  # noqa: ANN001
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.2)
    return False


@pytest.fixture
def server(tmp_path):  # noqa: ANN001, ANN201
    """``stackfish serve --web`` on a free local port, with a data dir of its own."""
    port = free_port()
    env = {**os.environ, "STACKFISH_DATA_DIR": str(tmp_path / "data")}
    proc = subprocess.Popen([sys.executable, "-m", "tui.cli", "serve", "--web", "--port", str(port)],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        assert wait_for(lambda: _listening(port)), "the web server did not start"
        yield f"http://127.0.0.1:{port}/", tmp_path / "data"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def _listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def test_a_browser_keeps_a_hand_and_plays_a_land(server):
    from playwright.sync_api import sync_playwright

    url, data = server
    with sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        browser = p.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, args=FLAGS,
            viewport={"width": 1200, "height": 800})
        try:
            page = browser.new_page()
            page.goto(url, wait_until="domcontentloaded", timeout=30_000)
            # the app has started once its game is journalled (at the mulligan)
            assert wait_for(lambda: "start" in journal(data)), "no game started in the browser"
            page.wait_for_selector(".xterm-helper-textarea", state="attached", timeout=30_000)
            page.wait_for_timeout(1500)  # the first frame, and the mulligan dialog's focus
            page.focus(".xterm-helper-textarea")  # the terminal takes the keys
            page.keyboard.press("Enter")  # keep
            assert wait_for(lambda: "keep p1" in journal(data)), journal(data)
            page.wait_for_timeout(500)
            page.keyboard.press("Enter")  # the hand lists lands first: play the first one
            assert wait_for(lambda: "\nplay p1 " in journal(data)), journal(data)
        finally:
            browser.close()
