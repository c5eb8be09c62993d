#!/usr/bin/env bash
# The main job on the example app: validate its route table, then decide where one
# notification goes. Installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
# Where a --user pip install (setup.sh) puts check-jsonschema.
export PATH="$HOME/.local/bin:$PATH"
# Quiet when it works; a failed build shows its whole log and stops here.
log=$(mktemp)
if ! swift build -c release --product routecheck >"$log" 2>&1; then
  cat "$log" >&2
  exit 1
fi
grep -E "warning:" "$log" || true
rm -f "$log"
bin=.build/release/routecheck
echo "\$ routecheck validate routes/"
$bin validate routes/
echo
echo "\$ routecheck eval routes/ --payload '{\"type\": 3, \"id\": 42, \"aps\": {\"alert\": \"You have a new message\"}}'"
$bin eval routes/ --payload '{"type": 3, "id": 42, "aps": {"alert": "You have a new message"}}'
