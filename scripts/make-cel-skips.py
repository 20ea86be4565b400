#!/usr/bin/env python3
"""Writes Tests/Fixtures/cel-conformance/skipped.json: each CEL conformance case flowc does not agree with, under
the reason it is skipped (a CEL feature outside flowc's subset, or a difference flowc keeps on purpose).

    CEL_CONFORMANCE_OUTCOMES=/tmp/cel.tsv swift test --filter CELConformance; python3 scripts/make-cel-skips.py /tmp/cel.tsv

A case that fits no reason below is printed and left out, so the test shows it as a disagreement to decide.
"""
import collections
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDER = os.path.join(ROOT, 'Tests/Fixtures/cel-conformance')

# Differences kept on purpose (docs/language.md §11 says why), by case.
DELIBERATE = {
    'comparisons/eq_literal/no_string_normalization':
        'difference: text is compared as people read it (canonical equivalence: é written as one code point or as e + accent is equal); CEL compares code points',
    'timestamps/timestamp_conversions/toString_timestamp_nanos':
        'difference: timestamps have millisecond resolution (the virtual clock counts milliseconds); CEL keeps nanoseconds',
    'timestamps/timestamp_range/sub_time_duration_over':
        'difference: no range error for durations longer than 10,000 years; flowc durations are 64-bit milliseconds (292 million years) and app dates stay far inside CEL\'s range',
    'timestamps/timestamp_range/sub_time_duration_under':
        'difference: no range error for durations longer than 10,000 years; flowc durations are 64-bit milliseconds (292 million years) and app dates stay far inside CEL\'s range',
}

# (reason, test on (case, outcome)), first match wins.
RULES = [
    ('declares its own variables, types or container (bindings, type_env): flowc names come from the app', lambda c, o: c.get('environment')),
    ('unsigned integers (uint, 1u): flowc has int only', lambda c, o: 'uint' in c['expect'] or re.search(r'\d[uU]\b', c['expr']) or 'uint(' in c['expr']),
    ('bytes (b\'...\', bytes()): flowc has text only', lambda c, o: 'bytes' in c['expect'] or re.search(r'\bb[\'"]', c['expr']) or 'bytes(' in c['expr']),
    ('maps, protobuf messages and wrapper types: flowc records are declared in the app', lambda c, o: 'map' in c['expect'] or 'object' in c['expect'] or 'enum' in c['expect'] or '{' in c['expr'] or 'TestAllTypes' in c['expr'] or 'google.protobuf' in c['expr']),
    ('type values and dyn(): flowc expressions are statically typed and have no type() or dyn()', lambda c, o: 'type' in c['expect'] or re.search(r'\b(type|dyn)\(', c['expr'])),
    ('double (floating point, 1e3, NaN, infinity, double()): flowc numbers are exact decimals, and dividing by zero is an error', lambda c, o: 'double(' in c['expr'] or re.search(r'\d[eE][+-]?\d', c['expr']) or 'NaN' in c['expr'] or 'inf' in c['expr'] or ('double' in c['expect'] and o.startswith('value')) or re.search(r'/ ?0\.0', c['expr']) or re.search(r'int\(-?\d+\.\d', c['expr'])),
    ('the case turns CEL\'s type checker off (disable_check) and expects a run-time answer for an ill-typed expression; flowc always checks types first', lambda c, o: c.get('disableCheck') and o.startswith('rejected')),
    ('has(): flowc has no maps or messages to test for a field', lambda c, o: 'has(' in c['expr']),
    ('timestamp and duration accessor methods (getHours(), getDayOfWeek(), ...): flowc has year(), month(), day()', lambda c, o: re.search(r'\.get[A-Z]\w*\(', c['expr'])),
    ('duration(\'...\') from text: flowc writes durations as literals (30s, 5m, 1h)', lambda c, o: 'duration(' in c['expr']),
    ('timestamp(int) and int(timestamp): flowc has no seconds-since-epoch conversions', lambda c, o: re.search(r'timestamp\(\s*-?\d', c['expr']) or 'int(timestamp' in c['expr']),
    ('hexadecimal integer literals (0x55): flowc numbers are written in decimal', lambda c, o: re.search(r'0[xX][0-9a-fA-F]', c['expr'])),
    ('triple-quoted and raw strings (r\'...\', \'\'\'...\'\'\'): flowc text is quoted once, inside YAML', lambda c, o: re.search(r'(^|[^A-Za-z_])[rR][\'"]|\'\'\'|"""', c['expr'])),
    ('values of different types compared (1 == 1.0, [1, \'dos\']): a type error in flowc, which has no dyn', lambda c, o: o.startswith('rejected') and ('cannot compare' in o or 'must have one type' in o or 'cannot combine' in o or 'cannot look for' in o)),
    ('unknown functions and receiver-style calls CEL allows to fail at run time (f_unknown(17) || true): flowc rejects unknown names when checking', lambda c, o: o.startswith('rejected') and ('unknown function' in o or 'unknown name' in o)),
    ('string conversions of double, uint and bytes, and string(bool) etc.: outside flowc\'s string()', lambda c, o: c['file'] == 'conversions' and o.startswith('rejected')),
]


def main():
    outcomes = {}
    with open(sys.argv[1], encoding='utf-8', newline='\n') as handle:
        for line in handle:
            verdict, case_id, outcome = line.rstrip('\n').split('\t', 2)
            outcomes[case_id] = (verdict, outcome)
    with open(os.path.join(FOLDER, 'cel-spec-simple.json'), encoding='utf-8') as handle:
        cases = json.load(handle)['cases']
    groups = collections.OrderedDict()
    for reason in list(dict.fromkeys(DELIBERATE.values())) + [r for r, _ in RULES]:
        groups[reason] = []
    undecided = []
    for case in cases:
        case_id = '%s/%s/%s' % (case['file'], case['section'], case['name'])
        verdict, outcome = outcomes[case_id]
        if verdict == 'agree':
            continue
        if case_id in DELIBERATE:
            groups[DELIBERATE[case_id]].append(case_id)
            continue
        for reason, test in RULES:
            if test(case, outcome):
                groups[reason].append(case_id)
                break
        else:
            undecided.append('%s: %s -> %s' % (case_id, case['expr'], outcome))
    document = [{'reason': reason, 'cases': ids} for reason, ids in groups.items() if ids]
    with open(os.path.join(FOLDER, 'skipped.json'), 'w', encoding='utf-8') as handle:
        json.dump(document, handle, indent=1, ensure_ascii=False)
        handle.write('\n')
    for reason, ids in groups.items():
        if ids:
            print('%4d  %s' % (len(ids), reason))
    print('%4d  undecided' % len(undecided))
    for line in undecided:
        print('  ' + line)


if __name__ == '__main__':
    main()
