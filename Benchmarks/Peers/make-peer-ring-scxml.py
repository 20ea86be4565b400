#!/usr/bin/env python3
"""Writes the peer ring as SCXML for Qt's qscxmlc (C++ data model): the same states, guard and counters as
flowc's PeerRing<N> (scripts/make-synthetic-app.py --peer-ring). The screens sit in one compound state
whose shallow history is where the error sheet's `retry` returns: the screen that opened it.

Screen IDs are written S_<i> (qscxmlc turns each state into a C++ property, so no hyphen).

Usage: make-peer-ring-scxml.py --screens 1000 --out peer_ring.scxml
"""
import argparse


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--screens", type=int, required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    n = args.screens
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="PeerRing" initial="ring"',
        '       datamodel="cplusplus:PeerRingData:peer_ring_data.h">',
        '  <state id="ring" initial="S_0">',
        '    <history id="opener" type="shallow"><transition target="S_0"/></history>',
    ]
    for i in range(n):
        lines += [
            f'    <state id="S_{i}">',
            f'      <transition event="next" cond="attempts &lt; 3" target="S_{(i + 1) % n}"><script>steps += 1;</script></transition>',
            f'      <transition event="back" target="S_{(i - 1) % n}"><script>attempts = 0;</script></transition>',
            '      <transition event="error" target="ERR"><script>attempts += 1;</script></transition>',
            '    </state>',
        ]
    lines += [
        '  </state>',
        '  <state id="ERR">',
        '    <transition event="retry" target="opener"/>',
        '  </state>',
        '</scxml>',
    ]
    with open(args.out, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
