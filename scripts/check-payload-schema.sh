#!/usr/bin/env bash
# Checks the payload schema that `routecheck schema` prints for the example table:
#   1. `routecheck schema routes/` is a valid draft 2020-12 schema;
#   2. every Tests/Fixtures/payloads/valid/*.json (payloads that route in the example app)
#      validates against it, and so does every payload in its own `examples`;
#   3. every Tests/Fixtures/payloads/invalid/*.json (malformed payloads) is rejected by it.
# Needs a built .build/debug/routecheck (swift build; ROUTECHECK=path overrides it) and
# check-jsonschema (pip install check-jsonschema). Exit 0 when all hold, 1 otherwise, 2 when a
# tool is missing.
#
#   scripts/check-payload-schema.sh
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

ROUTECHECK=${ROUTECHECK:-.build/debug/routecheck}
TABLE=routes/
VALID_DIR=Tests/Fixtures/payloads/valid
INVALID_DIR=Tests/Fixtures/payloads/invalid

if ! command -v check-jsonschema >/dev/null 2>&1; then
    echo "check-payload-schema: check-jsonschema not found (pip install check-jsonschema)" >&2
    exit 2
fi
if [[ ! -x $ROUTECHECK ]]; then
    echo "check-payload-schema: $ROUTECHECK not found; run 'swift build' first" >&2
    exit 2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
schema=$work/payload.schema.json
failed=0

"$ROUTECHECK" schema "$TABLE" >"$schema"

# 1. The schema itself.
if output=$(check-jsonschema --check-metaschema "$schema" 2>&1); then
    echo "ok   schema: 'routecheck schema $TABLE' is a valid draft 2020-12 schema"
else
    echo "FAIL schema: metaschema check"
    printf '%s\n' "$output" | sed 's/^/       /'
    failed=1
fi

list_json() { # dir: its *.json files, sorted
    [[ -d $1 ]] || return 0
    find "$1" -maxdepth 1 -type f -name '*.json' | sort
}

# 2. Valid fixtures and the schema's own examples.
mkdir "$work/examples"
python3 -c '
import json, sys
schema = json.load(open(sys.argv[1]))
for number, example in enumerate(schema.get("examples", [])):
    with open("%s/example-%02d.json" % (sys.argv[2], number), "w") as out:
        json.dump(example, out)
' "$schema" "$work/examples"
mapfile -t valid_files < <(list_json "$VALID_DIR"; list_json "$work/examples")
if ((${#valid_files[@]} == 0)); then
    echo "FAIL valid payloads: none found in $VALID_DIR"
    failed=1
elif output=$(check-jsonschema --schemafile "$schema" "${valid_files[@]}" 2>&1); then
    echo "ok   valid payloads: ${#valid_files[@]} file(s) (fixtures and the schema's examples) valid"
else
    echo "FAIL valid payloads: ${#valid_files[@]} file(s) checked"
    printf '%s\n' "$output" | sed 's/^/       /'
    failed=1
fi

# 3. Invalid fixtures: each must fail with a schema error (a file that is not JSON tests nothing).
mapfile -t invalid_files < <(list_json "$INVALID_DIR")
scripts/expect-rejected.sh "invalid payloads" "$schema" "${invalid_files[@]}" || failed=1

exit "$failed"
