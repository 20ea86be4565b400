#!/usr/bin/env bash
# Times `flowc check` of the synthetic 10,000-screen ring as a whole process (start, load, check, exit),
# the figure the README's "load + check" target is about. The package-benchmark `check synthetic 10000
# screens` measures the same work in process, without start-up and file reading.
#
# Usage: Benchmarks/time-check.sh [--runs N] [--screens N] FLOWC [FLOWC...]
#   e.g. Benchmarks/time-check.sh --runs 15 /tmp/flowc-before .build/release/flowc
# With several binaries the runs alternate (A B A B ...), so a shared machine's load falls on all of them
# alike; compare the medians of one sitting. Prints the load average before and after.
set -euo pipefail
runs=10
screens=10000
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        --screens) screens="$2"; shift 2 ;;
        *) break ;;
    esac
done
[ $# -gt 0 ] || { echo "usage: $0 [--runs N] [--screens N] FLOWC [FLOWC...]" >&2; exit 64; }
binaries=()
for binary in "$@"; do binaries+=("$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"); done
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 "$root/scripts/make-synthetic-app.py" --screens "$screens" --out "$work/flows/synthetic"
cd "$work"
for binary in "${binaries[@]}"; do "$binary" check flows/synthetic >/dev/null 2>&1 || true; done  # warm the file cache
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for _ in $(seq "$runs"); do
    for index in "${!binaries[@]}"; do
        /usr/bin/time -f "$index %e %U %S" -a -o "$work/times" "${binaries[$index]}" check flows/synthetic >/dev/null 2>&1 || true
    done
done
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$work/times" "${binaries[@]}" <<'EOF'
import statistics, sys
wall, cpu = {}, {}
for line in open(sys.argv[1]):
    index, elapsed, user, system = line.split()
    wall.setdefault(int(index), []).append(float(elapsed))
    cpu.setdefault(int(index), []).append(float(user) + float(system))
first = None
for index, binary in enumerate(sys.argv[2:]):
    w, c = statistics.median(wall[index]), statistics.median(cpu[index])
    first = first or (w, c)
    print(f"{binary}: {len(wall[index])} runs, median {w:.3f} s wall, {c:.3f} s CPU (user + sys)"
          f"; ratio to the first {w / first[0]:.2f} wall, {c / first[1]:.2f} CPU")
EOF
