#!/usr/bin/env bash
# Make sure the system libraries msx links against are installed.
#
# Debian/Ubuntu: checks the packages with dpkg-query; installs the missing ones
# when running as root, otherwise prints the apt-get command and exits 2.
# macOS (no dpkg-query): checks pkg-config and prints a Homebrew hint.
# Silent and exit 0 when everything is present.
set -euo pipefail

packages=(libgit2-dev libcmark-gfm-dev libcmark-gfm-extensions-dev pkg-config)

if command -v dpkg-query >/dev/null 2>&1; then
    missing=()
    for pkg in "${packages[@]}"; do
        status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
        case "$status" in
            *" installed") ;;
            *) missing+=("$pkg") ;;
        esac
    done
    if [ "${#missing[@]}" -eq 0 ]; then
        exit 0
    fi
    if [ "$(id -u)" -eq 0 ]; then
        echo "msx: installing system packages: ${missing[*]}" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get update
        apt-get install -y --no-install-recommends "${missing[@]}"
        exit 0
    fi
    echo "msx needs system packages. Run: sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
    exit 2
fi

# No dpkg (macOS or another non-Debian system).
if command -v brew >/dev/null 2>&1; then
    if ! command -v pkg-config >/dev/null 2>&1; then
        echo "msx needs pkg-config, libgit2 and cmark-gfm. Run: brew install pkg-config libgit2 cmark-gfm" >&2
        exit 2
    fi
    if ! pkg-config --exists libgit2 || ! pkg-config --exists libcmark-gfm; then
        echo "msx needs libgit2 and cmark-gfm. Run: brew install libgit2 cmark-gfm" >&2
        exit 2
    fi
fi
exit 0
