#!/usr/bin/env bash
# Prints Sources/StaticLinking's full path when every static archive its linker scripts name is installed, and
# nothing otherwise. The Makefile puts what it prints first on PKG_CONFIG_PATH, so that every build links libxml2
# (with ICU and liblzma), zlib, cmark-gfm and libstdc++ from their archives instead of as shared libraries: each
# shared library costs every command its dynamic linking before main. Where one is missing, builds link the shared
# libraries as usual.
#
#   scripts/static-linking.sh                 the folder, or nothing
#   scripts/static-linking.sh --check BINARY  fails, naming them, when BINARY (built with the folder on
#                                             PKG_CONFIG_PATH) still needs one of those shared libraries
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
archives=(libxml2.a libicuuc.a libicudata.a liblzma.a libz.a libcmark-gfm.a libcmark-gfm-extensions.a)

installed() {
    [ "$(uname -s)" = Linux ] || return 1
    local compiler
    compiler="$(command -v clang || command -v cc)" || return 1
    # The compiler driver searches the folders the linker will: it prints a bare name for an archive it cannot find.
    for archive in "${archives[@]}" libstdc++.a; do
        case "$("$compiler" -print-file-name="$archive")" in
            /*) ;;
            *) return 1 ;;
        esac
    done
}

if [ "${1:-}" = "--check" ]; then
    shared="$(readelf -d "$2" | grep -oE 'lib(xml2|icu[a-z]*|lzma|z|cmark-gfm[a-z-]*|stdc\+\+|gssapi_krb5)\.so[.0-9a-z]*' || true)"
    if [ -n "$shared" ]; then
        echo "msx: $2 needs $(echo $shared | sed 's/ /, /g') although it was built to link their static archives" >&2
        exit 1
    fi
    exit 0
fi

if installed; then
    echo "$root/Sources/StaticLinking"
fi
