import Foundation

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
                throw TestSetupError("no moodtui binary next to the tests; looked at \(candidates.map(\.path))")
            }
            return found
        }
    }
}

/// A test could not get what it needs (a binary, tmux): it fails, saying what was missing.
public struct TestSetupError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
