#!/usr/bin/env python3
"""Converts the CEL conformance tests (google/cel-spec, tests/simple/testdata/*.textproto) to the JSON the
expression tests read: Tests/Fixtures/cel-conformance/cel-spec-simple.json.

    python3 scripts/convert-cel-conformance.py <cel-spec checkout> [commit]

Only the files about the core language are converted; every case keeps its file, section and test name.
cel-spec is Apache-2.0 (see the NOTICE.md next to the data).
"""
import json
import os
import sys

FILES = ['basic', 'comparisons', 'conversions', 'fp_math', 'integer_math', 'lists', 'logic', 'macros', 'parse',
         'string', 'timestamps']


def tokens(text):
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c in ' \t\r\n':
            i += 1
        elif c == '#':
            while i < n and text[i] != '\n':
                i += 1
        elif c in '{}[]:;,<>':
            yield c
            i += 1
        elif c in '"\'':
            quote, j, raw = c, i + 1, bytearray()
            while text[j] != quote:
                if text[j] == '\\':
                    e = text[j + 1]
                    simple = {'n': 10, 't': 9, 'r': 13, '\\': 92, '"': 34, "'": 39, 'a': 7, 'b': 8, 'f': 12, 'v': 11, '?': 63}
                    if e in simple:
                        raw.append(simple[e]); j += 2
                    elif e in '01234567':
                        k = j + 1
                        while k < j + 4 and text[k] in '01234567':
                            k += 1
                        raw.append(int(text[j + 1:k], 8)); j = k
                    elif e == 'x':
                        k = j + 2
                        while k < j + 4 and text[k] in '0123456789abcdefABCDEF':
                            k += 1
                        raw.append(int(text[j + 2:k], 16)); j = k
                    elif e in 'uU':
                        width = 4 if e == 'u' else 8
                        raw.extend(chr(int(text[j + 2:j + 2 + width], 16)).encode('utf-8')); j += 2 + width
                    else:
                        raise ValueError('escape \\' + e)
                else:
                    raw.extend(text[j].encode('utf-8')); j += 1
            yield ('str', raw)
            i = j + 1
        else:
            j = i
            while j < n and text[j] not in ' \t\r\n{}[]:;,<>#"\'':
                j += 1
            yield ('word', text[i:j])
            i = j


def parse_message(stream, closing):
    fields = []
    while True:
        token = next(stream)
        if token == closing:
            return fields
        if token in (';', ','):
            continue
        if token == '[':  # [type.googleapis.com/...] extension or Any name
            name = ''
            while True:
                t = next(stream)
                if t == ']':
                    break
                name += t[1]
            name = '[' + name + ']'
        else:
            name = token[1]
        token = next(stream)
        if token == ':':
            token = next(stream)
        if token in ('{', '<'):
            fields.append((name, parse_message(stream, '}' if token == '{' else '>')))
        elif token == '[':
            items = []
            while True:
                t = next(stream)
                if t == ']':
                    break
                if t == ',':
                    continue
                if t in ('{', '<'):
                    items.append(parse_message(stream, '}' if t == '{' else '>'))
                else:
                    items.append(t)
            for item in items:
                fields.append((name, item))
        else:
            value = token
            # Adjacent strings concatenate.
            while value[0] == 'str':
                try:
                    nxt = next(stream)
                except StopIteration:
                    nxt = None
                if isinstance(nxt, tuple) and nxt[0] == 'str':
                    value = ('str', value[1] + nxt[1])
                    continue
                fields.append((name, value))
                if nxt is not None:
                    stream = _push(nxt, stream)
                    _PUSHED.append(stream)
                break
            else:
                fields.append((name, value))
    return fields


_PUSHED = []


class _push:
    def __init__(self, first, rest):
        self.first, self.rest = [first], rest

    def __iter__(self):
        return self

    def __next__(self):
        if self.first:
            return self.first.pop()
        return next(self.rest)


def get(fields, name):
    return [v for k, v in fields if k == name]


def scalar(value):
    if isinstance(value, tuple):
        return value[1].decode('utf-8', errors='replace') if value[0] == 'str' else value[1]
    return value


def convert_value(fields):
    for key, value in fields:
        if key == 'int64_value':
            return {'int': scalar(value)}
        if key == 'uint64_value':
            return {'uint': scalar(value)}
        if key == 'double_value':
            return {'double': scalar(value)}
        if key == 'string_value':
            return {'string': scalar(value)}
        if key == 'bool_value':
            return {'bool': scalar(value) == 'true'}
        if key == 'null_value':
            return {'null': True}
        if key == 'bytes_value':
            return {'bytes': True}
        if key == 'list_value':
            return {'list': [convert_value(item) for item in get(value, 'values')]}
        if key == 'map_value':
            return {'map': True}
        if key == 'type_value':
            return {'type': scalar(value)}
        if key == 'object_value':
            return {'object': True}
        if key == 'enum_value':
            return {'enum': True}
    return {'unsupported': True}


def main():
    checkout = sys.argv[1]
    commit = sys.argv[2] if len(sys.argv) > 2 else 'HEAD'
    cases = []
    for name in FILES:
        path = os.path.join(checkout, 'tests/simple/testdata', name + '.textproto')
        with open(path, encoding='utf-8') as handle:
            text = handle.read()
        stream = iter(tokens(text + ' }'))
        top = parse_message(stream, '}')
        for section in get(top, 'section'):
            section_name = scalar(get(section, 'name')[0])
            for test in get(section, 'test'):
                case = {'file': name, 'section': section_name, 'name': scalar(get(test, 'name')[0]),
                        'expr': scalar(get(test, 'expr')[0]) if get(test, 'expr') else ''}
                if get(test, 'disable_check') and scalar(get(test, 'disable_check')[0]) == 'true':
                    case['disableCheck'] = True
                if get(test, 'bindings') or get(test, 'type_env') or get(test, 'container'):
                    case['environment'] = True
                if get(test, 'value'):
                    case['expect'] = convert_value(get(test, 'value')[0])
                elif get(test, 'eval_error'):
                    errors = get(get(test, 'eval_error')[0], 'errors')
                    case['expect'] = {'error': scalar(get(errors[0], 'message')[0]) if errors and get(errors[0], 'message') else ''}
                elif get(test, 'typed_result'):
                    result = get(get(test, 'typed_result')[0], 'result')
                    case['expect'] = convert_value(result[0]) if result else {'unsupported': True}
                else:
                    case['expect'] = {'unsupported': True}
                cases.append(case)
    document = {
        'source': 'https://github.com/google/cel-spec/tree/' + commit + '/tests/simple/testdata',
        'licence': 'Apache-2.0; Copyright Google LLC; see NOTICE.md',
        'cases': cases,
    }
    out = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                       'Tests/Fixtures/cel-conformance/cel-spec-simple.json')
    with open(out, 'w', encoding='utf-8') as handle:
        json.dump(document, handle, indent=1, ensure_ascii=False, sort_keys=True)
        handle.write('\n')
    print(len(cases), 'cases')


if __name__ == '__main__':
    main()
