#!/usr/bin/env bash
# Fetches the conformance data some RouteKit tests read into DIR, then checks it against the
# SHA-256 pinned below:
#   DIR/yaml-test-suite/  the yaml-test-suite at tag data-2022-01-17, one folder per case
#   DIR/cel-conformance/  cel-spec's tests/simple/testdata at a pinned commit, converted to JSON
#                         by scripts/cel_textproto_to_json.py (protoc from the PyPI package
#                         grpcio-tools, in a virtual environment this script makes)
# Then run the tests with ROUTEKIT_CONFORMANCE_DIR=DIR (docs/conformance.md).
#
#   scripts/fetch-conformance.sh DIR           fetch what DIR lacks, check everything
#   scripts/fetch-conformance.sh --check DIR   only check what DIR holds
#
# Needs git, python3 and network access to the sources, which can be replaced (a mirror, a local
# clone): ROUTEKIT_YAML_TEST_SUITE_URL, ROUTEKIT_CEL_SPEC_URL. The Python environment is kept in
# ROUTEKIT_CONFORMANCE_VENV (default ~/.cache/routekit/conformance-venv).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"

YAML_TEST_SUITE_URL="${ROUTEKIT_YAML_TEST_SUITE_URL:-https://github.com/yaml/yaml-test-suite.git}"
YAML_TEST_SUITE_TAG=data-2022-01-17
YAML_TEST_SUITE_COMMIT=6e6c296ae9c9d2d5c4134b4b64d01b29ac19ff6f
CEL_SPEC_URL="${ROUTEKIT_CEL_SPEC_URL:-https://github.com/google/cel-spec.git}"
CEL_SPEC_COMMIT=508bd98efda47d85bcf1b9930dd5f35fa37e9a18
PYTHON_PACKAGES=(grpcio-tools==1.85.4 protobuf==7.36.2)
VENV="${ROUTEKIT_CONFORMANCE_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/routekit/conformance-venv}"

# SHA-256 of each data set: of the `sha256sum` lines of its files (paths relative to the set,
# sorted bytewise; a README.md is documentation and left out). See data_set_sha256.
declare -A PINNED_SHA256=(
  [yaml-test-suite]=9b8b15e5aacdad049e58c4e40e3de82d73429fedfd6389c70ffa02c751f67a0a
  [cel-conformance]=c7175c6832408986750c406f3b5fbc3c43b8fd9e08f2f5e4687ea2dbe3409673
)

usage() {
  echo "usage: scripts/fetch-conformance.sh [--check] DIR" >&2
  exit 2
}

check_only=false
[ "${1:-}" = "--check" ] && { check_only=true; shift; }
[ $# -eq 1 ] || usage
case "$1" in -*) usage ;; esac
$check_only || mkdir -p "$1"
[ -d "$1" ] || { echo "fetch-conformance: no folder $1" >&2; exit 2; }
DIR="$(cd "$1" && pwd)"

data_set_sha256() {
  (cd "$1" && find . -type f ! -name README.md -print0 | LC_ALL=C sort -z | xargs -0 sha256sum) \
    | sha256sum | cut -d' ' -f1
}

# Whether FOLDER is there and holds exactly the pinned data of SET.
check_set() {
  local set="$1" folder="$2" actual
  if [ ! -d "$folder" ]; then
    echo "$set: missing ($folder)" >&2
    return 1
  fi
  actual="$(data_set_sha256 "$folder")"
  if [ "$actual" != "${PINNED_SHA256[$set]}" ]; then
    echo "$set: SHA-256 $actual, expected ${PINNED_SHA256[$set]} ($folder)" >&2
    return 1
  fi
  echo "$set: $folder matches SHA-256 ${PINNED_SHA256[$set]}"
}

if $check_only; then
  status=0
  for set in yaml-test-suite cel-conformance; do check_set "$set" "$DIR/$set" || status=1; done
  exit $status
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Checks out COMMIT of the repository at URL into FOLDER: a shallow fetch of REF (a tag, or the
# commit itself) where the server allows it, else a fetch of every branch and tag.
checkout() {
  local url="$1" ref="$2" commit="$3" folder="$4"
  git init --quiet "$folder"
  if ! git -C "$folder" fetch --quiet --depth 1 "$url" "$ref" 2>/dev/null; then
    git -C "$folder" fetch --quiet --tags "$url" '+refs/heads/*:refs/remotes/origin/*'
  fi
  git -C "$folder" -c advice.detachedHead=false -c core.autocrlf=false checkout --quiet "$commit" \
    || { echo "fetch-conformance: $url has no commit $commit ($ref)" >&2; exit 1; }
}

# One case of the suite as the tests read it: `in.yaml`, and the empty marker `error` for invalid
# YAML or else `in.json` when the suite has one (an `in.json` that upstream's inheritance between
# sub-cases leaves in an error case is no expectation, and is not copied).
copy_yaml_case() {
  local from="$1" to="$2"
  mkdir "$to"
  cp "$from/in.yaml" "$to/in.yaml"
  if [ -e "$from/error" ]; then
    : >"$to/error"
  elif [ -e "$from/in.json" ]; then
    cp "$from/in.json" "$to/in.json"
  fi
}

# The suite's cases, one folder each: `ID/`, or `ID-NN/` for sub-case `ID/NN/` upstream. The
# upstream folders `name/` and `tags/` (links, by case name and by tag) are left out.
fetch_yaml_test_suite() {
  local source="$work/yaml-test-suite-source" out="$1" case id sub
  echo "fetch-conformance: yaml-test-suite $YAML_TEST_SUITE_TAG from $YAML_TEST_SUITE_URL"
  checkout "$YAML_TEST_SUITE_URL" "refs/tags/$YAML_TEST_SUITE_TAG" "$YAML_TEST_SUITE_COMMIT" "$source"
  mkdir -p "$out"
  for case in "$source"/[0-9A-Z][0-9A-Z][0-9A-Z][0-9A-Z]; do
    id="$(basename "$case")"
    if [ -e "$case/in.yaml" ]; then
      copy_yaml_case "$case" "$out/$id"
    else
      for sub in "$case"/[0-9][0-9]*; do copy_yaml_case "$sub" "$out/$id-$(basename "$sub")"; done
    fi
  done
}

python_environment() {
  if [ ! -x "$VENV/bin/python" ]; then
    echo "fetch-conformance: making a Python environment in $VENV"
    if ! python3 -m venv "$VENV" 2>/dev/null; then
      # Debian's python3 makes environments only with python3-venv.
      echo "fetch-conformance: installing python3-venv"
      local sudo=""
      [ "$(id -u)" -ne 0 ] && sudo="sudo"
      $sudo apt-get update -qq
      DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3-venv >/dev/null
      rm -rf "$VENV"
      python3 -m venv "$VENV"
    fi
  fi
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "${PYTHON_PACKAGES[@]}"
}

fetch_cel_conformance() {
  local source="$work/cel-spec-source" out="$1"
  echo "fetch-conformance: cel-spec $CEL_SPEC_COMMIT from $CEL_SPEC_URL"
  checkout "$CEL_SPEC_URL" "$CEL_SPEC_COMMIT" "$CEL_SPEC_COMMIT" "$source"
  python_environment
  "$VENV/bin/python" "$ROOT/scripts/cel_textproto_to_json.py" --cel-spec "$source" --out "$out" --commit "$CEL_SPEC_COMMIT"
}

status=0
for set in yaml-test-suite cel-conformance; do
  if [ -e "$DIR/$set" ]; then
    # Never overwritten: a folder that does not match is for whoever made it to look at.
    check_set "$set" "$DIR/$set" || { echo "fetch-conformance: remove $DIR/$set to fetch it again" >&2; status=1; }
    continue
  fi
  case "$set" in
    yaml-test-suite) fetch_yaml_test_suite "$work/$set" ;;
    cel-conformance) fetch_cel_conformance "$work/$set" ;;
  esac
  if check_set "$set" "$work/$set"; then
    mv "$work/$set" "$DIR/$set"
  else
    rm -rf "$DIR/$set.mismatch"
    mv "$work/$set" "$DIR/$set.mismatch"
    echo "fetch-conformance: what was made is kept in $DIR/$set.mismatch, not used by the tests" >&2
    status=1
  fi
done
[ $status -eq 0 ] && echo "fetch-conformance: done; run the tests with ROUTEKIT_CONFORMANCE_DIR=$DIR"
exit $status
