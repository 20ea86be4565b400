#!/usr/bin/env bash
# Regenerates Benchmarks/Generated/SyntheticFlow: the Swift flowc generates for the synthetic
# 10,000-screen ring (scripts/make-synthetic-app.py), which the benchmarks run against the
# interpreter and a hand-written flat table. Prints how long `swiftc -O` takes on it.
#
# Usage: scripts/generate-benchmark-machine.sh [--time-swiftc | --check]
#   --check: write nothing; exit 1 when the committed module differs from what flowc generates now.
set -euo pipefail
cd "$(dirname "$0")/.."
# flowc writes only inside the project, so the scratch folder is under .build/ (ignored by git).
mkdir -p .build
work="$(mktemp -d .build/benchmark-machine.XXXXXX)"
trap 'rm -rf "$work"' EXIT
python3 scripts/make-synthetic-app.py --screens 10000 --out "$work/flows/synthetic"
swift run flowc build "$work/flows" --output "$work/out" >/dev/null
if [ "${1:-}" = "--check" ]; then
    if diff -r -q "$work/out/Sources/SyntheticFlow" Benchmarks/Generated/SyntheticFlow; then
        echo "Benchmarks/Generated/SyntheticFlow is up to date."
        exit 0
    fi
    echo "Benchmarks/Generated/SyntheticFlow is out of date; run scripts/generate-benchmark-machine.sh and commit the result." >&2
    exit 1
fi
rm -rf Benchmarks/Generated/SyntheticFlow
mkdir -p Benchmarks/Generated
cp -R "$work/out/Sources/SyntheticFlow" Benchmarks/Generated/SyntheticFlow
echo "wrote Benchmarks/Generated/SyntheticFlow ($(cat Benchmarks/Generated/SyntheticFlow/*.swift | wc -l) lines)"
if [ "${1:-}" = "--time-swiftc" ]; then
    # The generated module imports FlowMachine: build the library's module first (not timed).
    swiftc -O -swift-version 6 -parse-as-library -emit-module -module-name FlowMachine \
        -emit-module-path "$work/FlowMachine.swiftmodule" Sources/FlowMachine/*.swift
    start=$(date +%s.%N)
    swiftc -O -swift-version 6 -parse-as-library -emit-library -module-name SyntheticFlow -I "$work" \
        -o "$work/libSyntheticFlow.so" Benchmarks/Generated/SyntheticFlow/*.swift
    end=$(date +%s.%N)
    echo "swiftc -O on the 10,000-screen module: $(echo "$end - $start" | bc) s"
fi
