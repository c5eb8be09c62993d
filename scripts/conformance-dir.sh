#!/usr/bin/env bash
# Prints the folder that holds the conformance data sets (yaml-test-suite/, cel-conformance/),
# by the rule the tests follow (Tests/ConformanceData): $ROUTEKIT_CONFORMANCE_DIR when it is set,
# else ../shared beside the repository when it exists. Exits 1, saying why on standard error,
# when there is neither.
set -euo pipefail
if [ -n "${ROUTEKIT_CONFORMANCE_DIR:-}" ]; then
  echo "$ROUTEKIT_CONFORMANCE_DIR"
  exit 0
fi
beside="$(cd "$(dirname "$0")/../.." && pwd)/shared"
if [ -d "$beside" ]; then
  echo "$beside"
  exit 0
fi
echo "ROUTEKIT_CONFORMANCE_DIR is not set and $beside does not exist" >&2
exit 1
