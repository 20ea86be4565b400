#!/usr/bin/env python3
"""The peer ring on pytransitions (`pip install transitions`): the same states, guard and counters as
flowc's PeerRing<N> (scripts/make-synthetic-app.py --peer-ring), sent the same events.

Screens S-0..S-(N-1): `next [attempts < 3] / steps += 1` to the following screen, `back / attempts = 0`
to the preceding one, `error / attempts += 1` to the shared error sheet ERR, whose `retry` goes back to
the screen that opened it. Prints one line: N, events, load time and events/s.

Usage: peer_ring_transitions.py --screens 1000 [--events 240000]
"""
import argparse
import time

from transitions import Machine

# The same pattern as Benchmarks/Benchmarks/FlowBenchmarks/PeerRingBenchmarks.swift: three screens on per round.
PATTERN = ["next", "next", "error", "retry", "error", "retry", "error", "retry", "next", "back", "next", "next"]


class Ring:
    def __init__(self):
        self.steps = 0
        self.attempts = 0
        self.opener = None

    def attempts_below_limit(self):
        return self.attempts < 3

    def count_step(self):
        self.steps += 1

    def clear_attempts(self):
        self.attempts = 0

    def open_error(self):
        self.attempts += 1
        self.opener = self.state

    def return_to_opener(self):
        # pytransitions has no history target: the sheet's `retry` is an internal transition that puts
        # the machine back on the screen recorded when the sheet opened.
        self.machine.set_state(self.opener)


def build(n):
    ring = Ring()
    screens = [f"S-{i}" for i in range(n)]
    # auto_transitions would add a `to_<state>` transition from every state to every state: N² of them.
    machine = Machine(model=ring, states=screens + ["ERR"], initial="S-0", auto_transitions=False)
    ring.machine = machine
    for i, screen in enumerate(screens):
        machine.add_transition("next", screen, screens[(i + 1) % n], conditions="attempts_below_limit", after="count_step")
        machine.add_transition("back", screen, screens[(i - 1) % n], after="clear_attempts")
        machine.add_transition("error", screen, "ERR", before="open_error")
    machine.add_transition("retry", "ERR", None, after="return_to_opener")
    return ring


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--screens", type=int, required=True)
    parser.add_argument("--events", type=int, default=240_000)
    args = parser.parse_args()
    rounds = max(1, args.events // len(PATTERN))
    start = time.perf_counter()
    ring = build(args.screens)
    loaded = time.perf_counter()
    triggers = [getattr(ring, name) for name in PATTERN]
    start_run = time.perf_counter()
    for _ in range(rounds):
        for trigger in triggers:
            trigger()
    elapsed = time.perf_counter() - start_run
    events = rounds * len(PATTERN)
    expected = f"S-{(3 * rounds) % args.screens}"
    if ring.state != expected or ring.steps != 4 * rounds:
        raise SystemExit(f"pytransitions ended on {ring.state} with steps {ring.steps}; expected {expected}, {4 * rounds}")
    print(f"pytransitions  N={args.screens:>6}  events={events}  load={loaded - start:.3f}s  "
          f"{events / elapsed:,.0f} events/s")


if __name__ == "__main__":
    main()
