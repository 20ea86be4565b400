#!/usr/bin/env python3
"""Reads the HTML reports as their readers do, in Debian's chromium driven by Playwright (PyPI), and fails (exit 1)
when a page is not usable:

  coverage.html at 390 px (a phone): nothing wider than the screen, the summary table's words on one line each,
      every section link inside the screen;
  coverage.html at 1400 px: every text of every flow picture at least 10 px at the default zoom (Tempo's wallet was
      shrunk to about 4 px), the zoom buttons zoom, the search box finds a screen by ID and by name and centres it;
  coverage.html printed: a picture larger than a page is printed in parts, each at the scale of the screen;
  acceptance.html: the search box keeps only the criteria and scenarios holding the words typed.

    python3 scripts/check-report-pages.py [app ...]        (default: tempo)

Screenshots go to .build/screenshots/<app>/ (coverage-390.png, coverage-found.png, acceptance-find.png); look at them.
Installs what it needs when missing: chromium (apt-get), playwright (pip), as scripts/screenshot-reports.sh does.
"""
import os, shutil, subprocess, sys

MIN_LABEL_PX = 10.0
PHONE = {"width": 390, "height": 844}


def ensure_tools():
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if not browser and shutil.which("apt-get"):
        subprocess.run(["apt-get", "update", "-qq"], check=True)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium", "fonts-dejavu-core"], check=True,
                       env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"), stdout=subprocess.DEVNULL)
        browser = shutil.which("chromium")
    try:
        import playwright  # noqa: F401
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "playwright"], check=True)
    if not browser:
        sys.exit("check-report-pages: needs chromium; install it and run again")
    return browser


def check_app(browser, app, problems):
    from playwright.sync_api import sync_playwright
    reports = os.path.abspath(f"generated/reports/{app}")
    out = f".build/screenshots/{app}"
    os.makedirs(out, exist_ok=True)
    coverage_url = f"file://{reports}/coverage.html"
    acceptance_url = f"file://{reports}/acceptance.html"
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=browser, args=["--no-sandbox", "--disable-gpu"])

        # A phone.
        page = chromium.new_page(viewport=PHONE)
        page.goto(coverage_url)
        page.screenshot(path=f"{out}/coverage-390.png")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            problems.append(f"{app}: coverage.html is {width} px wide at 390 px")
        tall = page.evaluate("""() => Array.from(document.querySelectorAll('#summary td:first-child, #summary th'))
            .filter(cell => getComputedStyle(cell).display !== 'none')
            .filter(cell => cell.getBoundingClientRect().height > 2.2 * parseFloat(getComputedStyle(cell).lineHeight || 20))
            .map(cell => cell.textContent)""")
        if tall:
            problems.append(f"{app}: at 390 px the summary table wraps inside its cells: {tall}")
        outside = page.evaluate("""() => Array.from(document.querySelectorAll('nav.contents a'))
            .filter(a => a.getBoundingClientRect().right > window.innerWidth + 0.5 || a.getBoundingClientRect().left < 0)
            .map(a => a.textContent)""")
        if outside:
            problems.append(f"{app}: at 390 px these section links run off the screen: {outside}")
        page.close()

        # A window: labels at the default zoom, zoom, search.
        page = chromium.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(coverage_url)
        smallest = page.evaluate("""() => Array.from(document.querySelectorAll('svg.flow-picture:not(.part)')).map(svg => {
                const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
                const sizes = Array.from(svg.querySelectorAll('text')).map(t => parseFloat(getComputedStyle(t).fontSize) * scale);
                return { picture: svg.getAttribute('aria-label'), width: svg.viewBox.baseVal.width, px: Math.min(...sizes) };
            })""")
        for item in smallest:
            if item["px"] < MIN_LABEL_PX:
                problems.append(f"{app}: in the picture of {item['picture']} ({item['width']:.0f} px wide) the smallest text is {item['px']:.1f} px at the default zoom")
        if smallest:
            least = min(smallest, key=lambda item: item["px"])
            widest = max(smallest, key=lambda item: item["width"])
            print(f"{app}: {len(smallest)} flow pictures; smallest text at the default zoom {least['px']:.1f} px; "
                  f"widest picture {widest['picture']} ({widest['width']:.0f} px) at {next(i['px'] for i in smallest if i is widest):.1f} px")
        viewer = page.locator(".viewer").first
        if viewer.count():
            before = page.evaluate("() => { const s = document.querySelector('.viewer svg.flow-picture'); return s.getBoundingClientRect().width / s.viewBox.baseVal.width; }")
            viewer.locator("[data-zoom=in]").click()
            after = page.evaluate("() => { const s = document.querySelector('.viewer svg.flow-picture'); return s.getBoundingClientRect().width / s.viewBox.baseVal.width; }")
            if not after > before * 1.2:
                problems.append(f"{app}: the zoom-in button did not zoom ({before:.2f} -> {after:.2f})")
            viewer.locator("[data-zoom=reset]").click()
        screens = page.evaluate("() => Array.from(document.querySelectorAll('.viewer g.node[data-screen]')).map(g => g.getAttribute('data-screen'))")
        # The screen farthest from the picture's top-left corner: finding it must move the picture.
        target = page.evaluate("""() => { let best = null, far = -1;
            document.querySelectorAll('.viewer g.node[data-screen]').forEach(g => { const b = g.getBBox(); const d = b.x + b.y;
              if (d > far) { far = d; best = g.getAttribute('data-screen'); } }); return best; }""")
        if not page.locator("#find-screen").count():
            problems.append(f"{app}: coverage.html has no search box for screens")
        elif target:
            name = page.evaluate(f"() => document.querySelector('#screen-list option[value=\"{target}\"]').textContent")
            for query in (target, name):
                page.fill("#find-screen", query)
                page.press("#find-screen", "Enter")
                centred = page.evaluate("""() => { const node = document.querySelector('svg.flow-picture .found');
                    if (!node) return null;
                    const pan = node.closest('.pan').getBoundingClientRect(), box = node.getBoundingClientRect();
                    return { screen: node.getAttribute('data-screen'), dx: (box.left + box.width / 2) - (pan.left + pan.width / 2),
                             dy: (box.top + box.height / 2) - (pan.top + pan.height / 2), inside: box.left >= pan.left && box.right <= pan.right && box.top >= pan.top && box.bottom <= pan.bottom }; }""")
                if not centred or not centred["inside"] or centred["screen"] != target:
                    problems.append(f"{app}: searching '{query}' did not centre {target}: {centred}")
            page.screenshot(path=f"{out}/coverage-found.png")
            page.fill("#find-screen", "no such screen at all")
            page.press("#find-screen", "Enter")
            said = page.text_content("#find-screen-result") or ""
            if "No screen matches" not in said:
                problems.append(f"{app}: searching a screen that is not there said '{said}'")
        print(f"{app}: {len(screens)} screens in overview pictures; search centred {target}")

        # Paper: a picture larger than a page goes in parts, each at the screen's scale.
        page.emulate_media(media="print")
        parts = page.evaluate("""() => Array.from(document.querySelectorAll('.print-part svg')).map(svg =>
            ({ scale: svg.getBoundingClientRect().width / svg.viewBox.baseVal.width, shown: svg.getBoundingClientRect().width > 0 }))""")
        large = page.evaluate("() => Array.from(document.querySelectorAll('.viewer')).filter(v => +v.dataset.width > 700 || +v.dataset.height > 940).length")
        if large and not parts:
            problems.append(f"{app}: {large} pictures are larger than a page and none is printed in parts")
        squeezed = [p for p in parts if not p["shown"] or p["scale"] < 0.95]
        if squeezed:
            problems.append(f"{app}: {len(squeezed)} printed parts are shrunk below the screen's scale")
        page.pdf(path=f"{out}/coverage-print.pdf", format="A4")
        print(f"{app}: {large} large pictures printed in {len(parts)} page-sized parts")
        page.close()

        # The acceptance report's search box.
        page = chromium.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(acceptance_url)
        ids = page.evaluate("() => Array.from(document.querySelectorAll('article.criterion')).map(a => a.id)")
        if ids and not page.locator("#find").count():
            problems.append(f"{app}: acceptance.html has no search box")
        elif ids:
            first = page.evaluate("() => document.querySelector('article.criterion').id.replace(/^criterion-/, '')")
            page.fill("#find", first)
            shown = page.evaluate("() => Array.from(document.querySelectorAll('article.criterion')).filter(a => a.offsetParent !== null).map(a => a.id)")
            if not shown or any(first not in page.text_content(f"#{i}") for i in shown):
                problems.append(f"{app}: searching '{first}' in acceptance.html kept {shown}")
            page.screenshot(path=f"{out}/acceptance-find.png")
            page.fill("#find", "")
            again = page.evaluate("() => Array.from(document.querySelectorAll('article.criterion')).filter(a => a.offsetParent !== null).length")
            if again != len(ids):
                problems.append(f"{app}: clearing the search shows {again} of {len(ids)} criteria")
            print(f"{app}: acceptance search for {first} kept {len(shown)} of {len(ids)} criteria")
        chromium.close()


def main():
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    apps = sys.argv[1:] or ["tempo"]
    browser = ensure_tools()
    problems = []
    for app in apps:
        check_app(browser, app, problems)
    for problem in problems:
        print("  " + problem, file=sys.stderr)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
