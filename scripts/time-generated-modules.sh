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
        for run in $(seq 1 "$runs"); do
            /usr/bin/time -f '%U %S %M' -o "$work/time" \
                swiftc "${optimisation[@]}" -wmo -swift-version 6 -parse-as-library "${strict[@]}" \
                -module-name "${app}Flow" -I "$work/$mode" -c -o "$work/${app}Flow.o" \
                generated/Sources/"${app}Flow"/*.swift
            read -r user sys rss < "$work/time"
            printf '%-8s %-8s %4s %10s %10s %12s\n' "$app" "$mode" "$run" "$user" "$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')" "$((rss / 1024))"
        done
    done
done
