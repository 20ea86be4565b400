#!/usr/bin/env python3
"""Times flowc studio from outside, as the page sees it: the page, the first view, and clicks.

Usage: scripts/studio-latency.py <flowc binary> <flows folder> <app> [<event> ...]

Starts `flowc studio`, loads the page and the first view, then sends each given event (or, with none, the
first enabled event of each screen) and undoes it, 100 times, timing each answer (the action and the new
view). Prints medians and the slowest; it asserts nothing (figures go in docs/studio.md).
"""
import json
import re
import statistics
import subprocess
import sys
import time
import urllib.request

flowc, flows, app, events = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
started = time.monotonic()
server = subprocess.Popen([flowc, "studio", app, "--flows", flows, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
try:
    line = server.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not match:
        sys.exit(f"flowc studio did not start: {line!r}")
    base = f"http://127.0.0.1:{match.group(1)}/"
    ready = time.monotonic() - started

    def timed(path, body=None):
        request = urllib.request.Request(base + path, data=body, headers={"Content-Type": "application/json"} if body else {})
        before = time.monotonic()
        data = urllib.request.urlopen(request).read()
        return (time.monotonic() - before) * 1000, data

    page_ms, page = timed("")
    view_ms, first = timed("api/view")
    view = json.loads(first)
    clicks = []
    for index in range(100):
        event = events[index % len(events)] if events else next((e["name"] for e in view["events"] if e["enabled"]), None)
        if event is None:
            sys.exit(f"{view['screen']} has no enabled event to click")
        ms, data = timed("api/action", json.dumps({"do": "send", "event": event}).encode())
        clicks.append(ms)
        after = json.loads(data)
        if after.get("error"):
            sys.exit(f"clicking {event} on {view['screen']}: {after['error']}")
        ms, data = timed("api/action", b'{"do": "undo"}')
        clicks.append(ms)
    print(f"{app}: studio ready in {ready * 1000:.0f} ms; page {len(page) // 1024} KB in {page_ms:.1f} ms; "
          f"first view {len(first) // 1024} KB in {view_ms:.1f} ms; a click {statistics.median(clicks):.1f} ms median, "
          f"{sorted(clicks)[int(len(clicks) * 0.95)]:.1f} ms p95, {max(clicks):.1f} ms slowest ({len(clicks)} clicks)")
finally:
    server.terminate()
    server.wait(timeout=10)
