// swift-tools-version:6.0
import Foundation
import PackageDescription

let package = Package(
    name: "msx",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "msx", targets: ["msx"]),
        .executable(name: "msx-serve", targets: ["msx-serve"]),
        .library(name: "MsxKit", targets: ["MsxKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // DOCX and EPUB are ZIP packages: written (and read back for import) through ZIPFoundation over zlib.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        // `msx serve`: a small HTTP/1.1 server on Swift concurrency and BSD sockets (no SwiftNIO to build).
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        // Found through pkg-config unless it is linked from its static archives (`StaticLinking`).
        .systemLibrary(
            name: "CGit2",
            pkgConfig: StaticLinking.libgit2PkgConfig,
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
        // The core, in layers that depend on each other one way: model <- project <- diff <- convert; model <- git,
        // libgit2's only caller (git's objects, index, references and transfers, nothing of an msx project); project
        // and git <- history; the workspace over history and convert.
        .target(name: "MsxModel", dependencies: ["CCmarkGFM"]),
        .target(name: "MsxProject", dependencies: ["MsxModel"]),
        // libgit2's GSSAPI calls, loading the library when the first is made (`StaticLinking`).
        .target(name: "CGSSAPIOnDemand", cSettings: StaticLinking.gssapiCSettings),
        .target(name: "CTLSRandomOnDemand", cSettings: StaticLinking.tlsRandomCSettings),
        .target(name: "MsxGit", dependencies: ["MsxModel", "CGit2", "CSystemZlib", "CGSSAPIOnDemand", "CTLSRandomOnDemand"],
                swiftSettings: StaticLinking.gitSwiftSettings, linkerSettings: StaticLinking.gitLinkerSettings),
        .target(name: "MsxHistory", dependencies: ["MsxGit", "MsxProject", "MsxModel"]),
        // Comparing and converting need no git: they read versions through `ProjectReader`.
        .target(name: "MsxDiff", dependencies: ["MsxProject", "MsxModel"]),
        .target(name: "MsxConvert", dependencies: ["MsxDiff", "MsxProject", "MsxModel", "ZIPFoundation"]),
        // What needs the history and the rest together: imports that bring versions, blame, git's diff driver.
        .target(name: "MsxWorkspace", dependencies: ["MsxConvert", "MsxDiff", "MsxHistory", "MsxGit", "MsxProject", "MsxModel"]),
        // Each command as a typed request run against a workspace, returning an Encodable report: the one way in for
        // every front end (no ArgumentParser here).
        .target(name: "MsxActions", dependencies: ["MsxWorkspace", "MsxConvert", "MsxDiff", "MsxHistory", "MsxGit", "MsxProject", "MsxModel"]),
        // The review pages of `msx serve`: a front end like the command line, writing only through actions.
        .target(name: "MsxServe", dependencies: ["MsxActions", "MsxWorkspace", "MsxConvert", "MsxDiff", "MsxHistory", "MsxProject", "MsxModel",
                                                 .product(name: "FlyingFox", package: "FlyingFox")]),
        // One import for front ends: re-exports the layers above.
        .target(name: "MsxKit", dependencies: ["MsxActions", "MsxWorkspace", "MsxConvert", "MsxDiff", "MsxHistory", "MsxGit", "MsxProject", "MsxModel"]),
        .target(
            name: "MsxCLI",
            dependencies: [
                "MsxKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "msx", dependencies: ["MsxCLI", "CSystemMalloc"]),
        // `msx serve`'s server, apart: its HTTP library links Foundation's networking (libcurl, GSSAPI), which would
        // load into every command.
        .executableTarget(name: "msx-serve", dependencies: ["MsxServe", "MsxModel"]),
        // Timings of library work for `make bench` (not installed).
        .executableTarget(name: "msx-bench", dependencies: ["MsxKit"]),
        .target(name: "MsxTestSupport", dependencies: ["MsxConvert"], path: "Tests/MsxTestSupport"),
        .testTarget(name: "MsxKitTests", dependencies: ["MsxKit", "MsxCLI", "MsxTestSupport", "CGSSAPIOnDemand", "CTLSRandomOnDemand"],
                    exclude: ["Fixtures"], swiftSettings: StaticLinking.onDemandSwiftSettings),
        .testTarget(name: "MsxCLITests", dependencies: ["MsxCLI", "MsxKit", "MsxTestSupport"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)

/// How msx links libgit2.
///
/// Every shared library costs every command its dynamic linking before `main`. Where Debian's libgit2-dev and its
/// dependencies put their static archives (mbedTLS, libssh2 over OpenSSL's libcrypto, http-parser, PCRE2), msx links
/// them in: as shared libraries they and what they load cost about 4 ms, a third of `msx --version`.
/// - `--wrap` sends libgit2's calls of `mbedtls_x509_crt_parse_file` to msx's (`CertificateAuthorities`, compiled in
///   under `MSX_DEFERS_CA_BUNDLE`), which defers reading the CA bundle until an https transfer needs it.
/// - `--wrap` also sends libgit2's calls of `mbedtls_entropy_init`, `mbedtls_ctr_drbg_seed` and
///   `mbedtls_ctr_drbg_random` to `CTLSRandomOnDemand` (under `MSX_SEEDS_TLS_RANDOM_ON_DEMAND`), which seeds the TLS
///   random generator when an https handshake first asks it for bytes instead of when libgit2 starts.
/// - GSSAPI (libgit2's Negotiate authentication) has no static archive: `CGSSAPIOnDemand` (under
///   `MSX_GSSAPI_ON_DEMAND`) loads it when libgit2 first calls it, instead of the loader mapping it, and the four
///   Kerberos libraries it needs, into every process.
/// Elsewhere (other distributions, macOS), the shared libgit2 pkg-config names, as before. (The libraries other
/// modules ask for by name, such as FoundationXML's libxml2, are linked statically by the Makefile's builds:
/// `Sources/StaticLinking`.)
enum StaticLinking {
    static let libgit2Archives = ["git2", "mbedtls", "mbedx509", "mbedcrypto", "http_parser", "ssh2", "crypto", "pcre2-8"]

    /// Whether every archive is there.
    static let linksLibgit2Statically: Bool = {
        #if os(Linux)
        let folders = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib"]
        return folders.contains { folder in
            libgit2Archives.allSatisfy { FileManager.default.fileExists(atPath: "\(folder)/lib\($0).a") }
        }
        #else
        return false
        #endif
    }()

    static var libgit2PkgConfig: String? { linksLibgit2Statically ? nil : "libgit2" }

    static var gitSwiftSettings: [SwiftSetting] { linksLibgit2Statically ? [.define("MSX_DEFERS_CA_BUNDLE")] : [] }

    /// The trampolines, with DWARF 4 debug information as the Swift compiler writes it: Debian's valgrind (`make bench`
    /// counts instructions under callgrind) gives up on a binary with clang's DWARF 5. (Elsewhere the file is empty.)
    static var gssapiCSettings: [CSetting] {
        linksLibgit2Statically ? [.define("MSX_GSSAPI_ON_DEMAND"), .unsafeFlags(["-gdwarf-4"])] : []
    }

    /// The wrappers of mbedTLS's random generator, with DWARF 4 as above.
    static var tlsRandomCSettings: [CSetting] {
        linksLibgit2Statically ? [.define("MSX_SEEDS_TLS_RANDOM_ON_DEMAND"), .unsafeFlags(["-gdwarf-4"])] : []
    }

    /// The mbedTLS functions whose calls from libgit2 reach msx's instead.
    static let wrappedFunctions = ["mbedtls_x509_crt_parse_file", "mbedtls_entropy_init", "mbedtls_ctr_drbg_seed",
                                   "mbedtls_ctr_drbg_random"]

    /// For the tests of what is loaded or seeded on demand.
    static var onDemandSwiftSettings: [SwiftSetting] {
        linksLibgit2Statically ? [.define("MSX_GSSAPI_ON_DEMAND"), .define("MSX_SEEDS_TLS_RANDOM_ON_DEMAND")] : []
    }

    static var gitLinkerSettings: [LinkerSetting] {
        guard linksLibgit2Statically else { return [.linkedLibrary("git2")] }
        return [.unsafeFlags(wrappedFunctions.flatMap { ["-Xlinker", "--wrap=\($0)"] } + libgit2Archives.map { "-l:lib\($0).a" }
            + ["-lz", "-lrt", "-ldl", "-lpthread"])]
    }
}
