#!/usr/bin/env bash
# Checks that scripts/fetch-conformance.sh (with scripts/cel_textproto_to_json.py) makes exactly
# the conformance data the tests use: it fetches both data sets into a new folder and compares
# them, file by file, with the folder scripts/conformance-dir.sh names (README.md files aside).
# Skipped, with a note, when there is no data to compare with or a source repository cannot be
# reached (ROUTEKIT_YAML_TEST_SUITE_URL and ROUTEKIT_CEL_SPEC_URL can name local clones).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! data="$(scripts/conformance-dir.sh 2>&1)"; then
  echo "skipped: no conformance data to compare with ($data)"
  exit 0
fi
for url in "${ROUTEKIT_YAML_TEST_SUITE_URL:-https://github.com/yaml/yaml-test-suite.git}" \
  "${ROUTEKIT_CEL_SPEC_URL:-https://github.com/google/cel-spec.git}"; do
  if ! timeout 60 git ls-remote "$url" HEAD >/dev/null 2>&1; then
    echo "skipped: $url cannot be reached (set ROUTEKIT_YAML_TEST_SUITE_URL and ROUTEKIT_CEL_SPEC_URL to clones)"
    exit 0
  fi
done

fetched="$(mktemp -d)"
trap 'rm -rf "$fetched"' EXIT
scripts/fetch-conformance.sh "$fetched"
for set in yaml-test-suite cel-conformance; do
  diff -r -x README.md "$fetched/$set" "$data/$set"
  echo "$set: scripts/fetch-conformance.sh makes $data/$set exactly"
done
