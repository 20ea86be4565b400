#!/usr/bin/env bash
# Counts the instructions a generated machine takes per event (the peer ring of 10 screens,
# Benchmarks/Generated/PeerRing10Flow, driven by Benchmarks/GeneratedCount), with callgrind: unlike the
# benchmarks' times, the count does not move with the machine's load. The machine is run for 100,000 and
# 400,000 events and the difference divided by 300,000, so start-up drops out.
#
# It first checks that the generated module does not compile its own copy of FlowMachine's engine: the
# machine calls the `sharedEngine…` entry points, and `swiftc -O -wmo -emit-ir` of the module must hold no
# specialised engine step (Benchmarks/README.md, session 13). Only the small form helpers may be specialised.
# Nor may the module read the engine's bodies only to call FlowMachine's copy: its optimised SIL (`-emit-sil`) must
# hold no body of an engine function deserialised from FlowMachine, which the entry points' `optimize.no.crossmodule`
# keeps out of FlowMachine's module file (session 14).
#
# Usage: scripts/count-generated-instructions.sh            (needs valgrind)
#        scripts/count-generated-instructions.sh --check    (the two checks only, no count: what CI runs)
set -euo pipefail
cd "$(dirname "$0")/.."
check_only=false
[ "${1:-}" = --check ] && check_only=true
$check_only || command -v valgrind >/dev/null || { echo "valgrind is missing (apt-get install valgrind)" >&2; exit 1; }
mkdir -p .build
work="$(mktemp -d .build/generated-count.XXXXXX)"
trap 'rm -rf "$work"' EXIT
options=(-O -wmo -swift-version 6 -parse-as-library -I "$work")
swiftc "${options[@]}" -module-name FlowValues -emit-module -emit-module-path "$work/FlowValues.swiftmodule" \
    -c -o "$work/FlowValues.o" $(find Sources/FlowValues -name "*.swift" | sort)
swiftc "${options[@]}" -module-name FlowMachine -emit-module -emit-module-path "$work/FlowMachine.swiftmodule" \
    -c -o "$work/FlowMachine.o" $(find Sources/FlowMachine -name "*.swift" | sort)
swiftc "${options[@]}" -module-name PeerRing10Flow -emit-ir -o "$work/PeerRing10Flow.ll" Benchmarks/Generated/PeerRing10Flow/*.swift
specialised=$(grep '^define' "$work/PeerRing10Flow.ll" | grep -o '@"\{0,1\}\$s[^(" ]*' | sed 's/^@"\{0,1\}//' | swift demangle --simplified \
    | sed 's/^.* ---> //' | grep '^specialized .*EngineHost\.' | grep -v 'EngineHost\.\(formInput\|clearForm\|setInput\)' || true)
if [ -n "$specialised" ]; then
    echo "the generated module compiles its own copy of the engine:" >&2
    echo "$specialised" >&2
    exit 1
fi
swiftc "${options[@]}" -module-name PeerRing10Flow -emit-sil -o "$work/PeerRing10Flow.sil" Benchmarks/Generated/PeerRing10Flow/*.swift
# A function of another module whose body the optimiser read is `public_external` and has a body (`{`).
deserialised=$(grep '^sil public_external .*{$' "$work/PeerRing10Flow.sil" | grep -o '@\$s11FlowMachine[^ :]*' | sed 's/^@//' \
    | swift demangle --simplified | sed 's/^.* ---> //' | grep 'EngineHost\.' | grep -v 'EngineHost\.\(formInput\|clearForm\|setInput\)' || true)
if [ -n "$deserialised" ]; then
    echo "the generated module reads the engine's bodies from FlowMachine's module file:" >&2
    echo "$deserialised" >&2
    exit 1
fi
if $check_only; then
    echo "the generated module neither specialises nor reads the engine (peer ring 10)"
    exit 0
fi
swiftc "${options[@]}" -module-name PeerRing10Flow -emit-module -emit-module-path "$work/PeerRing10Flow.swiftmodule" \
    -c -o "$work/PeerRing10Flow.o" Benchmarks/Generated/PeerRing10Flow/*.swift
swiftc -O -wmo -swift-version 6 -I "$work" -module-name GeneratedCount -o "$work/GeneratedCount" \
    Benchmarks/GeneratedCount/main.swift "$work/FlowValues.o" "$work/FlowMachine.o" "$work/PeerRing10Flow.o"
count() {
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$work/GeneratedCount" "$1" 2>&1 \
        | awk '/I *refs:/ { gsub(",", "", $NF); print $NF }'
}
short=$(count 100000)
long=$(count 400000)
echo "peer ring 10, generated machine: $(( (long - short) / 300000 )) instructions per event"
