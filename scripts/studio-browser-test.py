#!/usr/bin/env python3
"""flowc studio in a real browser: Playwright (PyPI) drives Debian's chromium.

Usage: scripts/studio-browser-test.py <flowc binary> <flows copy> <screenshot folder>

Walks Tempo from the splash screen to Wallet Home by clicking: the splash timer, "Log In", a keycode typed
wrong (the seed's message must show), typed right, the Equals answers picked as outcomes; captures "Expect
this", saves the walk as a scenario into the copy of the flows, and checks that `flowc test` passes it.
Fails if the page asks anything of the network beyond its own server. Prints the server's answer times.
"""
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

from playwright.sync_api import sync_playwright, expect

flowc, flows, shots = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(shots, exist_ok=True)

# Every wait below ends as soon as what it checks is there; its limit only guards against a hang, far above what a
# loaded CI machine takes.
TIMEOUT_S = 60
expect.set_options(timeout=TIMEOUT_S * 1000)

# The server's output goes to a file, not a pipe: a pipe nobody reads after the first line fills and stops the server.
log = tempfile.NamedTemporaryFile(prefix="flowc-studio-", suffix=".log", delete=False)
server = subprocess.Popen([flowc, "studio", "tempo", "--flows", flows, "--port", "0"], stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
try:
    deadline = time.monotonic() + TIMEOUT_S
    match = None
    while not match:
        printed = open(log.name, encoding="utf-8", errors="replace").read()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", printed)
        if not match and (server.poll() is not None or time.monotonic() > deadline):
            sys.exit(f"flowc studio did not print its address: {printed!r}")
        time.sleep(0.05)
    base = f"http://127.0.0.1:{match.group(1)}/"
    print(f"studio at {base}")

    # Refused: another Host (DNS rebinding), another Origin (a page elsewhere), an action that is not JSON.
    def status(path, headers=None, data=None):
        request = urllib.request.Request(base + path, data=data, headers=headers or {})
        try:
            return urllib.request.urlopen(request, timeout=TIMEOUT_S).status
        except urllib.error.HTTPError as error:
            return error.code
    assert status("api/view", {"Host": "attacker.example"}) == 403, "a foreign Host must be refused"
    assert status("api/view", {"Origin": "http://attacker.example"}) == 403, "a foreign Origin must be refused"
    assert status("api/action", {"Content-Type": "text/plain"}, b'{"do":"undo"}') == 415, "an action must be JSON"
    bad = json.loads(urllib.request.urlopen(urllib.request.Request(base + "api/action", data=b'{"do": 42}', headers={"Content-Type": "application/json"}), timeout=TIMEOUT_S).read())
    assert bad["error"].startswith("a request is a JSON object"), bad["error"]

    external = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.set_default_timeout(TIMEOUT_S * 1000)
        page.on("request", lambda request: external.append(request.url) if not request.url.startswith(base) and not request.url.startswith("blob:") and not request.url.startswith("data:") else None)
        started = time.monotonic()
        page.goto(base)
        expect(page.get_by_test_id("screen-id")).to_contain_text("ONB-000")
        print(f"page loaded and showed the first screen in {(time.monotonic() - started) * 1000:.0f} ms")
        page.screenshot(path=f"{shots}/1-splash.png", full_page=False)

        page.click("#next-timer")
        expect(page.get_by_test_id("screen-id")).to_contain_text("ONB-001")
        page.click('[data-event="tap_log_in"]')
        expect(page.get_by_test_id("screen-id")).to_contain_text("ONB-002")

        page.fill('[data-field="keycode"]', "1234")
        page.click('[data-event="keycode_entered"]')
        expect(page.get_by_test_id("error-keycode")).to_have_text("Your keycode has 6 digits")
        page.screenshot(path=f"{shots}/2-wrong-keycode.png", full_page=False)

        page.fill('[data-field="keycode"]', "480317")
        page.click('[data-event="keycode_entered"]')
        page.fill('[data-output="equals.log_in:success:user_id"]', "U-42")
        page.screenshot(path=f"{shots}/3-service-outcome.png", full_page=False)
        page.click('[data-outcome="equals.log_in:success"]')
        page.click('[data-outcome="equals.get_onboarding_status:active"]')
        expect(page.get_by_test_id("screen-id")).to_contain_text("WAL-001")
        page.click("#expect")
        expect(page.locator("#recording")).to_contain_text("screen: WAL-001")
        page.screenshot(path=f"{shots}/4-wallet.png", full_page=False)

        page.fill("#scenario-name", "studio_walk_to_wallet")
        page.click("#save")
        expect(page.locator(".banner.notice")).to_contain_text("saved scenario 'studio_walk_to_wallet'")

        # The whole new-user onboarding, from the splash screen to Wallet Home, stepped through in the page.
        page.select_option("#scenario-list", "full_new_user_journey")
        page.click("#open")
        expect(page.get_by_test_id("screen-id")).to_contain_text("ONB-000")
        screens = set()
        progress = page.locator("#scenario-progress")
        for _ in range(400):
            before = progress.inner_text()
            if "every step ran" in before:
                break
            page.click("#next-step")
            # The page redraws after the answer arrives: wait for the step count to move before reading the screen.
            expect(progress).not_to_have_text(before)
            screens.add(page.get_by_test_id("screen-id").inner_text().split(" ")[0])
        expect(page.locator("#scenario-progress")).to_contain_text("every step ran")
        expect(page.get_by_test_id("screen-id")).to_contain_text("WAL-001")
        print(f"stepped through full_new_user_journey in the page: {len(screens)} screens, ending on Wallet Home")
        page.screenshot(path=f"{shots}/5-onboarding-stepped-to-wallet.png", full_page=False)
        browser.close()

    if external:
        sys.exit(f"the page asked the network for {external}")

    # The server's time to answer a click (an action and the new view), measured from here.
    times = []
    for index in range(60):
        action = {"do": "undo"} if index % 2 else {"do": "send", "event": "tap_log_in"}
        if index == 0:
            urllib.request.urlopen(urllib.request.Request(base + "api/action", data=b'{"do":"reset"}', headers={"Content-Type": "application/json"}), timeout=TIMEOUT_S).read()
            urllib.request.urlopen(urllib.request.Request(base + "api/action", data=b'{"do":"advance-to-next-timer"}', headers={"Content-Type": "application/json"}), timeout=TIMEOUT_S).read()
        started = time.monotonic()
        urllib.request.urlopen(urllib.request.Request(base + "api/action", data=json.dumps(action).encode(), headers={"Content-Type": "application/json"}), timeout=TIMEOUT_S).read()
        times.append((time.monotonic() - started) * 1000)
    print(f"a click answered in {statistics.median(times):.1f} ms (median of {len(times)}), {max(times):.1f} ms at most")
finally:
    server.kill()
    server.wait(timeout=TIMEOUT_S)
    os.unlink(log.name)

result = subprocess.run([flowc, "test", "tempo", "--flows", flows, "--no-reports"], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=600)
print(result.stdout[-600:])
if result.returncode != 0:
    sys.exit("the recorded scenario (or another) failed flowc test:\n" + result.stdout + result.stderr)
saved = [name for name in os.listdir(os.path.join(flows, "tempo")) if "studio_walk_to_wallet:" in open(os.path.join(flows, "tempo", name)).read()]
if len(saved) != 1:
    sys.exit(f"the walk was not saved into exactly one scenario file: {saved}")
print(f"the recorded walk is in {saved[0]} and passes flowc test")
print("studio browser test passed")
