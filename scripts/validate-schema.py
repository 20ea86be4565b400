#!/usr/bin/env python3
"""Validates flow files against docs/flow.schema.json with the jsonschema package.

A fallback for CI machines where check-jsonschema cannot be installed; same verdicts.
Usage: validate-schema.py SCHEMA FILE...
"""
import json
import sys

import re

import jsonschema
import yaml


class CoreSchemaLoader(yaml.SafeLoader):
    """PyYAML reads YAML 1.1, where `on`, `off`, `yes`, `no`, `y` and `n` are booleans; flowc (libyaml) and
    check-jsonschema read YAML 1.2's core schema, where only true/false are (and timestamps stay text). Without this, every `on:` key of a
    flow file becomes `True` and the fallback would reject files the primary validator accepts."""


CoreSchemaLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag not in ("tag:yaml.org,2002:bool", "tag:yaml.org,2002:timestamp")]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
CoreSchemaLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)


def load_yaml(handle):
    """ruamel.yaml reads YAML 1.2 as libyaml does for flowc; PyYAML (1.1) is the last resort, with booleans narrowed
    to the core schema. PyYAML also refuses a `?` inside a plain scalar of a flow mapping (`{ type: Plan? }`),
    which YAML 1.2 allows: with PyYAML alone such files are reported as unreadable, not as valid."""
    try:
        from ruamel.yaml import YAML
    except ImportError:
        return yaml.load(handle, Loader=CoreSchemaLoader)
    reader = YAML(typ="safe", pure=True)
    # Like flowc and check-jsonschema, a clock written as 2026-03-02T10:00:00Z stays text.
    reader.constructor.add_constructor("tag:yaml.org,2002:timestamp", lambda constructor, node: constructor.construct_scalar(node))
    return reader.load(handle)


def main(argv):
    schema = json.load(open(argv[1], encoding="utf-8"))
    validator = jsonschema.Draft7Validator(schema)
    failed = 0
    for path in argv[2:]:
        with open(path, encoding="utf-8") as handle:
            document = load_yaml(handle)
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.path))
        for error in errors:
            location = "/".join(str(part) for part in error.path)
            print(f"{path}: {location}: {error.message}")
        failed += bool(errors)
    if failed:
        print(f"{failed} file(s) do not match the schema")
        return 1
    print(f"ok -- validation done ({len(argv) - 2} files)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
