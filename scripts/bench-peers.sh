#!/usr/bin/env bash
# Runs the peer ring (issue 11, Benchmarks/README.md) on the tools users would pick instead of flowc:
# pytransitions and Qt's qscxmlc-generated C++, at N = 10, 1,000 and 10,000 screens, and prints
# events/s per N. Long (minutes) and not run in CI; run it on an idle machine, in the same sitting as
#   cd Benchmarks && swift package --allow-writing-to-package-directory benchmark --filter "peer ring.*"
# so the ratios are taken in one run. With --with-flowc it runs that too, after the peers.
#
# Needs: python3 with `pip install transitions`; Qt 6 with SCXML (`apt-get install qt6-scxml-dev
# libqt6scxml6-bin qt6-base-dev`), g++ and pkg-config. A peer that is missing is reported and skipped.
# Usage: scripts/bench-peers.sh [--events E] [--sizes "10 1000 10000"] [--with-flowc]
set -uo pipefail
cd "$(dirname "$0")/.."
events=1200000
sizes="10 1000 10000"
with_flowc=0
while [ $# -gt 0 ]; do
    case "$1" in
        --events) events="$2"; shift 2 ;;
        --sizes) sizes="$2"; shift 2 ;;
        --with-flowc) with_flowc=1; shift ;;
        *) echo "usage: scripts/bench-peers.sh [--events E] [--sizes \"10 1000 10000\"] [--with-flowc]" >&2; exit 2 ;;
    esac
done
peers=Benchmarks/Peers
work=.build/peers
mkdir -p "$work"

if python3 -c "import transitions" 2>/dev/null; then
    for n in $sizes; do python3 "$peers/peer_ring_transitions.py" --screens "$n" --events "$events"; done
else
    echo "pytransitions: not installed (pip install transitions); skipped"
fi

qt_libexec="$(pkg-config --variable=libexecdir Qt6Core 2>/dev/null || true)"
if [ -x "$qt_libexec/qscxmlc" ] && [ -x "$qt_libexec/moc" ] && pkg-config --exists Qt6Scxml; then
    flags="$(pkg-config --cflags --libs Qt6Scxml Qt6Core) -fPIC"
    for n in $sizes; do
        dir="$work/qt-$n"
        mkdir -p "$dir"
        cp "$peers/peer_ring_data.h" "$peers/peer_ring_qt.cpp" "$dir/"
        python3 "$peers/make-peer-ring-scxml.py" --screens "$n" --out "$dir/peer_ring.scxml"
        start=$(date +%s.%N)
        if (cd "$dir" && "$qt_libexec/qscxmlc" peer_ring.scxml -o peer_ring \
                && "$qt_libexec/moc" peer_ring_data.h -o moc_peer_ring_data.cpp \
                && g++ -O2 -std=c++17 -I. peer_ring.cpp moc_peer_ring_data.cpp peer_ring_qt.cpp \
                    -o peer_ring_qt $flags) >"$dir/build.log" 2>&1; then
            end=$(date +%s.%N)
            echo "qscxmlc C++    N=$(printf '%6s' "$n")  built in $(echo "$end - $start" | bc) s (qscxmlc, which runs moc on the machine itself; moc on the data model; g++ -O2)"
            "$dir/peer_ring_qt" "$n" "$events"
        else
            echo "qscxmlc C++    N=$(printf '%6s' "$n")  build failed; see $dir/build.log:"
            tail -5 "$dir/build.log"
        fi
    done
else
    echo "Qt SCXML: qscxmlc, moc or Qt6Scxml not found (apt-get install qt6-scxml-dev libqt6scxml6-bin qt6-base-dev); skipped"
fi

if [ "$with_flowc" = 1 ]; then
    (cd Benchmarks && swift package --allow-writing-to-package-directory benchmark --filter "peer ring.*")
fi
