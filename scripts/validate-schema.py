#!/usr/bin/env python3
"""Validates flow files against docs/flow.schema.json with the jsonschema package.

A fallback for CI machines where check-jsonschema cannot be installed; same verdicts.
Usage: validate-schema.py SCHEMA FILE...
"""
import json
import sys

import jsonschema
import yaml


def main(argv):
    schema = json.load(open(argv[1], encoding="utf-8"))
    validator = jsonschema.Draft7Validator(schema)
    failed = 0
    for path in argv[2:]:
        with open(path, encoding="utf-8") as handle:
            document = yaml.safe_load(handle)
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
