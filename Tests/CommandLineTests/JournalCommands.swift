import AppTesting
import Foundation
import LocalProcesses
import Testing

/// The `moodtui` binary run on one temporary journal, as a test of its commands runs it.
struct JournalCommands {
    let journal: String

    init(named name: String) {
        journal = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-\(name)-\(UUID().uuidString)")
            .appendingPathComponent("journal.sqlite").path
    }

    /// `moodtui ARGUMENTS --journal JOURNAL`, whatever its status.
    func run(_ arguments: [String]) throws -> ProcessResult {
        try ProcessResult.moodtui(arguments + ["--journal", journal])
    }

    /// Its output, trimmed; the test stops when it fails.
    func succeeded(_ arguments: [String]) throws -> String {
        let result = try run(arguments)
        try #require(result.status == 0, "\(arguments): \(result.standardError)")
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
