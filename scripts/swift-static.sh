#!/usr/bin/env bash
# `swift`, linking the static archives when scripts/static-linking.sh finds them all installed: Sources/StaticLinking
# goes first on PKG_CONFIG_PATH and the flags that go with libgit2's archives are added to `swift build`, `test`,
# `run` and `package` (whose plugins build too). Without the archives it runs swift as it is. The Makefile runs every
# swift through this script; the choice is made each time, not when make starts, so that the build after `make
# deps` installed the archives on a fresh machine links them. A plain `swift build` links the shared libgit2
# pkg-config names, so Package.swift needs no unsafe flags and the package can be a versioned dependency.
#
#   MSX_SWIFT=swift scripts/swift-static.sh build ...
#
# - `--wrap` sends libgit2's calls of mbedtls_x509_crt_parse_file to msx's (MsxGit's CertificateAuthorities,
#   compiled in under MSX_DEFERS_CA_BUNDLE), which reads the CA bundle only when an https transfer needs it.
# - `--wrap` also sends its calls of mbedtls_entropy_init, mbedtls_ctr_drbg_seed and mbedtls_ctr_drbg_random to
#   CTLSRandomOnDemand (MSX_SEEDS_TLS_RANDOM_ON_DEMAND), which seeds the TLS random generator at the first https
#   handshake instead of when libgit2 starts.
# - `--wrap` also sends its calls of libssh2_init and libssh2_session_init_ex to CSSHOnDemand (MSX_SSH_ON_DEMAND),
#   which starts libssh2 (and OpenSSL's libcrypto under it) at the first ssh session instead of when libgit2 starts.
# - `--wrap` sends cmark-gfm's calls of cmark_llist_append (and of the two functions that free lists) to
#   CCmarkLinearLists (MSX_LINEAR_CMARK_LISTS), which appends in one step instead of walking the list: the table
#   extension builds each row's cells so, quadratic in a row's cells.
# - With Foundation linked statically (--static-swift-stdlib, as make release links), libxml2's character converters
#   are Foundation's ICU (CXMLConverters, MSX_ONE_ICU): Sources/StaticLinking/libxml2.so links no ICU of its own.
#   (Other builds load Foundation's libxml2 as a shared library, with its ICU.)
# - GSSAPI has no static archive: CGSSAPIOnDemand (MSX_GSSAPI_ON_DEMAND) loads it, and the Kerberos libraries it
#   needs, on libgit2's first call instead of in every process.
# - C is compiled with DWARF 4 debug information, as Swift writes it: Debian's valgrind (make bench counts
#   instructions under callgrind) gives up on clang's DWARF 5.
# - Swift code asks for a generic type's metadata through the type's accessor, with the conformances it needs
#   passed in, not by its mangled name (-disable-concrete-type-metadata-mangled-name-accessors): the runtime reads a
#   mangled name's generic requirements by searching every conformance record of the binary, once for each
#   type a command meets first (a Dictionary<OID, Manifest>, a Set<[UInt8]>), a tenth of a small command's work.
set -euo pipefail

swift="${MSX_SWIFT:-swift}"
folder="$("$(dirname "$0")/static-linking.sh")"
if [ -z "$folder" ]; then exec "$swift" "$@"; fi
case ":${PKG_CONFIG_PATH:-}:" in
    *":$folder:"*) ;;
    *) export PKG_CONFIG_PATH="$folder${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}" ;;
esac
defines=(MSX_DEFERS_CA_BUNDLE MSX_GSSAPI_ON_DEMAND MSX_SEEDS_TLS_RANDOM_ON_DEMAND MSX_SSH_ON_DEMAND MSX_LINEAR_CMARK_LISTS)
wrapped=(mbedtls_x509_crt_parse_file mbedtls_entropy_init mbedtls_ctr_drbg_seed mbedtls_ctr_drbg_random
    libssh2_init libssh2_session_init_ex cmark_llist_append cmark_llist_free cmark_llist_free_full)

flags=(-Xcc -gdwarf-4 -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)
for define in "${defines[@]}"; do flags+=(-Xswiftc "-D$define" -Xcc "-D$define"); done
for function in "${wrapped[@]}"; do flags+=(-Xlinker "--wrap=$function"); done

for argument in "$@"; do
    if [ "$argument" = --static-swift-stdlib ]; then flags+=(-Xcc -DMSX_ONE_ICU); fi
done

case "${1:-}" in
    build | test | run | package)
        subcommand=$1
        shift
        exec "$swift" "$subcommand" "${flags[@]}" "$@"
        ;;
    *) exec "$swift" "$@" ;;
esac
