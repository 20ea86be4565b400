#!/usr/bin/env bash
# Counts the instructions the interpreter takes per event on the peer ring (Benchmarks/README.md), with
# callgrind: unlike the benchmarks' times, the count does not move with the machine's load, so two builds
# can be compared on a busy or noisy machine. Each ring size is run twice (100,000 and 400,000 events, the
# trace bounded to 1,000 steps as in the benchmark) and the difference divided by 300,000 events, so loading
# the flows drops out; hashing is made deterministic so both runs load alike.
#
# Usage: scripts/count-interpreter-instructions.sh [sizes...]   (default: 10 1000 10000; needs valgrind)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "valgrind is missing (apt-get install valgrind)" >&2; exit 1; }
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10 1000 10000)
(cd Benchmarks && swift build -c release --product InterpreterCount >/dev/null)
binary="Benchmarks/.build/release/InterpreterCount"
mkdir -p .build
work="$(mktemp -d .build/interpreter-count.XXXXXX)"
trap 'rm -rf "$work"' EXIT
count() {
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" "$1" "$2" 2>&1 \
        | awk '/I *refs:/ { gsub(",", "", $NF); print $NF }'
}
for screens in "${sizes[@]}"; do
    python3 scripts/make-synthetic-app.py --peer-ring --screens "$screens" --out "$work/peer-ring-$screens"
    short=$(count "$work/peer-ring-$screens" 100000)
    long=$(count "$work/peer-ring-$screens" 400000)
    echo "peer ring $screens: $(( (long - short) / 300000 )) instructions per event"
done
