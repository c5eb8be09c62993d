#!/usr/bin/env bash
# Checks that the tests needing conformance data (those marked `.needs(…)`, Tests/ConformanceData)
# are skipped with a note, not failed, where the data is missing and CI is not set: runs only
# them (`swift test --skip-build --filter`, after a build of the tests) with
# ROUTEKIT_CONFORMANCE_DIR naming an empty folder, and reads the output.
set -euo pipefail
cd "$(dirname "$0")/.."

# `@Test(.needs(.yamlTestSuite)) func tallies()` and `@Suite(.needs(.celConformance)) struct …`.
marked="$(grep -rhoE '@(Test|Suite)\(\.needs\(\.[A-Za-z]+\)\) +(func|struct) +[A-Za-z0-9_]+' Tests | sort -u)"
if [ -z "$marked" ]; then
  echo "check-conformance-skips: no test is marked .needs(…)" >&2
  exit 1
fi
names="$(sed -E 's/.* ([A-Za-z0-9_]+)$/\1/' <<<"$marked")"

empty="$(mktemp -d)"
trap 'rmdir "$empty"' EXIT
status=0
output="$(ROUTEKIT_CONFORMANCE_DIR="$empty" env -u CI swift test --skip-build \
  --filter "$(paste -sd'|' <<<"$names")" 2>&1)" || status=$?
problems=()
[ $status -eq 0 ] || problems+=("swift test exited with $status")
while read -r kind name; do
  case "$kind" in
    func) line="Test $name() skipped: " ;;
    struct) line="Suite $name skipped: " ;;
  esac
  # The note: what is missing, where it was looked for, how to get it.
  grep -F "$line\"" <<<"$output" \
    | grep -q "not found: $empty/.* does not exist; get it with 'scripts/fetch-conformance.sh DIR' and run with ROUTEKIT_CONFORMANCE_DIR=DIR\"" \
    || problems+=("no line '$line\"… not found: …; get it with …\"'")
done < <(sed -E 's/.*(func|struct) +([A-Za-z0-9_]+)$/\1 \2/' <<<"$marked")
if grep -qE "^✘|recorded an issue" <<<"$output"; then problems+=("a test failed"); fi
if [ ${#problems[@]} -gt 0 ]; then
  echo "$output"
  printf 'check-conformance-skips: %s\n' "${problems[@]}" >&2
  exit 1
fi
grep -F " skipped: " <<<"$output"
echo "check-conformance-skips: $(wc -l <<<"$names") marked tests and suites skipped with the note"
