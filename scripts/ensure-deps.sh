#!/usr/bin/env bash
# Make sure the system libraries msx links against are installed.
#
# Debian/Ubuntu: checks the packages with dpkg-query; installs the missing ones
# when running as root, otherwise prints the apt-get command and exits 2.
# macOS (no dpkg-query): checks pkg-config and prints a Homebrew hint.
# Silent and exit 0 when everything is present.
#
#   scripts/ensure-deps.sh          the libraries msx builds with
#   scripts/ensure-deps.sh --test   also the real consumers the tests check msx's output with (valgrind, LibreOffice and its Python bridge, pandoc, chromium and its driver for selenium, sshd, openssl, git, epubcheck, fontconfig, poppler and qpdf, hyphenation patterns);
#                                   when they cannot be installed, says so and goes on: their tests skip, saying why
set -euo pipefail

# libcurl4-openssl-dev: msx-serve's HTTP library links Foundation's networking, which a release build links over libcurl.
packages=(libgit2-dev libcmark-gfm-dev libcmark-gfm-extensions-dev zlib1g-dev libxml2-dev libcurl4-openssl-dev pkg-config)
test_packages=(valgrind libreoffice-writer-nogui python3-uno python3-jsonschema pandoc chromium chromium-driver python3-selenium openssh-server openssl git epubcheck fontconfig fonts-dejavu-core poppler-utils qpdf hyphen-en-us fonts-urw-base35)

missing_of() {
    for pkg in "$@"; do
        case "$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)" in
            *" installed") ;;
            *) echo "$pkg" ;;
        esac
    done
}

install_quietly() {
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y --no-install-recommends "$@" >/dev/null 2>&1
}

if [ "${1:-}" = "--test" ] && command -v dpkg-query >/dev/null 2>&1; then
    mapfile -t missing_tools < <(missing_of "${test_packages[@]}")
    if [ "${#missing_tools[@]}" -gt 0 ]; then
        installed=no
        if [ "$(id -u)" -eq 0 ]; then
            echo "msx: installing test tools: ${missing_tools[*]}" >&2
            if install_quietly "${missing_tools[@]}" || { apt-get -o DPkg::Lock::Timeout=300 update >/dev/null 2>&1 && install_quietly "${missing_tools[@]}"; }; then
                installed=yes
            fi
        fi
        if [ "$installed" = no ]; then
            echo "msx: could not install ${missing_tools[*]} (sudo apt-get install -y --no-install-recommends ${missing_tools[*]});" \
                "the tests that need them will skip and say so" >&2
        fi
    fi
fi

# From PyPI, independent readers the tests check msx with: screenplain (Fountain) and pyphen (hyphenation).
if [ "${1:-}" = "--test" ] && command -v python3 >/dev/null 2>&1; then
    for module in screenplain pyphen; do
        python3 -c "import $module" 2>/dev/null && continue
        python3 -m pip install --quiet "$module" >/dev/null 2>&1 \
            || python3 -m pip install --quiet --break-system-packages "$module" >/dev/null 2>&1 \
            || echo "msx: could not install $module (python3 -m pip install $module); the tests that need it will skip and say so" >&2
    done
fi

if command -v dpkg-query >/dev/null 2>&1; then
    mapfile -t missing < <(missing_of "${packages[@]}")
    if [ "${#missing[@]}" -eq 0 ]; then
        exit 0
    fi
    if [ "$(id -u)" -eq 0 ]; then
        echo "msx: installing system packages: ${missing[*]}" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get -o DPkg::Lock::Timeout=300 update
        apt-get -o DPkg::Lock::Timeout=300 install -y --no-install-recommends "${missing[@]}"
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
