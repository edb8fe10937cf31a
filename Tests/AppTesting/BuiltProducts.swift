import Foundation
import LocalProcesses

/// Where `swift build` put the package's executables, for tests that run the real binary.
public enum BuiltProducts {
    /// The `moodtui` binary built with the tests.
    public static var moodtui: URL {
        get throws {
            let candidates = [
                Bundle.main.bundleURL.appendingPathComponent("moodtui"),
                Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("moodtui"),
                URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent().appendingPathComponent(".build/debug/moodtui"),
            ]
            guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                throw SetupError("no moodtui binary next to the tests; looked at \(candidates.map(\.path))")
            }
            return found
        }
    }
}

extension ProcessResult {
    /// Runs the built `moodtui` with `arguments`.
    public static func moodtui(_ arguments: [String], environment: [String: String]? = nil) throws -> ProcessResult {
        try run(try BuiltProducts.moodtui, arguments, environment: environment)
    }
}

extension PostgresCluster {
    /// A cluster of its own that also takes TLS connections with `certificates`' server
    /// certificate (for `localhost`); the caller stops it.
    public static func start(tls certificates: TestCertificates) throws -> PostgresCluster {
        try start(tlsChain: certificates.chain, key: certificates.key)
    }
}
