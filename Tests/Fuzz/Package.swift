// swift-tools-version:6.1
import PackageDescription

/// moodtui's fuzz targets: one executable each, run by libFuzzer's driver, for a place where bytes
/// from outside become values. A package of their own, so that the project's build and
/// `swift test` never see them: they link only with `-sanitize=fuzzer,address`, which supplies
/// the driver. `.ci/fuzz` builds and runs them; the README beside this file says how.
let package = Package(
    name: "moodtui-fuzz",
    dependencies: [.package(name: "moodtui", path: "../..")],
    targets: [
        .target(name: "CFuzzingEngine"),
        .target(name: "FuzzingSupport", dependencies: ["CFuzzingEngine"]),
        .executableTarget(name: "FuzzKeyDecoder", dependencies: ["FuzzingSupport", .product(name: "TerminalUI", package: "moodtui")]),
        .executableTarget(name: "FuzzDateInput", dependencies: ["FuzzingSupport", .product(name: "MoodKit", package: "moodtui")]),
        .executableTarget(name: "FuzzImports", dependencies: ["FuzzingSupport", .product(name: "MoodExchange", package: "moodtui")]),
    ]
)
