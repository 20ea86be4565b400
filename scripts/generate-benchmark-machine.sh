#!/usr/bin/env bash
# Regenerates the modules under Benchmarks/Generated: the Swift flowc generates for the synthetic
# 10,000-screen ring (SyntheticFlow) and for the ring of the peers' semantics at 10, 1,000 and
# 10,000 screens (PeerRing10Flow, PeerRing1000Flow, PeerRing10000Flow), all from
# scripts/make-synthetic-app.py. The benchmarks run them against the interpreter and hand-written
# flat tables.
#
# Usage: scripts/generate-benchmark-machine.sh [--time-swiftc | --check]
#   --check: write nothing; exit 1 when a committed module differs from what flowc generates now.
#   --time-swiftc: also time `swiftc -O` on the two 10,000-screen modules (target: under 30 s each).
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(SyntheticFlow PeerRing10Flow PeerRing1000Flow PeerRing10000Flow)
# flowc writes only inside the project, so the scratch folder is under .build/ (ignored by git).
mkdir -p .build
work="$(mktemp -d .build/benchmark-machine.XXXXXX)"
trap 'rm -rf "$work"' EXIT
python3 scripts/make-synthetic-app.py --screens 10000 --out "$work/flows/synthetic"
for screens in 10 1000 10000; do
    python3 scripts/make-synthetic-app.py --peer-ring --screens "$screens" --out "$work/flows/peer-ring-$screens"
done
swift run flowc build "$work/flows" --output "$work/out" >/dev/null
if [ "${1:-}" = "--check" ]; then
    stale=0
    for module in "${modules[@]}"; do
        if ! diff -r -q "$work/out/Sources/$module" "Benchmarks/Generated/$module"; then
            echo "Benchmarks/Generated/$module is out of date; run scripts/generate-benchmark-machine.sh and commit the result." >&2
            stale=1
        fi
    done
    [ "$stale" = 0 ] && echo "Benchmarks/Generated is up to date."
    exit "$stale"
fi
mkdir -p Benchmarks/Generated
for module in "${modules[@]}"; do
    rm -rf "Benchmarks/Generated/$module"
    cp -R "$work/out/Sources/$module" "Benchmarks/Generated/$module"
    echo "wrote Benchmarks/Generated/$module ($(cat "Benchmarks/Generated/$module"/*.swift | wc -l) lines)"
done
if [ "${1:-}" = "--time-swiftc" ]; then
    # The generated modules import FlowMachine (which imports FlowValues): build those modules first (not timed).
    swiftc -O -swift-version 6 -parse-as-library -emit-module -module-name FlowValues \
        -emit-module-path "$work/FlowValues.swiftmodule" $(find Sources/FlowValues -name "*.swift" | sort)
    swiftc -O -swift-version 6 -parse-as-library -emit-module -module-name FlowMachine -I "$work" \
        -emit-module-path "$work/FlowMachine.swiftmodule" $(find Sources/FlowMachine -name "*.swift" | sort)
    for module in SyntheticFlow PeerRing10000Flow; do
        start=$(date +%s.%N)
        swiftc -O -swift-version 6 -parse-as-library -emit-library -module-name "$module" -I "$work" \
            -o "$work/lib$module.so" "Benchmarks/Generated/$module"/*.swift
        end=$(date +%s.%N)
        echo "swiftc -O on $module: $(echo "$end - $start" | bc) s"
    done
fi
