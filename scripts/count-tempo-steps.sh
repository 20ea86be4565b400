#!/usr/bin/env bash
# What a step of Tempo's generated machine costs at run time, built as an app's release build would: FlowValues,
# FlowMachine and generated/Sources/TempoFlow with `swiftc -O -wmo`, driven by Benchmarks/TempoSteps. Prints, for each
# mode (an event ONB-001 ⇄ ONB-003, a read of WAL-001's texts, a guard or validator call, a restart), the CPU time
# (median of 3 runs; it moves with the machine's load) and the instructions (callgrind, the difference between two run
# lengths, so start-up drops out; the load does not move it). To compare two generators, run it on each branch, or give
# another generated module's folder (a copy of main's generated/Sources/TempoFlow) as the argument.
#
# Usage: scripts/count-tempo-steps.sh [TempoFlow folder]   (needs valgrind)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "valgrind is missing (apt-get install valgrind)" >&2; exit 1; }
module="${1:-generated/Sources/TempoFlow}"
mkdir -p .build
work="$(mktemp -d .build/tempo-steps.XXXXXX)"
trap 'rm -rf "$work"' EXIT
options=(-O -wmo -swift-version 6 -parse-as-library -I "$work")
swiftc "${options[@]}" -module-name FlowValues -emit-module -emit-module-path "$work/FlowValues.swiftmodule" \
    -c -o "$work/FlowValues.o" $(find Sources/FlowValues -name "*.swift" | sort)
swiftc "${options[@]}" -module-name FlowMachine -emit-module -emit-module-path "$work/FlowMachine.swiftmodule" \
    -c -o "$work/FlowMachine.o" $(find Sources/FlowMachine -name "*.swift" | sort)
swiftc "${options[@]}" -module-name TempoFlow -emit-module -emit-module-path "$work/TempoFlow.swiftmodule" \
    -c -o "$work/TempoFlow.o" "$module"/*.swift
swiftc -O -wmo -swift-version 6 -I "$work" -module-name TempoSteps -o "$work/TempoSteps" \
    Benchmarks/TempoSteps/main.swift "$work/FlowValues.o" "$work/FlowMachine.o" "$work/TempoFlow.o"
count() {
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$work/TempoSteps" "$@" 2>&1 \
        | awk '/I *refs:/ { gsub(",", "", $NF); print $NF }'
}
# mode, units per round, short and long run lengths, what one unit is
while read -r mode per short long unit; do
    argument=(); [ "$mode" = event ] || argument=("$mode")
    nanoseconds=$("$work/TempoSteps" $((long * 10)) 3 "${argument[@]}" | awk '{ print $3 }' | sort -n | sed -n 2p)
    first=$(count "$short" 1 "${argument[@]}")
    second=$(count "$long" 1 "${argument[@]}")
    printf '%-8s %8.0f ns and %6d instructions per %s\n' "$mode" "$nanoseconds" $(( (second - first) / ((long - short) * per) )) "$unit"
done <<'MODES'
event 1 20000 80000 event
texts 1 2000 8000 read of WAL-001's texts
logic 184 100 400 guard or validator call
restart 1 2000 8000 restart
MODES
