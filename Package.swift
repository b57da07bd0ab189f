// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "msx",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "msx", targets: ["msx"]),
        .library(name: "MsxKit", targets: ["MsxKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // DOCX and EPUB are ZIP packages: written (and read back for import) through ZIPFoundation over zlib.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        // libgit2 is linked by MsxHistory (below), not through pkg-config, so that Linux builds take its static archive.
        .systemLibrary(
            name: "CGit2",
            providers: [.apt(["libgit2-dev"]), .brew(["libgit2"])]
        ),
        .systemLibrary(
            name: "CSystemZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
        ),
        // The core, in layers that depend on each other one way: model <- project <- history <- diff <- convert.
        .target(name: "MsxModel", dependencies: ["CCmarkGFM"]),
        .target(name: "MsxProject", dependencies: ["MsxModel"]),
        .target(name: "MsxHistory", dependencies: ["MsxProject", "MsxModel", "CGit2", "CSystemZlib"],
                linkerSettings: libgit2Linking),
        .target(name: "MsxDiff", dependencies: ["MsxHistory", "MsxProject", "MsxModel"]),
        .target(name: "MsxConvert", dependencies: ["MsxDiff", "MsxHistory", "MsxProject", "MsxModel", "ZIPFoundation"]),
        // One import for front ends: re-exports the layers above.
        .target(name: "MsxKit", dependencies: ["MsxConvert", "MsxDiff", "MsxHistory", "MsxProject", "MsxModel"]),
        .target(
            name: "MsxCLI",
            dependencies: [
                "MsxKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "msx", dependencies: ["MsxCLI"]),
        // Timings of library work for `make bench` (not installed).
        .executableTarget(name: "msx-bench", dependencies: ["MsxKit"]),
        .target(name: "MsxTestSupport", dependencies: ["MsxConvert"], path: "Tests/MsxTestSupport"),
        .testTarget(name: "MsxKitTests", dependencies: ["MsxKit", "MsxCLI", "MsxTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "MsxCLITests", dependencies: ["MsxCLI", "MsxKit", "MsxTestSupport"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)

/// How libgit2 is linked.
///
/// On Linux, from the static archives Debian's libgit2-dev brings with its dependencies (mbedTLS, libssh2 over
/// OpenSSL's libcrypto, http-parser, PCRE2): as shared libraries they and what they load cost every command about
/// 4 ms of dynamic linking before main, a third of `msx --version`. GSSAPI (libgit2's Negotiate authentication) has no
/// static archive and stays shared. `--wrap` sends libgit2's calls of `mbedtls_x509_crt_parse_file` to msx's
/// (`CertificateAuthorities`), which defers reading the CA bundle until an https transfer needs it.
/// On macOS, Homebrew's shared libgit2.
var libgit2Linking: [LinkerSetting] {
    let archives = ["git2", "mbedtls", "mbedx509", "mbedcrypto", "http_parser", "ssh2", "crypto", "pcre2-8"]
    let linux = ["-Xlinker", "--wrap=mbedtls_x509_crt_parse_file"] + archives.map { "-l:lib\($0).a" }
        + ["-l:libgssapi_krb5.so.2", "-lz", "-lrt", "-ldl", "-lpthread"]
    return [.unsafeFlags(linux, .when(platforms: [.linux])), .linkedLibrary("git2", .when(platforms: [.macOS]))]
}
