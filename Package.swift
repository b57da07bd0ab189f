// swift-tools-version:6.0
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
        // Found through pkg-config: the system's, or, in the Makefile's builds where the static archives are
        // installed, Sources/StaticLinking's, which links them (scripts/swift-static.sh adds the flags that go with it).
        .systemLibrary(
            name: "CGit2",
            pkgConfig: "libgit2",
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
        // With cmark-gfm's static archives: its lists appended to in one step (empty unless scripts/swift-static.sh
        // defines it).
        .target(name: "CCmarkLinearLists"),
        .target(name: "MsxModel", dependencies: ["CCmarkGFM", "CCmarkLinearLists"]),
        .target(name: "MsxProject", dependencies: ["MsxModel"]),
        // With libgit2's static archive: its GSSAPI calls, loading the library when the first is made, and the seeding
        // of its TLS random generator at the first handshake (empty unless scripts/swift-static.sh defines them).
        .target(name: "CGSSAPIOnDemand"),
        .target(name: "CTLSRandomOnDemand"),
        .target(name: "CSSHOnDemand"),
        .target(name: "MsxGit", dependencies: ["MsxModel", "CGit2", "CSystemZlib", "CGSSAPIOnDemand", "CTLSRandomOnDemand", "CSSHOnDemand"]),
        .target(name: "MsxHistory", dependencies: ["MsxGit", "MsxProject", "MsxModel"]),
        // Comparing and converting need no git: they read versions through `ProjectReader`.
        .target(name: "MsxDiff", dependencies: ["MsxProject", "MsxModel"]),
        // With libxml2's static archive: its character converters from Foundation's ICU (empty unless
        // scripts/swift-static.sh defines it).
        .target(name: "CXMLConverters"),
        .target(name: "MsxConvert", dependencies: ["MsxDiff", "MsxProject", "MsxModel", "ZIPFoundation", "CSystemZlib", "CXMLConverters"]),
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
        .testTarget(name: "MsxKitTests", dependencies: ["MsxKit", "MsxCLI", "MsxTestSupport", "CGSSAPIOnDemand", "CTLSRandomOnDemand", "CSSHOnDemand"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "MsxCLITests", dependencies: ["MsxCLI", "MsxKit", "MsxTestSupport"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
