#!/usr/bin/env python3
"""A small Discovery document with a member of arrays nested DEPTH deep (int64 format at
the bottom, so every level converts): the shape that made type-checking exponential."""
import json, sys
depth = int(sys.argv[1])
def nested(kind_at):
    schema = {"type": "string", "format": "int64"}
    for level in range(depth):
        schema = {"type": "array", "items": schema} if kind_at(level) else {"type": "object", "additionalProperties": schema}
    return schema
doc = {
    "kind": "discovery#restDescription", "discoveryVersion": "v1", "name": "nested", "version": "v1",
    "rootUrl": "https://nested.example.com/", "servicePath": "v1/",
    "schemas": {"Deep": {"type": "object", "properties": {"arrays": nested(lambda level: True)}}},
    "resources": {"deep": {"methods": {"get": {"path": "deep", "httpMethod": "GET", "response": {"$ref": "Deep"}}}}},
}
json.dump(doc, sys.stdout, indent=1)
