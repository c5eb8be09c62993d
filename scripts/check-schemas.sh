#!/usr/bin/env bash
# Checks the route-file and test-file JSON Schemas and the files they describe:
#   1. schemas/routes.schema.json and schemas/tests.schema.json are valid draft 2020-12 schemas;
#   2. every route file under routes/ (*.yaml, *.yml, not *.test.yaml/*.test.yml) and every
#      Tests/Fixtures/schema/valid/ file validates against routes.schema.json;
#   3. every routes/**/*.test.yaml (or .test.yml) validates against tests.schema.json;
#   4. every file in Tests/Fixtures/schema/broken/ FAILS routes.schema.json with a schema error
#      (a file that does not even parse as YAML does not count: it would test nothing);
#   5. every file in Tests/Fixtures/schema/broken-tests/ FAILS tests.schema.json likewise;
#   6. schemas/contract.schema.json and schemas/signed.schema.json are valid draft 2020-12 schemas,
#      the example app's contract (contract/*.json) and Tests/Fixtures/contract/valid/ validate
#      against contract.schema.json, and every file in Tests/Fixtures/contract/broken/ FAILS it
#      (ContractSchemaAgreementTests checks that RouteKit reads and refuses the same files).
# Needs check-jsonschema (pip install check-jsonschema). Exit 0 when all hold, 1 otherwise.
#
#   scripts/check-schemas.sh
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

ROUTES_SCHEMA=schemas/routes.schema.json
TESTS_SCHEMA=schemas/tests.schema.json
CONTRACT_SCHEMA=schemas/contract.schema.json
SIGNED_SCHEMA=schemas/signed.schema.json
VALID_DIR=Tests/Fixtures/schema/valid
BROKEN_DIR=Tests/Fixtures/schema/broken
BROKEN_TESTS_DIR=Tests/Fixtures/schema/broken-tests
VALID_CONTRACTS_DIR=Tests/Fixtures/contract/valid
BROKEN_CONTRACTS_DIR=Tests/Fixtures/contract/broken

if ! command -v check-jsonschema >/dev/null 2>&1; then
    echo "check-schemas: check-jsonschema not found (pip install check-jsonschema)" >&2
    exit 2
fi

failed=0

# Files under a directory, sorted, NUL-safe; prints nothing when the directory is absent.
list_files() { # dir find-predicates...
    local dir=$1
    shift
    [[ -d $dir ]] || return 0
    find "$dir" -type f "$@" -print0 | sort -z | tr '\0' '\n'
}

# check GROUP SCHEMA FILE...: all files must validate; one summary line.
check_group() {
    local group=$1 schema=$2
    shift 2
    if (($# == 0)); then
        echo "ok   $group: no files"
        return 0
    fi
    local output
    if output=$(check-jsonschema --schemafile "$schema" "$@" 2>&1); then
        echo "ok   $group: $# file(s) valid against $schema"
    else
        echo "FAIL $group: $# file(s) checked against $schema"
        printf '%s\n' "$output" | sed 's/^/       /'
        failed=1
    fi
}

# 1. The schemas themselves.
if output=$(check-jsonschema --check-metaschema "$ROUTES_SCHEMA" "$TESTS_SCHEMA" "$CONTRACT_SCHEMA" \
        "$SIGNED_SCHEMA" 2>&1); then
    echo "ok   schemas: $ROUTES_SCHEMA, $TESTS_SCHEMA, $CONTRACT_SCHEMA and $SIGNED_SCHEMA are valid draft 2020-12 schemas"
else
    echo "FAIL schemas: metaschema check"
    printf '%s\n' "$output" | sed 's/^/       /'
    failed=1
fi

# 2. Route files and valid fixtures.
mapfile -t route_files < <(list_files routes \( -name '*.yaml' -o -name '*.yml' \) \
    ! -name '*.test.yaml' ! -name '*.test.yml')
check_group "routes/ route files" "$ROUTES_SCHEMA" "${route_files[@]}"

mapfile -t valid_files < <(list_files "$VALID_DIR")
if ((${#valid_files[@]} == 0)); then
    echo "FAIL valid fixtures: none found in $VALID_DIR"
    failed=1
else
    check_group "valid fixtures" "$ROUTES_SCHEMA" "${valid_files[@]}"
fi

# 3. Test files.
mapfile -t test_files < <(list_files routes \( -name '*.test.yaml' -o -name '*.test.yml' \))
check_group "routes/ test files" "$TESTS_SCHEMA" "${test_files[@]}"

# 4. Broken route-file fixtures; 5. broken test-file fixtures (none found is a failure too).
mapfile -t broken_files < <(list_files "$BROKEN_DIR")
scripts/expect-rejected.sh "broken fixtures" "$ROUTES_SCHEMA" "${broken_files[@]}" || failed=1
mapfile -t broken_tests < <(list_files "$BROKEN_TESTS_DIR")
scripts/expect-rejected.sh "broken test-file fixtures" "$TESTS_SCHEMA" "${broken_tests[@]}" || failed=1

# 6. App contracts: the example app's, and the fixtures (signed tables: scripts/check-compiled.sh).
mapfile -t contracts < <(list_files contract -name '*.json'; list_files "$VALID_CONTRACTS_DIR")
check_group "app contracts" "$CONTRACT_SCHEMA" "${contracts[@]}"
mapfile -t broken_contracts < <(list_files "$BROKEN_CONTRACTS_DIR")
scripts/expect-rejected.sh "broken app contracts" "$CONTRACT_SCHEMA" "${broken_contracts[@]}" || failed=1

exit "$failed"
