#!/usr/bin/env bash
# The main job on the example app: validate its route table, then decide where one
# notification goes. Installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
swift build -c release --product routecheck 2>&1 | grep -E "error|warning" || true
bin=.build/release/routecheck
echo "\$ routecheck validate routes/"
$bin validate routes/
echo
echo "\$ routecheck eval routes/ --payload '{\"type\": 3, \"id\": 42, \"aps\": {\"alert\": \"You have a new message\"}}'"
$bin eval routes/ --payload '{"type": 3, "id": 42, "aps": {"alert": "You have a new message"}}'
