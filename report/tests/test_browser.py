# SPDX-License-Identifier: Apache-2.0
"""The rendered report in a real browser: headless Chromium at 1,400 px checks that nothing
is wider than the window, that every image loads, and that the summary is on the first
screen. Skipped, with the reason, only where no Chromium is installed and set-up cannot
install one (scripts/setup.sh installs Debian's `chromium` when run as root, and names it
otherwise); as root on Debian its absence fails."""

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

WIDTH, HEIGHT = 1400, 900
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
TIMEOUT_S = 60

# Runs once the page and its images have loaded; writes its findings into the page, which
# --dump-dom prints.
CHECK = """
<script>
window.addEventListener("load", () => {
  const width = window.innerWidth, height = window.innerHeight;
  const clipped = (el) => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      const overflow = getComputedStyle(p).overflowX;
      if (overflow === "auto" || overflow === "scroll" || overflow === "hidden") return p;
    }
    return null;
  };
  const wide = [];
  for (const el of document.body.querySelectorAll("*")) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    const frame = clipped(el);
    const right = frame ? frame.getBoundingClientRect().right : box.right;
    if (box.left < -1 || right > width + 1) wide.push(el.tagName + " " + (el.id || el.className)
        + " " + Math.round(box.left) + ".." + Math.round(right));
  }
  const images = [...document.images].map((img) => ({
    src: img.getAttribute("src"), loaded: img.complete && img.naturalWidth > 0}));
  const summary = document.getElementById("summary");
  const report = {
    width, height,
    scrollWidth: document.documentElement.scrollWidth,
    wide: wide.slice(0, 20),
    images,
    summaryTop: summary ? summary.getBoundingClientRect().top : null,
    firstChartTop: summary && summary.querySelector("img")
        ? summary.querySelector("img").getBoundingClientRect().top : null,
  };
  const out = document.createElement("pre");
  out.id = "browser-check";
  out.textContent = JSON.stringify(report);
  document.body.appendChild(out);
});
</script>
"""


def _browser() -> str | None:
    for name in BROWSERS:
        path = shutil.which(name)
        if path:
            return path
    return None


@pytest.fixture(scope="module")
def browser() -> str:
    path = _browser()
    if path is None:
        reason = ("no Chromium found (looked for " + ", ".join(BROWSERS) + "): install the "
                  "Debian package 'chromium' (scripts/setup.sh does, run as root) to check "
                  "the report in a browser")
        if os.geteuid() == 0 and shutil.which("apt-get"):
            # set-up installs it here: its absence is a broken set-up, not a missing choice
            pytest.fail(f"{reason}; this machine can: run scripts/setup.sh")
        print(f"SKIPPED: {reason}")
        pytest.skip(reason)
    return path


def _checked(browser: str, page: Path) -> dict:
    """The page with the check appended, opened at WIDTH x HEIGHT; the check's findings."""
    probe = page.with_name(f".check-{page.name}")
    probe.write_text(page.read_text(encoding="utf-8").replace("</body>", CHECK + "</body>"),
                     encoding="utf-8")
    profile = page.parent / ".chromium-profile"
    command = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
               "--no-first-run", "--disable-extensions", f"--user-data-dir={profile}",
               f"--window-size={WIDTH},{HEIGHT}", "--virtual-time-budget=10000",
               "--dump-dom", probe.as_uri()]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT_S,
                              env={**os.environ, "HOME": str(page.parent)})
    finally:
        probe.unlink(missing_ok=True)
        shutil.rmtree(profile, ignore_errors=True)
    found = re.search(r'<pre id="browser-check">(.*?)</pre>', done.stdout, re.S)
    assert found, f"the check did not run: exit {done.returncode}, {done.stderr[-2000:]}"
    return json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&")
                      .replace("&lt;", "<").replace("&gt;", ">"))


@pytest.fixture(scope="module")
def main_page(browser: str, rendered: Path) -> dict:
    return _checked(browser, rendered / "index.html")


def test_the_window_is_the_size_asked_for(main_page):
    assert main_page["width"] == WIDTH


def test_nothing_is_wider_than_the_window(main_page):
    assert main_page["scrollWidth"] <= WIDTH
    assert main_page["wide"] == []


def test_every_image_loads(main_page):
    assert main_page["images"], "the report shows no image"
    assert [i["src"] for i in main_page["images"] if not i["loaded"]] == []


def test_the_summary_and_its_chart_are_on_the_first_screen(main_page):
    assert main_page["summaryTop"] is not None, "no element with id 'summary'"
    screen = main_page["height"]            # the window less the browser's own frame
    assert 0 <= main_page["summaryTop"] < screen / 4
    assert main_page["firstChartTop"] is not None and main_page["firstChartTop"] < screen / 2


def test_the_page_of_its_own_fits_and_loads_too(browser, rendered: Path):
    pages = [p for p in rendered.glob("*.html") if p.name != "index.html"]
    for page in pages:
        found = _checked(browser, page)
        assert found["scrollWidth"] <= WIDTH and found["wide"] == [], page.name
        assert all(i["loaded"] for i in found["images"]), page.name
