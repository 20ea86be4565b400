#!/usr/bin/env bash
# flowc studio in a real browser (CI runs it): Playwright from PyPI driving Debian's chromium walks Tempo from the
# splash screen to Wallet Home by clicking, records the walk, saves it into a copy of the flows and runs
# `flowc test` on it. Screenshots go to .build/screenshots/studio/. Installs what it needs when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1; then
    echo "installing chromium (apt-get)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
fi
if ! python3 -c "import playwright" >/dev/null 2>&1; then
    echo "installing playwright (pip)"
    python3 -m pip install --quiet --disable-pip-version-check playwright || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages playwright
fi

swift build --product flowc >/dev/null
work=.build/studio-test
rm -rf "$work"
mkdir -p "$work/flows"
cp -R flows/tempo "$work/flows/tempo"
python3 scripts/studio-browser-test.py "$(swift build --product flowc --show-bin-path)/flowc" "$work/flows" .build/screenshots/studio
