// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "RouteKit",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "RouteKit", targets: ["RouteKit"]),
        .library(name: "RouteKitYAML", targets: ["RouteKitYAML"]),
        .library(name: "RouteKitUIKit", targets: ["RouteKitUIKit"]),
        .executable(name: "routecheck", targets: ["routecheck"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "RouteKit"),
        .target(name: "RouteKitYAML", dependencies: ["RouteKit", "CYAML"]),
        // The UIKit adapter compiles only on iOS; on Linux it is an empty module.
        .target(name: "RouteKitUIKit", dependencies: ["RouteKit"]),
        .target(name: "RouteCheck", dependencies: ["RouteKit", "RouteKitYAML"]),
        .executableTarget(name: "routecheck", dependencies: ["RouteCheck"]),
        // The benchmark: its own executable, never imported by the library.
        .executableTarget(name: "routebench", dependencies: ["RouteKit", "RouteKitYAML", "CYAML"]),
        // Where the conformance data the tests read lives (not in the repository): a module of
        // the tests only, in no product.
        .target(name: "ConformanceData", path: "Tests/ConformanceData"),
        .testTarget(name: "RouteKitTests", dependencies: ["RouteKit", "RouteKitYAML", "ConformanceData"]),
        .testTarget(name: "RouteKitYAMLTests", dependencies: ["RouteKitYAML", "RouteKit", "ConformanceData"]),
        .testTarget(
            name: "RouteCheckTests",
            dependencies: ["RouteCheck", "RouteKit", "RouteKitYAML"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
