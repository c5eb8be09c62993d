#!/usr/bin/env bash
# Builds the fuzz targets (once; later calls rebuild only what changed) and runs one of them
# for a bounded time on a scratch copy of its seed corpus. See docs/fuzzing.md.
#
#   scripts/fuzz.sh TARGET SECONDS [libFuzzer options…]
#   scripts/fuzz.sh FuzzYAMLReader 60
#   scripts/fuzz.sh FuzzNavigator 0 -runs=10000000      # SECONDS 0: no time bound
#
# TARGET is one of the folders of Fuzz/ named Fuzz*. Crashes, leaks, timeouts and inputs past
# the memory limit are written to Fuzz/artifacts/TARGET/ (gitignored); the exit status is
# libFuzzer's: 0 when nothing was found. The checked-in corpus Fuzz/corpus/TARGET/ is only read.
#
# Environment: FUZZ_SKIP_BUILD=1 skips the build; FUZZ_KEEP_CORPUS=DIR keeps the grown corpus
# in DIR; FUZZ_BUILD_PATH (default .build-fuzz); FUZZ_RSS_LIMIT_MB (default 2048);
# FUZZ_TIMEOUT (seconds per input, default 10); FUZZ_NICE (default 10); FUZZ_CONFIGURATION
# (release, the default: optimized with preconditions kept, or debug).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

if [ $# -lt 2 ]; then
  echo "usage: scripts/fuzz.sh TARGET SECONDS [libFuzzer options…]" >&2
  echo "targets: $(cd Fuzz && ls -d Fuzz*/ | tr -d / | grep -v FuzzSupport | tr '\n' ' ')" >&2
  exit 2
fi
target=$1
seconds=$2
shift 2
if [ ! -d "Fuzz/$target" ] || [ "$target" = FuzzSupport ] || [ ! -d "Fuzz/corpus/$target" ]; then
  echo "fuzz.sh: unknown target '$target'" >&2
  exit 2
fi

build_path=${FUZZ_BUILD_PATH:-$root/.build-fuzz}
# `--sanitize=fuzzer` makes SwiftPM link libFuzzer (and keep `main` out of the way), but swiftc
# keeps only the last `-sanitize=` it is given, so `--sanitize=fuzzer --sanitize=address` alone
# compiles with ASan and without coverage counters; `-Xswiftc -sanitize=fuzzer,address` puts both.
if [ "${FUZZ_SKIP_BUILD:-0}" != 1 ]; then
  echo "== building fuzz targets in $build_path"
  (cd Fuzz && nice -n "${FUZZ_NICE:-10}" swift build -c "${FUZZ_CONFIGURATION:-release}" --sanitize=fuzzer \
     --sanitize=address -Xswiftc -sanitize=fuzzer,address --build-path "$build_path" 2>&1 \
     | grep -v "Cannot export local symbol '__asan")
fi
binary="$build_path/${FUZZ_CONFIGURATION:-release}/$target"
[ -x "$binary" ] || { echo "fuzz.sh: $binary was not built" >&2; exit 2; }

scratch=$(mktemp -d "${TMPDIR:-/tmp}/routekit-fuzz.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/corpus" "Fuzz/artifacts/$target"
cp "Fuzz/corpus/$target/"* "$scratch/corpus/"
log="Fuzz/artifacts/$target/last-run.log"

echo "== $target for ${seconds}s (log: $log)"
status=0
# The Swift backtracer can hang on a crash under ASan; libFuzzer and ASan report instead.
# ASan keeps 30 frames of each allocation's stack by default; the fixtures' frame, which the leak
# suppressions name, sits deeper than that under the expression parser's recursion.
SWIFT_BACKTRACE=enable=no ROUTEKIT_ROOT="$root" \
ASAN_OPTIONS="malloc_context_size=128${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
LSAN_OPTIONS="suppressions=$root/Fuzz/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}" \
  nice -n "${FUZZ_NICE:-10}" "$binary" \
    -max_total_time="$seconds" \
    -rss_limit_mb="${FUZZ_RSS_LIMIT_MB:-2048}" \
    -timeout="${FUZZ_TIMEOUT:-10}" \
    -artifact_prefix="$root/Fuzz/artifacts/$target/" \
    -print_final_stats=1 \
    "$@" "$scratch/corpus" >"$log" 2>&1 || status=$?

if [ -n "${FUZZ_KEEP_CORPUS:-}" ]; then
  mkdir -p "$FUZZ_KEEP_CORPUS" && cp "$scratch/corpus/"* "$FUZZ_KEEP_CORPUS/"
fi
# The last status line and the final statistics: executions, coverage, peak memory.
grep -E '^#[0-9]+' "$log" | tail -n 1 || true
grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$log" || true
if [ "$status" -ne 0 ]; then
  echo "== $target FAILED (status $status); the report:" >&2
  grep -E -A40 '^==[0-9]+==|^INFO: Running with|Fatal error|fuzz invariant|deadly signal|Test unit written' "$log" \
    | tail -n 80 >&2 || true
fi
exit "$status"
