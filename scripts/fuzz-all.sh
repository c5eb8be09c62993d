#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each, one after the other (for CI: `scripts/fuzz-all.sh
# 60`). Builds once; exits non-zero when any target finds a crash, a leak, a timeout or an
# input past the memory limit. See docs/fuzzing.md.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:?usage: scripts/fuzz-all.sh SECONDS}
export FUZZ_BUILD_PATH=${FUZZ_BUILD_PATH:-$(pwd)/.build-fuzz}
targets=(FuzzYAMLReader FuzzTableLoader FuzzExpression FuzzPayloadDecide FuzzCompiledTable
         FuzzNavigator)

echo "== building fuzz targets"
(cd Fuzz && nice -n "${FUZZ_NICE:-10}" swift build -c "${FUZZ_CONFIGURATION:-release}" --sanitize=fuzzer \
   --sanitize=address -Xswiftc -sanitize=fuzzer,address --build-path "$FUZZ_BUILD_PATH" 2>&1 \
   | grep -v "Cannot export local symbol '__asan")

failed=()
for target in "${targets[@]}"; do
  FUZZ_SKIP_BUILD=1 scripts/fuzz.sh "$target" "$seconds" || failed+=("$target")
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "== fuzzing found problems in: ${failed[*]} (inputs in Fuzz/artifacts/)" >&2
  exit 1
fi
echo "== fuzzing: ${#targets[@]} targets, ${seconds}s each, nothing found"
