#!/usr/bin/env bash
# Checks the compiled table format against its schema:
#   1. schemas/compiled.schema.json is a valid draft 2020-12 schema;
#   2. `routecheck compile routes/` output validates against it;
#   3. compiling routes/ twice gives identical bytes (and `-o -` gives the same bytes too);
#   4. signed with a fresh key (`routecheck keygen`, `compile --sign`), it validates against
#      schemas/signed.schema.json, and `routecheck verify` accepts it with that key only.
# Needs a built .build/debug/routecheck (swift build; ROUTECHECK=path overrides it) and check-jsonschema
# (pip install check-jsonschema). Exit 0 when all hold, 1 otherwise, 2 when a tool is missing.
#
#   scripts/check-compiled.sh
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

SCHEMA=schemas/compiled.schema.json
SIGNED_SCHEMA=schemas/signed.schema.json
ROUTECHECK=${ROUTECHECK:-.build/debug/routecheck}
TABLE=routes/

if ! command -v check-jsonschema >/dev/null 2>&1; then
    echo "check-compiled: check-jsonschema not found (pip install check-jsonschema)" >&2
    exit 2
fi
if [[ ! -x $ROUTECHECK ]]; then
    echo "check-compiled: $ROUTECHECK not found; run 'swift build' first" >&2
    exit 2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0

# run NAME COMMAND...: one summary line; the command's output indented on failure.
run() {
    local name=$1
    shift
    local output
    if output=$("$@" 2>&1); then
        echo "ok   $name"
    else
        echo "FAIL $name"
        printf '%s\n' "$output" | sed 's/^/       /'
        failed=1
    fi
}

run "schema: $SCHEMA is a valid draft 2020-12 schema" \
    check-jsonschema --check-metaschema "$SCHEMA"
run "compile: $TABLE -o first.json" "$ROUTECHECK" compile "$TABLE" -o "$work/first.json"
run "compile: $TABLE -o second.json" "$ROUTECHECK" compile "$TABLE" -o "$work/second.json"
run "compile: $TABLE -o - (standard output)" \
    bash -c '"$1" compile "$2" -o - >"$3"' _ "$ROUTECHECK" "$TABLE" "$work/stdout.json"
if [[ -f $work/first.json ]]; then
    run "validate: the compiled $TABLE against $SCHEMA" \
        check-jsonschema --schemafile "$SCHEMA" "$work/first.json"
    run "determinism: compiling twice gives identical bytes" cmp "$work/first.json" "$work/second.json"
    run "determinism: -o - gives the same bytes as -o FILE" cmp "$work/first.json" "$work/stdout.json"
fi

run "keygen: a key pair" "$ROUTECHECK" keygen -o "$work/ci.key"
run "keygen: a second key pair" "$ROUTECHECK" keygen -o "$work/other.key"
run "compile --sign: $TABLE signed as version 1" \
    "$ROUTECHECK" compile "$TABLE" -o "$work/signed.json" --sign "$work/ci.key" --table-version 1
if [[ -f $work/signed.json ]]; then
    run "validate: the signed $TABLE against $SIGNED_SCHEMA" \
        check-jsonschema --schemafile "$SIGNED_SCHEMA" "$work/signed.json"
    run "verify: accepted with its key" "$ROUTECHECK" verify "$work/signed.json" --key "$work/ci.key.pub"
    run "verify: refused with another key" bash -c '! "$1" verify "$2" --key "$3" >/dev/null' _ \
        "$ROUTECHECK" "$work/signed.json" "$work/other.key.pub"
fi

exit "$failed"
