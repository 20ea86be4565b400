#!/usr/bin/env bash
# Measures what an iOS app pays to compile a generated app module: CPU time (user + sys) and peak memory
# (max RSS) of `swiftc` on generated/Sources/<App>Flow, with `-O -wmo` (a release build) and with
# `-Onone` (a debug build, whole module, as Xcode's default debug build of a package). CPU time, not
# the wall clock: the machine is shared, and CPU time is what the compiler itself needs. On a shared machine
# CPU time still moves with the load (up to 2x): compare builds alternately in one sitting.
# Target (DESIGN.md): each app module under 10 s and under 1 GB with `-O -wmo`, under 10 s debug.
#
# Usage: scripts/time-generated-modules.sh [--runs N] [--warnings-as-errors] [App ...]   (default: every app, 2 runs)
#   --warnings-as-errors: also fail when swiftc warns (both modes).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=2
strict=()
apps=()
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        --warnings-as-errors) strict=(-warnings-as-errors); shift ;;
        *) apps+=("$1"); shift ;;
    esac
done
if [ ${#apps[@]} -eq 0 ]; then
    for folder in generated/Sources/*Flow; do apps+=("$(basename "$folder" Flow)"); done
fi
mkdir -p .build
work="$(mktemp -d .build/module-timing.XXXXXX)"
trap 'rm -rf "$work"' EXIT
# FlowMachine's module (and FlowValues', which it imports), built once per mode (not timed).
for mode in release debug; do
    optimisation=(-O); [ "$mode" = debug ] && optimisation=(-Onone -g)
    mkdir -p "$work/$mode"
    swiftc "${optimisation[@]}" -wmo -swift-version 6 -parse-as-library -emit-module -module-name FlowValues \
        -emit-module-path "$work/$mode/FlowValues.swiftmodule" $(find Sources/FlowValues -name "*.swift" | sort)
    swiftc "${optimisation[@]}" -wmo -swift-version 6 -parse-as-library -emit-module -module-name FlowMachine -I "$work/$mode" \
        -emit-module-path "$work/$mode/FlowMachine.swiftmodule" $(find Sources/FlowMachine -name "*.swift" | sort)
done
printf '%-8s %-8s %4s %10s %10s %12s\n' app mode run "user s" "user+sys s" "max RSS MB"
for app in "${apps[@]}"; do
    for mode in release debug; do
        optimisation=(-O); [ "$mode" = debug ] && optimisation=(-Onone -g)
        : > "$work/cpu"
        for run in $(seq 1 "$runs"); do
            # swiftc skips LLVM's optimisation and code generation when the object file it would write is already
            # there with the same IR (its hash is kept in the file): a run after the first would time only the
            # Swift half of the build. An app whose flows changed never gets that skip, so each run starts without it.
            rm -f "$work/${app}Flow.o"
            /usr/bin/time -f '%U %S %M' -o "$work/time" \
                swiftc "${optimisation[@]}" -wmo -swift-version 6 -parse-as-library "${strict[@]}" \
                -module-name "${app}Flow" -I "$work/$mode" -c -o "$work/${app}Flow.o" \
                generated/Sources/"${app}Flow"/*.swift
            read -r user sys rss < "$work/time"
            cpu="$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')"
            echo "$cpu" >> "$work/cpu"
            printf '%-8s %-8s %4s %10s %10s %12s\n' "$app" "$mode" "$run" "$user" "$cpu" "$((rss / 1024))"
        done
        # The median: one run disturbed by other work on the machine moves it least.
        printf '%-8s %-8s %4s %10s %10s\n' "$app" "$mode" median "" "$(sort -n "$work/cpu" | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }')"
    done
done
