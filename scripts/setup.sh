#!/usr/bin/env bash
# Installs what building and testing RouteKit needs and is missing: libyaml and libsodium
# (Debian's libyaml-dev and libsodium-dev, found through pkg-config), Unicode's data files
# (Debian's unicode-data) and the Python tools the checks use.
set -euo pipefail

need_apt=()
command -v pkg-config >/dev/null 2>&1 || need_apt+=(pkg-config)
pkg-config --exists yaml-0.1 2>/dev/null || need_apt+=(libyaml-dev)
# Ed25519 and SHA-256 for signed tables (routecheck keygen, compile --sign, verify; the tests).
pkg-config --exists libsodium 2>/dev/null || need_apt+=(libsodium-dev)
command -v dot >/dev/null 2>&1 || need_apt+=(graphviz)
# Unicode's CaseFolding.txt, for the (?i) differential test and scripts/generate-unicode-casefold.py.
[ -f /usr/share/unicode/CaseFolding.txt ] || need_apt+=(unicode-data)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "setup: installing ${need_apt[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

# pip from PyPI: Debian's own Python refuses installs outside a virtual environment
# (PEP 668, "externally-managed-environment"), so a refused install is retried for this user
# past that guard; a Python without pip gets Debian's python3-pip first.
pip_install() {
  if ! python3 -m pip --version >/dev/null 2>&1; then
    echo "setup: installing python3-pip"
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-pip >/dev/null
  fi
  python3 -m pip install --quiet --disable-pip-version-check "$@" 2>/dev/null \
    || python3 -m pip install --quiet --disable-pip-version-check --user --break-system-packages "$@"
}
# A --user install puts commands here.
export PATH="$HOME/.local/bin:$PATH"

if ! command -v check-jsonschema >/dev/null 2>&1; then
  echo "setup: installing check-jsonschema (PyPI)"
  pip_install check-jsonschema
fi

# Google's CEL runtime (cel-cpp wrapped for Python): the oracle of the differential test.
if ! python3 -c "import cel_expr_python" >/dev/null 2>&1; then
  echo "setup: installing cel-expr-python (PyPI)"
  pip_install cel-expr-python
fi
