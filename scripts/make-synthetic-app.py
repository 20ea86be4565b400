#!/usr/bin/env python3
"""Writes a synthetic N-screen app for timing flowc (the shape DESIGN.md measures peers on).

One flow of N screens in a ring: `next` moves on while a counter is under a limit (a guard
and an assignment), `back` returns, `fail` opens an error screen that keeps the history;
every tenth screen has a form field with two rules.

With --peer-ring, writes instead the ring the peers are measured on (Benchmarks/README.md, issue 11):
screens S-0..S-(N-1), each with `next [attempts < 3] / steps += 1` to the following screen,
`back / attempts = 0` to the preceding one and `error / attempts += 1` opening the shared error
sheet ERR, whose `retry` goes back to where the error came from. Benchmarks/Peers/ builds the same
ring for pytransitions and Qt SCXML.

Usage: make-synthetic-app.py --screens 10000 --out /tmp/synthetic
       make-synthetic-app.py --peer-ring --screens 1000 --out /tmp/peer-ring-1000
Writes OUT/app.flow.yaml (the root) and OUT/screens.flow.yaml.
"""
import argparse
import os


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--screens", type=int, default=10000)
    parser.add_argument("--out", required=True)
    parser.add_argument("--peer-ring", action="store_true", help="the ring of the peers' semantics")
    args = parser.parse_args()
    n = args.screens
    os.makedirs(args.out, exist_ok=True)
    if args.peer_ring:
        write_peer_ring(n, args.out)
        return
    with open(os.path.join(args.out, "app.flow.yaml"), "w", encoding="utf-8") as root:
        root.write(
            "app:\n  name: Synthetic\n  id: synthetic\n  currency: GBP\n  locale: en-GB\n  start: ring\n"
            "include:\n  - screens.flow.yaml\n"
            "state:\n  counter: { type: int, initial: 0 }\n  limit: { type: int, initial: 1000000000 }\n"
        )
    lines = ["flows:", "  ring:", "    start: S-0", "    on:", "      fail: { overlay: ERR-0 }", "    screens:"]
    for i in range(n):
        following = (i + 1) % n
        lines.append(f"      S-{i}:")
        lines.append(f"        name: Screen {i}")
        lines.append(f"        analytics: s_{i}_view")
        if i % 10 == 0:
            lines.append("        fields:")
            lines.append("          code:")
            lines.append("            type: digits(6)")
            lines.append("            rules:")
            lines.append("              - required: true")
            lines.append("                message: Enter the 6-digit code")
            lines.append("              - check: \"!is_sequence(value)\"")
            lines.append("                message: Avoid obvious sequences")
        lines.append("        on:")
        lines.append("          next:")
        lines.append("            - if: counter < limit")
        lines.append(f"              to: S-{following}")
        lines.append("              do:")
        lines.append("                - set: { counter: counter + 1 }")
        lines.append("            - to: ERR-0")
        lines.append("          back: back")
    lines += ["      ERR-0:", "        name: Error", "        presentation: sheet", "        on:", "          retry: back"]
    with open(os.path.join(args.out, "screens.flow.yaml"), "w", encoding="utf-8") as part:
        part.write("\n".join(lines) + "\n")


def write_peer_ring(n, out):
    """App `PeerRing<N>` (module PeerRing<N>Flow): the same states, guards and counters as the peers."""
    with open(os.path.join(out, "app.flow.yaml"), "w", encoding="utf-8") as root:
        root.write(
            f"app:\n  name: PeerRing{n}\n  id: peer_ring_{n}\n  currency: GBP\n  locale: en-GB\n  start: ring\n"
            "include:\n  - screens.flow.yaml\n"
            "state:\n  steps: { type: int, initial: 0 }\n  attempts: { type: int, initial: 0 }\n"
        )
    lines = ["flows:", "  ring:", "    start: S-0", "    screens:"]
    for i in range(n):
        lines.append(f"      S-{i}:")
        lines.append(f"        name: Screen {i}")
        lines.append("        on:")
        lines.append(f"          next: {{ if: attempts < 3, to: S-{(i + 1) % n}, do: [{{ set: {{ steps: steps + 1 }} }}] }}")
        lines.append(f"          back: {{ to: S-{(i - 1) % n}, do: [{{ set: {{ attempts: 0 }} }}] }}")
        lines.append("          error: { overlay: ERR, do: [{ set: { attempts: attempts + 1 } }] }")
    lines += ["      ERR:", "        name: Error", "        presentation: sheet", "        on:", "          retry: back"]
    with open(os.path.join(out, "screens.flow.yaml"), "w", encoding="utf-8") as part:
        part.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
