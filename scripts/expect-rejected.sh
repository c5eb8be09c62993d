#!/usr/bin/env bash
# Usage: scripts/expect-rejected.sh LABEL SCHEMA FILE...
# Checks that check-jsonschema rejects every FILE against SCHEMA with a schema error (a file that
# does not even parse tests nothing); prints one "ok"/"FAIL" line and exits 1 on any that passed.
set -euo pipefail
label=$1
schema=$2
shift 2
if (($# == 0)); then
    echo "FAIL $label: no files"
    exit 1
fi
# One run for all of them; the JSON report names the file of every error.
report=$(check-jsonschema -o json --schemafile "$schema" "$@" 2>/dev/null || true)
mapfile -t wrongly_passed < <(printf '%s' "$report" | python3 -c '
import json, sys
files = sys.argv[1:]
try:
    report = json.load(sys.stdin)
except ValueError:
    for name in files:
        print(name + " (check-jsonschema gave no report)")
    sys.exit()
rejected = {e.get("filename") for e in report.get("errors", [])}
unparsable = {e.get("filename") for e in report.get("parse_errors", [])}
for name in files:
    if name in unparsable:
        print(name + " (not parsable, so it tests nothing)")
    elif name not in rejected:
        print(name + " (passed validation)")
' "$@")
if ((${#wrongly_passed[@]} == 0)); then
    echo "ok   $label: all $# file(s) rejected by $schema"
else
    echo "FAIL $label: ${#wrongly_passed[@]} of $# not rejected by $schema"
    printf '       %s\n' "${wrongly_passed[@]}"
    exit 1
fi
