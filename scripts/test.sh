#!/usr/bin/env bash
# Runs every test of RouteKit: the Swift test suites, the schema checks and the example
# table's own checks. Installs what is missing first. The suites that read conformance data
# (docs/conformance.md) find it through ROUTEKIT_CONFORMANCE_DIR or ../shared; without it they
# are skipped with a note, or fail when CI=true.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
# Where a --user pip install (setup.sh) puts check-jsonschema.
export PATH="$HOME/.local/bin:$PATH"
swift build
echo "== routecheck validate routes/"
.build/debug/routecheck validate routes/
echo "== routecheck test routes/"
.build/debug/routecheck test routes/
echo "== schemas"
scripts/check-schemas.sh
scripts/check-compiled.sh
scripts/check-payload-schema.sh
scripts/graph.sh --check
echo "== swift test"
swift test
echo "== the tests that need conformance data, without it: skipped with a note"
scripts/check-conformance-skips.sh
echo "== scripts/fetch-conformance.sh makes the conformance data in use"
scripts/check-fetch-conformance.sh
echo "== fuzzing: every target for a bounded time"
scripts/fuzz-all.sh 45
echo "== the test suite under AddressSanitizer"
swift build --build-tests --sanitize=address --build-path .build-asan
# LeakSanitizer is off: at exit it reports Foundation's and the test runners' own allocations.
ASAN_OPTIONS=detect_leaks=0 swift test --skip-build --sanitize=address --build-path .build-asan
echo "== the test suite under ThreadSanitizer"
# Swift Testing runs suites in parallel, and ConcurrentUseTests shares tables between threads.
swift build --build-tests --sanitize=thread --build-path .build-tsan
swift test --skip-build --sanitize=thread --build-path .build-tsan
