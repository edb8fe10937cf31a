// swift-tools-version:6.1
import PackageDescription

/// moodtui's fuzz targets: one executable each, run by libFuzzer's driver, for a place where bytes
/// from outside become values. A package of their own, so that the project's build and
/// `swift test` never see them: they link only with `-sanitize=fuzzer,address`, which supplies
/// the driver. `.ci/fuzz` builds and runs them; the README beside this file says how.
let package = Package(
    name: "moodtui-fuzz",
    dependencies: [
        .package(name: "moodtui", path: "../.."),
        // The same versions the project resolves; the request guard's target runs the server.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .target(name: "CFuzzingEngine"),
        .target(name: "FuzzingSupport", dependencies: ["CFuzzingEngine"]),
        .executableTarget(name: "FuzzKeyDecoder", dependencies: ["FuzzingSupport", .product(name: "TerminalUI", package: "moodtui")]),
        .executableTarget(name: "FuzzDateInput", dependencies: ["FuzzingSupport", .product(name: "MoodKit", package: "moodtui")]),
        .executableTarget(name: "FuzzImports", dependencies: ["FuzzingSupport", .product(name: "MoodExchange", package: "moodtui")]),
        .executableTarget(name: "FuzzSecrets", dependencies: ["FuzzingSupport", .product(name: "MoodSealing", package: "moodtui")]),
        .executableTarget(
            name: "FuzzSealedMoods",
            dependencies: [
                "FuzzingSupport", .product(name: "MoodSealing", package: "moodtui"), .product(name: "SyncProtocol", package: "moodtui"),
                .product(name: "MoodKit", package: "moodtui"),
            ]),
        .executableTarget(
            name: "FuzzWireJSON",
            dependencies: ["FuzzingSupport", .product(name: "MoodSealing", package: "moodtui"), .product(name: "SyncProtocol", package: "moodtui")]),
        .executableTarget(
            name: "FuzzRequestGuard",
            dependencies: [
                "FuzzingSupport", .product(name: "MoodServer", package: "moodtui"), .product(name: "ServerStorage", package: "moodtui"),
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "Logging", package: "swift-log"),
            ]),
    ]
)
