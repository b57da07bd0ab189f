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
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
        ),
        // The core, in layers that depend on each other one way: model <- project <- history <- diff <- convert.
        .target(name: "MsxModel", dependencies: ["CCmarkGFM"]),
        .target(name: "MsxProject", dependencies: ["MsxModel"]),
        .target(name: "MsxHistory", dependencies: ["MsxProject", "MsxModel", "CGit2", "CSystemZlib"]),
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
