#!/usr/bin/env python3
"""Writes Sources/RouteKit/Expression/Regex/UnicodeScripts+Table.swift from Unicode's Scripts.txt.

RE2 (and Go, and CEL's `matches`) accept script names in `\\p{Greek}`; Swift's standard library has
no script property, so the ranges are generated. Usage, from the repository root:

    apt-get install unicode-data   # Debian's copy of the Unicode Character Database
    python3 scripts/generate-unicode-scripts.py /usr/share/unicode/Scripts.txt
"""
import sys

import ucd

source = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode/Scripts.txt"
out = "Sources/RouteKit/Expression/Regex/UnicodeScripts+Table.swift"

version, rows = ucd.read(source, "Scripts")
scripts = {}
for codes, name in rows:
    low, _, high = codes.partition("..")
    scripts.setdefault(name, []).append((int(low, 16), int(high or low, 16)))

lines = []
for name in sorted(scripts):
    merged = []
    for low, high in sorted(scripts[name]):
        if merged and low == merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], high)
        else:
            merged.append((low, high))
    text = " ".join(f"{lo:X}" if lo == hi else f"{lo:X}-{hi:X}" for lo, hi in merged)
    lines.append(f'        "{name}": "{text}",')

body = """    /// Each script's scalars as hexadecimal ranges (`370-373 375-377`), sorted and merged.
    static let rangeText: [String: String] = [
"""
body += "\n".join(lines) + "\n    ]\n"
ucd.write_swift(out, "generate-unicode-scripts.py", "Scripts", version, "UnicodeScripts", "rangeText", body)
print(f"{len(scripts)} scripts, Unicode {version}, written to {out}")
