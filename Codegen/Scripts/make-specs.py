#!/usr/bin/env python3
"""Derive Specs/*.json from Google's published Discovery documents.

Keeps every structural fact (resources, methods, parameters, schemas, scopes, media upload,
paths, ...) and drops the prose: every "description" and "enumDescriptions" key, at any depth.
Output is stable: sorted keys, two-space indent, trailing newline.

Usage:
    make-specs.py [--documents DIR] [--output DIR] NAME...      (NAME like drive.v3)
Without --documents, the google-api-python-client wheel is fetched with pip into a temp folder.
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile
import zipfile

PROSE_KEYS = {"description", "enumDescriptions"}


def strip_prose(value):
    # A schema property may itself be *named* "description" (e.g. a File's description field);
    # only drop the key when its value is prose (a string or list of strings), never a schema object.
    if isinstance(value, dict):
        return {
            key: strip_prose(item)
            for key, item in value.items()
            if not (key in PROSE_KEYS and not isinstance(item, dict))
        }
    if isinstance(value, list):
        return [strip_prose(item) for item in value]
    return value


def fetch_documents(folder):
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "-d", folder,
         "google-api-python-client"],
        check=True,
    )
    wheels = glob.glob(os.path.join(folder, "google_api_python_client-*.whl"))
    if not wheels:
        sys.exit("make-specs.py: error: pip did not produce a google-api-python-client wheel")
    with zipfile.ZipFile(wheels[0]) as wheel:
        wheel.extractall(os.path.join(folder, "wheel"))
    return os.path.join(folder, "wheel", "googleapiclient", "discovery_cache", "documents")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--documents", help="folder holding the Discovery documents")
    parser.add_argument("--output", default=os.path.join(here, "..", "..", "Specs"))
    parser.add_argument("names", nargs="*", default=["drive.v3", "youtube.v3"])
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as temp:
        documents = args.documents or fetch_documents(temp)
        os.makedirs(args.output, exist_ok=True)
        for name in args.names:
            with open(os.path.join(documents, name + ".json"), encoding="utf-8") as source:
                document = json.load(source)
            target = os.path.join(args.output, name + ".json")
            with open(target, "w", encoding="utf-8") as output:
                json.dump(strip_prose(document), output, indent=2, sort_keys=True, ensure_ascii=False)
                output.write("\n")
            print(f"wrote {os.path.relpath(target)}")


if __name__ == "__main__":
    main()
