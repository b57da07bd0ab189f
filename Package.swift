// swift-tools-version:6.0
import Foundation
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
        // Found through pkg-config unless it is linked from its static archives (`Libgit2Linking`).
        .systemLibrary(
            name: "CGit2",
            pkgConfig: Libgit2Linking.pkgConfig,
            providers: [.apt(["libgit2-dev"]), .brew(["libgit2"])]
        ),
        .systemLibrary(
            name: "CSystemZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // glibc's allocator settings, for the executable (`mallopt`): no library to link.
        .systemLibrary(name: "CSystemMalloc"),
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
        ),
        // The core, in layers that depend on each other one way: model <- project <- history <- diff <- convert.
        .target(name: "MsxModel", dependencies: ["CCmarkGFM"]),
        .target(name: "MsxProject", dependencies: ["MsxModel"]),
        .target(name: "MsxHistory", dependencies: ["MsxProject", "MsxModel", "CGit2", "CSystemZlib"],
                swiftSettings: Libgit2Linking.swiftSettings, linkerSettings: Libgit2Linking.linkerSettings),
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
        .executableTarget(name: "msx", dependencies: ["MsxCLI", "CSystemMalloc"]),
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
/// Where Debian's libgit2-dev and its dependencies put their static archives (mbedTLS, libssh2 over OpenSSL's
/// libcrypto, http-parser, PCRE2), msx links them in: as shared libraries they and what they load cost every command
/// about 4 ms of dynamic linking before main, a third of `msx --version`. GSSAPI (libgit2's Negotiate authentication)
/// has no static archive and stays shared. `--wrap` sends libgit2's calls of `mbedtls_x509_crt_parse_file` to msx's
/// (`CertificateAuthorities`, compiled in under `MSX_DEFERS_CA_BUNDLE`), which defers reading the CA bundle until an
/// https transfer needs it. Elsewhere (other distributions, macOS): the shared libgit2 pkg-config names, as before.
enum Libgit2Linking {
    static let archives = ["git2", "mbedtls", "mbedx509", "mbedcrypto", "http_parser", "ssh2", "crypto", "pcre2-8"]

    /// Whether every archive (and the shared GSSAPI library) is there.
    static let isStatic: Bool = {
        #if os(Linux)
        let folders = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib"]
        let files = archives.map { "lib\($0).a" } + ["libgssapi_krb5.so.2"]
        return folders.contains { folder in files.allSatisfy { FileManager.default.fileExists(atPath: folder + "/" + $0) } }
        #else
        return false
        #endif
    }()

    static var pkgConfig: String? { isStatic ? nil : "libgit2" }

    static var swiftSettings: [SwiftSetting] { isStatic ? [.define("MSX_DEFERS_CA_BUNDLE")] : [] }

    static var linkerSettings: [LinkerSetting] {
        guard isStatic else { return [.linkedLibrary("git2")] }
        return [.unsafeFlags(["-Xlinker", "--wrap=mbedtls_x509_crt_parse_file"] + archives.map { "-l:lib\($0).a" }
            + ["-l:libgssapi_krb5.so.2", "-lz", "-lrt", "-ldl", "-lpthread"])]
    }
}
