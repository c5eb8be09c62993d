// swift-tools-version:6.0
// The fuzz targets of RouteKit: a package of its own, so that a normal `swift build` or
// `swift test` of RouteKit never builds them. The library targets are the real sources, reached
// through the symlinks in `Linked/`. Build and run with `scripts/fuzz.sh TARGET SECONDS`
// (which runs `swift build -c debug --sanitize=fuzzer --sanitize=address` here); see
// docs/fuzzing.md.
import PackageDescription

let fuzzTargets = [
    "FuzzYAMLReader", "FuzzTableLoader", "FuzzExpression",
    "FuzzPayloadDecide", "FuzzCompiledTable", "FuzzNavigator",
]

let package = Package(
    name: "RouteKitFuzz",
    targets: [
        .systemLibrary(name: "CYAML", path: "Linked/CYAML", pkgConfig: "yaml-0.1"),
        .target(name: "RouteKit", path: "Linked/RouteKit"),
        .target(name: "RouteKitYAML", dependencies: ["RouteKit", "CYAML"], path: "Linked/RouteKitYAML"),
        .systemLibrary(name: "CSodium", path: "Linked/CSodium", pkgConfig: "libsodium"),
        .target(name: "RouteKitSodium", dependencies: ["RouteKit", "CSodium"], path: "Linked/RouteKitSodium"),
        .target(name: "FuzzSupport", dependencies: ["RouteKit", "RouteKitYAML"], path: "FuzzSupport"),
    ] + fuzzTargets.map { name in
        .executableTarget(
            name: name,
            // The compiled-table target also reads signed tables, signed and verified with libsodium.
            dependencies: ["FuzzSupport", "RouteKit", "RouteKitYAML"] + (name == "FuzzCompiledTable" ? ["RouteKitSodium"] : []),
            path: name)
    },
    swiftLanguageModes: [.v6]
)
