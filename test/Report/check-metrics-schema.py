#!/usr/bin/env python3
"""Validates metrics.json against schema/snr-metrics.schema.json.

A small JSON Schema validator (standard library only) for the keywords the
schema uses: type, const, enum, properties, required, items,
additionalProperties, allOf, if/then, $ref to #/$defs, minimum, maximum,
exclusiveMinimum. With --strict it also reports every field the document
has but the schema does not declare, so the writer and its documentation
cannot drift apart.

usage: check-metrics-schema.py [--strict] schema.json metrics.json
"""

import argparse
import json
import sys

TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
}


class Validator:
    def __init__(self, root, strict):
        self.root = root
        self.strict = strict
        self.problems = []

    def resolve(self, schema):
        while "$ref" in schema:
            ref = schema["$ref"]
            assert ref.startswith("#/"), ref
            node = self.root
            for part in ref[2:].split("/"):
                node = node[part]
            schema = node
        return schema

    def declared(self, schema):
        """Property names a schema (and its allOf parts) declares."""
        schema = self.resolve(schema)
        names = set(schema.get("properties", {}))
        for part in schema.get("allOf", []):
            names |= self.declared(part)
        return names

    def fail(self, path, message):
        self.problems.append("%s: %s" % (path or "(root)", message))

    def check(self, value, schema, path="", whole=True):
        """`whole`: `schema` is all that applies to `value` here, not one
        part of an allOf or an if/then (which only the whole checks for
        undeclared fields)."""
        schema = self.resolve(schema)
        if "type" in schema:
            types = schema["type"]
            types = types if isinstance(types, list) else [types]
            if not any(TYPES[t](value) for t in types):
                self.fail(path, "expected %s, got %r" % ("/".join(types), value))
                return
        if "const" in schema and value != schema["const"]:
            self.fail(path, "expected %r, got %r" % (schema["const"], value))
        if "enum" in schema and value not in schema["enum"]:
            self.fail(path, "%r is not one of %r" % (value, schema["enum"]))
        if TYPES["number"](value):
            if "minimum" in schema and value < schema["minimum"]:
                self.fail(path, "%r is below %r" % (value, schema["minimum"]))
            if "maximum" in schema and value > schema["maximum"]:
                self.fail(path, "%r is above %r" % (value, schema["maximum"]))
            if "exclusiveMinimum" in schema and value <= schema["exclusiveMinimum"]:
                self.fail(path, "%r is not above %r"
                          % (value, schema["exclusiveMinimum"]))
        for part in schema.get("allOf", []):
            self.check(value, part, path, whole=False)
        if "if" in schema:
            probe = Validator(self.root, False)
            probe.check(value, schema["if"], path)
            if not probe.problems and "then" in schema:
                self.check(value, schema["then"], path, whole=False)
        if isinstance(value, dict):
            for name in schema.get("required", []):
                if name not in value:
                    self.fail(path, "missing required '%s'" % name)
            properties = schema.get("properties", {})
            additional = schema.get("additionalProperties")
            declared = self.declared(schema)
            for name, item in value.items():
                where = "%s.%s" % (path, name) if path else name
                if name in properties:
                    self.check(item, properties[name], where)
                elif isinstance(additional, dict):
                    self.check(item, additional, where)
                elif additional is False or (
                    self.strict and whole and additional is None
                    and name not in declared
                ):
                    self.fail(where, "not declared in the schema")
        if isinstance(value, list) and "items" in schema:
            for index, item in enumerate(value):
                self.check(item, schema["items"], "%s[%d]" % (path, index))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strict", action="store_true")
    parser.add_argument("schema")
    parser.add_argument("metrics")
    args = parser.parse_args()
    with open(args.schema, encoding="utf-8") as f:
        schema = json.load(f)
    with open(args.metrics, encoding="utf-8") as f:
        metrics = json.load(f)
    validator = Validator(schema, args.strict)
    validator.check(metrics, schema)
    if validator.problems:
        for message in validator.problems[:30]:
            print("%s: %s" % (args.metrics, message))
        return 1
    print("%s: valid snr-metrics version %s" % (args.metrics, metrics["version"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
