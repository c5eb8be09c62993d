#!/usr/bin/env python3
"""Writes Sources/RouteKit/Expression/Regex/CaseFoldOrbits+Table.swift from Unicode's CaseFolding.txt.

`(?i)` in `matches` folds case as RE2 does: two characters match each other when Unicode's simple
case folding (the `C` and `S` lines of CaseFolding.txt) maps them to the same character. RE2's
`make_unicode_casefold.py` groups the characters the same way and calls a group an orbit: `k`, `K`
and U+212A KELVIN SIGN; `s`, `S` and U+017F LONG S; U+00B5 MICRO SIGN with `μ` and `Μ`. The full
(`F`) and Turkic (`T`) foldings are left out, as RE2 leaves them out: `ı` (U+0131) and `İ` (U+0130)
are in no orbit with `i`. Usage, from the repository root:

    apt-get install unicode-data   # Debian's copy of the Unicode Character Database
    python3 scripts/generate-unicode-casefold.py /usr/share/unicode/CaseFolding.txt
"""
import sys

import ucd

source = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode/CaseFolding.txt"
out = "Sources/RouteKit/Expression/Regex/CaseFoldOrbits+Table.swift"

version, rows = ucd.read(source, "CaseFolding")
orbits = {}  # folded code point -> every code point that folds to it, itself included
for code, status, mapping, *_ in rows:
    if status in ("C", "S"):
        target = int(mapping, 16)
        orbits.setdefault(target, {target}).add(int(code, 16))
groups = sorted(sorted(group) for group in orbits.values())
members = [c for group in groups for c in group]
if len(members) != len(set(members)):
    sys.exit("a code point is in two orbits")

lines = []
line = ""
for group in groups:
    text = " ".join(f"{c:X}" for c in group)
    if len(line) + len(text) + 1 > 96:
        lines.append(line)
        line = ""
    line = f"{line}|{text}" if line else text
lines.append(line)

body = f"""    /// Every orbit of two or more code points (hexadecimal, ascending), orbits separated by `|`:
    /// {len(groups)} orbits, {len(members)} code points.
    static let orbitText = \"\"\"
"""
body += "".join(f"        {text}|\n" for text in lines)
body += '        """\n'
ucd.write_swift(out, "generate-unicode-casefold.py", "CaseFolding", version, "CaseFoldOrbits", "orbitText", body)
print(f"{len(groups)} orbits of {len(members)} code points, Unicode {version}, written to {out}")
