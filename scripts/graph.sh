#!/usr/bin/env bash
# Draws the example app's route graph: `routecheck graph routes/` rendered by Graphviz's `dot`
# into docs/graph.svg and docs/graph.png (for the README). With --check, writes nothing and
# only checks that the DOT output renders without errors or warnings (for CI).
# Installs Graphviz (Debian package graphviz) when `dot` is missing. Needs a built
# .build/debug/routecheck (swift build; ROUTECHECK=path overrides it).
# Exit 0 on success, 1 when rendering fails or warns, 2 when a tool is missing.
#
#   scripts/graph.sh            # writes docs/graph.svg and docs/graph.png
#   scripts/graph.sh --check
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

ROUTECHECK=${ROUTECHECK:-.build/debug/routecheck}
TABLE=routes/
check=0
case "${1:-}" in
    "") ;;
    --check) check=1 ;;
    *)
        echo "usage: scripts/graph.sh [--check]" >&2
        exit 2
        ;;
esac

if ! command -v dot >/dev/null 2>&1; then
    echo "graph: installing graphviz"
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq graphviz >/dev/null
fi
if [[ ! -x $ROUTECHECK ]]; then
    echo "graph: $ROUTECHECK not found; run 'swift build' first" >&2
    exit 2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$ROUTECHECK" graph "$TABLE" >"$work/graph.dot"

# render FORMAT OUTPUT: dot must succeed and print nothing (Graphviz warns on stderr, exit 0).
render() {
    if ! dot "-T$1" "$work/graph.dot" -o "$2" 2>"$work/stderr" || [[ -s $work/stderr ]]; then
        echo "FAIL graph: dot -T$1 on 'routecheck graph $TABLE'"
        sed 's/^/       /' "$work/stderr"
        exit 1
    fi
}

if ((check)); then
    render svg "$work/graph.svg"
    echo "ok   graph: 'routecheck graph $TABLE' renders with dot"
else
    render svg docs/graph.svg
    render png docs/graph.png
    echo "graph: wrote docs/graph.svg and docs/graph.png"
fi
