// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "RouteKit",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "RouteKit", targets: ["RouteKit"]),
        .library(name: "RouteKitYAML", targets: ["RouteKitYAML"]),
        .library(name: "RouteKitUIKit", targets: ["RouteKitUIKit"]),
        .library(name: "RouteKitSodium", targets: ["RouteKitSodium"]),
        .executable(name: "routecheck", targets: ["routecheck"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .systemLibrary(
            name: "CSodium",
            pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"]), .brew(["libsodium"])]
        ),
        .target(name: "RouteKit"),
        // Ed25519 and SHA-256 from libsodium for signed tables: `routecheck` and the tests (apps
        // on Apple platforms use CryptoKit, in RouteKit itself). The only code that sees libsodium.
        .target(name: "RouteKitSodium", dependencies: ["RouteKit", "CSodium"]),
        .target(name: "RouteKitYAML", dependencies: ["RouteKit", "CYAML"]),
        // The UIKit adapter compiles only on iOS; on Linux it is an empty module.
        .target(name: "RouteKitUIKit", dependencies: ["RouteKit"]),
        .target(name: "RouteCheck", dependencies: ["RouteKit", "RouteKitYAML", "RouteKitSodium"]),
        .executableTarget(name: "routecheck", dependencies: ["RouteCheck"]),
        // The benchmark: its own executable, never imported by the library.
        .executableTarget(name: "routebench", dependencies: ["RouteKit", "RouteKitYAML", "CYAML"]),
        // Where the conformance data the tests read lives (not in the repository): a module of
        // the tests only, in no product.
        .target(name: "ConformanceData", path: "Tests/ConformanceData"),
        .testTarget(name: "RouteKitTests", dependencies: ["RouteKit", "RouteKitYAML", "RouteKitSodium", "ConformanceData"]),
        .testTarget(name: "RouteKitYAMLTests", dependencies: ["RouteKitYAML", "RouteKit", "ConformanceData"]),
        .testTarget(
            name: "RouteCheckTests",
            dependencies: ["RouteCheck", "RouteKit", "RouteKitYAML", "RouteKitSodium"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
