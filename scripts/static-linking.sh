#!/usr/bin/env bash
# Prints Sources/StaticLinking's full path when every static archive its linker scripts name is installed, and
# nothing otherwise. The Makefile puts what it prints first on PKG_CONFIG_PATH, so that every build links libgit2
# (with mbedTLS, libssh2, libcrypto, http-parser and PCRE2), libxml2 (with liblzma; its ICU is Foundation's), zlib, cmark-gfm and
# libstdc++ from their archives instead of as shared libraries, and runs swift through scripts/swift-static.sh: each
# shared library costs every command its dynamic linking before main. Where one is missing, builds link the shared
# libraries as usual.
#
#   scripts/static-linking.sh                 the folder, or nothing
#   scripts/static-linking.sh --check BINARY  fails, naming them, when BINARY (built with the folder on
#                                             PKG_CONFIG_PATH) needs a shared library other than glibc's and
#                                             libgcc's
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
archives=(libxml2.a liblzma.a libz.a libcmark-gfm.a libcmark-gfm-extensions.a
    libgit2.a libmbedtls.a libmbedx509.a libmbedcrypto.a libhttp_parser.a libssh2.a libcrypto.a libpcre2-8.a)

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
    # What a binary linked that way may still need: glibc's libraries, the loader and GCC's unwinder.
    needed="$(readelf -d "$2" | sed -nE 's/.*\(NEEDED\).*\[(.*)\]/\1/p')" || { echo "msx: cannot read $2" >&2; exit 1; }
    extra="$(grep -vE '^(libc|libm|libdl|librt|libpthread|libgcc_s)\.so|^ld-linux' <<<"$needed" || true)"
    if [ -n "$extra" ]; then
        echo "msx: $2 needs $(echo $extra | sed 's/ /, /g') although it was built to link static archives" >&2
        exit 1
    fi
    exit 0
fi

if installed; then
    echo "$root/Sources/StaticLinking"
fi
