#!/usr/bin/env bash
# Looks at the HTML reports the way their readers do: in a real browser (headless Chromium) and on paper.
#
#   scripts/screenshot-reports.sh [app ...]        (default: tempo)
#
# For each app, from generated/reports/<app>/ (kept current by `flowc build --check`), it writes to
# .build/screenshots/<app>/:
#   acceptance.png, coverage.png    the first 1400 x 2400 px of each page, as a QA lead's window shows it
#   acceptance.pdf, coverage.pdf    each page printed (A4, print styles), as a compliance file keeps it
#   acceptance-page1.png            the first printed page, rasterised by pdftoppm
# and then reads the PDFs back with pdftotext and fails (exit 1) unless
#   - acceptance.pdf holds the text of every acceptance criterion (acceptance.json), and
#   - coverage.pdf holds every screen ID of the app's flows (drawn in the flow pictures' SVG and listed).
# Installs Debian's chromium, poppler-utils and a font when they are missing (apt-get), as .ci/run does for libyaml.
set -euo pipefail
cd "$(dirname "$0")/.."

apps=("$@")
[ ${#apps[@]} -gt 0 ] || apps=(tempo)

browser=""
for candidate in chromium chromium-browser google-chrome; do
    if command -v "$candidate" >/dev/null 2>&1; then browser=$candidate; break; fi
done
if [ -z "$browser" ] || ! command -v pdftotext >/dev/null 2>&1 || ! command -v pdftoppm >/dev/null 2>&1; then
    if command -v apt-get >/dev/null 2>&1; then
        echo "installing chromium, poppler-utils and fonts-dejavu-core (apt-get)"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium poppler-utils fonts-dejavu-core >/dev/null
        browser=chromium
    else
        echo "screenshot-reports: needs chromium and poppler-utils (pdftotext, pdftoppm); install them and run again" >&2
        exit 1
    fi
fi

# Headless Chromium as root (containers, CI) needs --no-sandbox; nothing it loads is remote: the reports fetch nothing.
run_browser() {
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
        --disable-extensions --disable-background-networking "$@" 2>/dev/null
}

status=0
for app in "${apps[@]}"; do
    reports="generated/reports/$app"
    out=".build/screenshots/$app"
    [ -f "$reports/acceptance.html" ] || { echo "no $reports/acceptance.html: run 'swift run flowc build' first" >&2; exit 1; }
    mkdir -p "$out"
    for page in acceptance coverage; do
        url="file://$PWD/$reports/$page.html"
        run_browser --window-size=1400,2400 --screenshot="$out/$page.png" "$url" >/dev/null
        run_browser --no-pdf-header-footer --print-to-pdf="$out/$page.pdf" "$url" >/dev/null
        [ -s "$out/$page.png" ] && [ -s "$out/$page.pdf" ] || { echo "$app: chromium wrote no $page.png or $page.pdf" >&2; exit 1; }
    done
    pdftoppm -png -r 60 -f 1 -l 1 -singlefile "$out/acceptance.pdf" "$out/acceptance-page1"
    pdftotext -layout "$out/acceptance.pdf" "$out/acceptance.txt"
    pdftotext -layout "$out/coverage.pdf" "$out/coverage.txt"
    if ! python3 - "$reports" "$out" <<'PY'
import json, re, sys, unicodedata
reports, out = sys.argv[1], sys.argv[2]

def flat(text):
    # Lines wrap anywhere on paper: compare with all white space removed, ligatures unfolded.
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))

acceptance = json.load(open(f"{reports}/acceptance.json"))
printed = flat(open(f"{out}/acceptance.txt").read())
missing = [c["id"] for c in acceptance["criteria"] if flat(c["text"]) not in printed]
ids = [c["id"] for c in acceptance["criteria"] if flat(c["id"]) not in printed]
coverage = json.load(open(f"{reports}/coverage.json"))
drawn = flat(open(f"{out}/coverage.txt").read())
screens = [s["id"] for s in coverage["screens"] if flat(s["id"]) not in drawn]
pages = open(f"{out}/acceptance.pdf", "rb").read().count(b"/Type /Page\n") or open(f"{out}/acceptance.pdf", "rb").read().count(b"/Type /Page")
print(f"{acceptance['app']}: acceptance.pdf keeps {len(acceptance['criteria']) - len(missing)} of {len(acceptance['criteria'])} criterion texts; "
      f"coverage.pdf shows {len(coverage['screens']) - len(screens)} of {len(coverage['screens'])} screen IDs")
problems = [f"criterion text missing from acceptance.pdf: {i}" for i in missing] + \
           [f"criterion ID missing from acceptance.pdf: {i}" for i in ids] + \
           [f"screen ID missing from coverage.pdf: {i}" for i in screens]
for problem in problems: print("  " + problem, file=sys.stderr)
sys.exit(1 if problems else 0)
PY
    then
        status=1
    fi
    echo "$app: screenshots and PDFs in $out/"
done
exit $status
