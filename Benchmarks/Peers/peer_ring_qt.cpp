// Times the peer ring compiled by qscxmlc (make-peer-ring-scxml.py; built by scripts/bench-peers.sh):
// the same event pattern as the Swift benchmarks and pytransitions, submitted one round (12 events) at a
// time and processed by the event loop. Prints N, events and events/s.
// Usage: peer_ring_qt SCREENS EVENTS
#include <QCoreApplication>
#include <QScxmlStateMachine>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include "peer_ring.h"
#include "peer_ring_data.h"

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    if (argc < 3) { std::fprintf(stderr, "usage: peer_ring_qt SCREENS EVENTS\n"); return 2; }
    const long screens = std::atol(argv[1]);
    const long patternLength = 12;
    const long rounds = std::max(1L, std::atol(argv[2]) / patternLength);
    const QString names[] = {"next", "next", "error", "retry", "error", "retry", "error", "retry", "next", "back", "next", "next"};

    auto loadStart = std::chrono::steady_clock::now();
    PeerRing machine;
    PeerRingData data;
    machine.setDataModel(&data);
    machine.start();
    QCoreApplication::processEvents();
    auto start = std::chrono::steady_clock::now();
    for (long round = 0; round < rounds; ++round) {
        for (const QString &name : names) machine.submitEvent(name);
        QCoreApplication::processEvents();
    }
    auto end = std::chrono::steady_clock::now();
    const long events = rounds * patternLength;
    const QString expected = QStringLiteral("S_%1").arg((3 * rounds) % screens);
    if (!machine.isActive(expected) || data.steps != 4 * rounds) {
        std::fprintf(stderr, "qscxmlc ended elsewhere than %s (steps %d, expected %ld)\n", qPrintable(expected), data.steps, 4 * rounds);
        return 1;
    }
    const double seconds = std::chrono::duration<double>(end - start).count();
    const double loadSeconds = std::chrono::duration<double>(start - loadStart).count();
    std::printf("qscxmlc C++    N=%6ld  events=%ld  load=%.3fs  %.0f events/s\n", screens, events, loadSeconds, events / seconds);
    return 0;
}
