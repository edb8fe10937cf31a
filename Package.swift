// swift-tools-version:6.1
import PackageDescription

/// moodtui: a terminal mood journal with a live list and background sync.
///
/// Targets are layered and dependencies point down only:
///
/// - `moodtui-launcher` is the `moodtui` people run: it answers `moodtui prompt` through
///   `JournalPeek` (today's moods straight from SQLite) and `MoodConfig` (config.toml and where
///   things are; neither uses Foundation), and execs `moodtui-core` for every other command.
/// - `moodtui` (the product `moodtui-core`), the composition root, uses everything below and
///   alone picks the server's storage back end.
/// - The app: `MoodListScreen` (the ncurses view) → `MoodListModule` (VIPER: interactor,
///   presenter, router) and `TerminalUI` (→ `CNCurses`, the ncursesw shim); `MoodListModule` →
///   `CacheTracking` (batches from the change log) and `MoodInsights` (counts kept live).
/// - The journal: `MoodExchange` (imports and exports), `MoodReport` (the doctor's HTML page, from
///   `MoodInsights`' figures), `CacheTracking` and `MoodInsights` → `MoodStore` (GRDB, the change
///   log, the watcher) → `MoodKit` (the model; no dependencies).
/// - Sync on the device: `MoodSync` (the engine and the HTTP client) → `MoodStore`, `MoodSealing`
///   (the account key, sealed moods) and `SyncProtocol` (the wire types both sides share).
/// - The server: `MoodServer` (HTTP routes, middleware, connection guard, push) →
///   `ServerStorage` (the storage protocol, its rules, the in-memory back end) ←
///   `SQLiteServerStorage` and `PostgresServerStorage`; all → `SyncProtocol`.
/// - `FileWatching` (inotify), `PrivateFiles` (0600 files in 0700 folders) and `DedicatedThreads`
///   (blocking work off the concurrency pool) depend on nothing.
/// - `LocalProcesses` (programs started and waited for, a throwaway PostgreSQL cluster) depends
///   only on `CSpawn` (posix_spawn's close-from action): `moodtui` runs `systemctl` and `crontab` through it for the reminder,
///   `moodtui-bench` starts PostgreSQL and the tests' `AppTesting` both.
/// - `moodtui-bench` measures the library targets, and both programs as processes.
///
/// Linux only (no `platforms`: they name Apple systems): the journal watcher uses inotify, the
/// terminal wide-character ncurses from `<ncursesw/curses.h>`, and the tests glibc.
let package = Package(
    name: "moodtui",
    products: [
        .executable(name: "moodtui", targets: ["moodtui-launcher"]),
        .executable(name: "moodtui-core", targets: ["moodtui"]),
        // For the fuzz targets in Tests/Fuzz, a package of their own: what they read bytes with.
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .library(name: "MoodKit", targets: ["MoodKit"]),
        .library(name: "MoodExchange", targets: ["MoodExchange"]),
        .library(name: "SyncProtocol", targets: ["SyncProtocol"]),
        .library(name: "MoodSealing", targets: ["MoodSealing"]),
        .library(name: "MoodSync", targets: ["MoodSync"]),
        .library(name: "ServerStorage", targets: ["ServerStorage"]),
        .library(name: "MoodServer", targets: ["MoodServer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // Certificates made in TLS tests (a private CA and a server certificate signed by it).
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        // Tests only: Daylio backups written by another zip writer than the one moodtui reads
        // them with (MoodExchange's ZipMember), and the inflating of screenshots' PNGs.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        // The PostgreSQL back end, for a server many people share: a pool, LISTEN/NOTIFY.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // The server's /metrics: swift-metrics is the API the code records through (Hummingbird and
        // postgres-nio speak it too); swift-prometheus turns it into Prometheus's text format.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // `swift package preview-documentation --target MoodSync`: the DocC catalogs of MoodSync,
        // CacheTracking, MoodServer and SyncProtocol.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: - Model and storage

        .target(name: "MoodKit"),
        .target(name: "PrivateFiles"),
        .target(name: "FileWatching"),
        .target(name: "DedicatedThreads"),
        .target(
            name: "MoodStore",
            dependencies: [
                "MoodKit", "FileWatching", "PrivateFiles", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .target(name: "CacheTracking", dependencies: ["MoodKit", "MoodStore"]),
        .target(name: "MoodInsights", dependencies: ["MoodKit", "MoodStore"]),
        // Other apps' exports in, the journal out.
        .target(
            name: "MoodExchange",
            dependencies: [
                "MoodKit", "MoodStore", "CInflate", .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(name: "MoodReport", dependencies: ["MoodKit", "MoodInsights"]),
        .systemLibrary(name: "CInflate", path: "Sources/CInflate"),

        // MARK: - The mood list screen (VIPER)

        .target(name: "MoodListModule", dependencies: ["MoodKit", "MoodStore", "CacheTracking", "MoodInsights"]),
        .systemLibrary(name: "CNCurses", path: "Sources/CNCurses", providers: [.apt(["libncursesw5-dev"])]),
        .target(name: "TerminalUI", dependencies: ["CNCurses"]),
        .target(name: "MoodListScreen", dependencies: ["MoodKit", "MoodInsights", "MoodListModule", "TerminalUI"]),

        // MARK: - Sync server

        .target(name: "SyncProtocol", dependencies: ["MoodKit", .product(name: "Crypto", package: "swift-crypto")]),
        // The server's storage: the protocol the routes see, the rules every back end applies
        // inside its transactions, and the in-memory reference back end.
        .target(
            name: "ServerStorage",
            dependencies: ["MoodKit", "SyncProtocol", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // One target per heavy dependency: each back end brings its database driver.
        .target(
            name: "SQLiteServerStorage",
            dependencies: [
                "ServerStorage", "MoodKit", "SyncProtocol", "PrivateFiles", "FileWatching",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .target(
            name: "PostgresServerStorage",
            dependencies: [
                "ServerStorage", "MoodKit", "SyncProtocol",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The HTTP server: routes, middleware, the connection guard, push. It sees only the
        // storage protocol; the executable picks the back end.
        .target(
            name: "MoodServer",
            dependencies: [
                "ServerStorage", "MoodKit", "SyncProtocol",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),

        // MARK: - Sync engine (client side)

        // Moods sealed on the device for the server, which keeps them but cannot read them.
        .target(name: "MoodSealing", dependencies: ["SyncProtocol", "MoodKit", .product(name: "Crypto", package: "swift-crypto")]),
        .target(
            name: "MoodSync",
            dependencies: [
                "MoodKit", "MoodStore", "SyncProtocol", "MoodSealing",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // MARK: - Command line (composition root)

        // The `moodtui` a person runs: `prompt` answered at once, everything else handed to
        // `moodtui-core` (the target `moodtui`) by exec.
        // Linked whole (no dynamic loader, no shared libraries): it starts in a fraction of the
        // time, which is the point of it. No test target may depend on it, or the flag would
        // reach the test bundle; `swift build --build-tests` builds it with everything else.
        .executableTarget(
            name: "moodtui-launcher", dependencies: ["JournalPeek", "MoodConfig"],
            linkerSettings: [.unsafeFlags(["-static-executable"])]),
        .target(name: "JournalPeek", dependencies: [.product(name: "GRDBSQLite", package: "GRDB.swift")]),
        // config.toml, read by both programs, without Foundation.
        .target(name: "MoodConfig"),

        .executableTarget(
            name: "moodtui",
            dependencies: [
                "MoodKit", "MoodStore", "CacheTracking", "MoodInsights", "MoodExchange", "MoodReport", "MoodListModule", "TerminalUI", "MoodListScreen", "MoodSync", "MoodSealing", "SyncProtocol", "PrivateFiles", "DedicatedThreads",
                "LocalProcesses", "JournalPeek", "MoodConfig",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                "MoodServer", "ServerStorage", "SQLiteServerStorage", "PostgresServerStorage",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),

        // MARK: - Benchmark

        .executableTarget(
            name: "moodtui-bench",
            dependencies: [
                "MoodKit", "MoodStore", "CacheTracking", "MoodInsights", "MoodExchange", "MoodListModule", "MoodListScreen", "TerminalUI", "MoodSync", "MoodSealing",
                "SyncProtocol",
                // Its throwaway PostgreSQL cluster, as the tests start theirs.
                "LocalProcesses", "DedicatedThreads", "JournalPeek",
                // The limit of the server's writes: its back ends in process, without HTTP.
                "ServerStorage", "SQLiteServerStorage", "PostgresServerStorage",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                // Ten thousand push sockets as channels, without a task each.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            // How each case is measured and the latest results, beside the code.
            exclude: ["README.md"]
        ),

        // MARK: - Tests

        // Programs started and waited for, and a throwaway PostgreSQL cluster: for the reminder,
        // the tests and the benchmark alike.
        .target(name: "LocalProcesses", dependencies: ["CSpawn"]),
        .systemLibrary(name: "CSpawn", path: "Sources/CSpawn"),
        .testTarget(name: "MoodKitTests", dependencies: ["MoodKit", "AppTesting"]),
        .testTarget(name: "FileWatchingTests", dependencies: ["FileWatching"]),
        .testTarget(name: "MoodConfigTests", dependencies: ["MoodConfig"]),
        .target(
            name: "JournalTesting", dependencies: ["MoodKit", "MoodStore", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Tests/JournalTesting"),
        .testTarget(
            name: "MoodStoreTests", dependencies: ["MoodStore", "JournalTesting", "AppTesting", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "MoodInsightsTests", dependencies: ["MoodInsights", "MoodKit", "MoodStore", "JournalTesting", "AppTesting"]),
        .testTarget(name: "MoodReportTests", dependencies: ["MoodReport", "MoodInsights", "MoodKit"]),
        .testTarget(
            name: "MoodExchangeTests",
            dependencies: ["MoodExchange", "MoodKit", "MoodStore", "JournalTesting", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        .testTarget(name: "CacheTrackingTests", dependencies: ["CacheTracking", "MoodStore", "JournalTesting", "AppTesting"]),
        .testTarget(name: "MoodListModuleTests", dependencies: ["MoodListModule", "MoodInsights", "MoodKit", "JournalTesting", "CacheTracking", "MoodStore", "AppTesting"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"]),
        .testTarget(name: "MoodListScreenTests", dependencies: ["MoodListScreen", "MoodListModule", "MoodInsights", "MoodKit", "TerminalUI", "AppTesting"]),
        .target(
            name: "AppTesting",
            dependencies: [
                "SyncProtocol", "LocalProcesses", .product(name: "X509", package: "swift-certificates"), .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            path: "Tests/AppTesting"),
        .testTarget(name: "AppTestingTests", dependencies: ["AppTesting", "LocalProcesses"]),
        .testTarget(name: "CommandLineTests", dependencies: ["moodtui", "AppTesting", "LocalProcesses", "JournalTesting", "MoodKit", "MoodStore"]),
        .testTarget(
            name: "TerminalAppTests",
            dependencies: ["moodtui", "AppTesting", "LocalProcesses", "JournalTesting", "MoodKit", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(name: "SyncProtocolTests", dependencies: ["SyncProtocol", "SyncTesting", "MoodKit"]),
        .target(name: "SyncTesting", dependencies: ["MoodSync", "ServerStorage", "SyncProtocol", "MoodKit", "AppTesting"], path: "Tests/SyncTesting"),
        .testTarget(
            name: "MoodSyncTests",
            dependencies: ["MoodSync", "SyncTesting", "JournalTesting", "AppTesting", "MoodStore", "MoodKit", "SyncProtocol", "MoodSealing", "ServerStorage"]
        ),
        .testTarget(
            name: "MoodSealingTests",
            dependencies: ["MoodSealing", "SyncProtocol", "MoodKit", "AppTesting", .product(name: "Crypto", package: "swift-crypto")]),
        .testTarget(
            name: "SyncDeviceTests",
            dependencies: [
                "moodtui", "MoodSync", "MoodSealing", "AppTesting", "LocalProcesses", "JournalTesting", "MoodStore", "MoodKit", "SyncProtocol", "MoodExchange",
                "SyncTesting", "MoodServer", "ServerStorage", "SQLiteServerStorage", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "MoodServerTests",
            dependencies: [
                "MoodServer", "ServerStorage", "SQLiteServerStorage", "PostgresServerStorage", "SyncProtocol", "SyncTesting", "MoodKit",
                "MoodSealing", "moodtui", "AppTesting", "LocalProcesses", "JournalTesting",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
