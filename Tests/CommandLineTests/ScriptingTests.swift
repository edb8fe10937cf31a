import AppTesting
import Foundation
import LocalProcesses
import MoodKit
import MoodStore
import Testing

/// The command line as a script uses it: `edit` with a short id, errors in one line, nothing
/// made by mistake.
@Suite(.ownThread) struct ScriptingTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-script-\(UUID().uuidString)")
    var journal: String { folder.appendingPathComponent("journal.sqlite").path }

    private func moodtui(_ arguments: String...) throws -> ProcessResult {
        try ProcessResult.moodtui(arguments + ["--journal", journal])
    }

    private func listed() throws -> [[String: Any]] {
        let result = try moodtui("list", "--json")
        try #require(result.status == 0, "\(result.standardError)")
        return try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]] ?? []
    }

    private func add(_ note: String) throws -> String {
        let added = try moodtui("add", "--level", "meh", "--note", note, "--date", "2026-11-20T08:30:00Z")
        try #require(added.status == 0, "\(added.standardError)")
        return added.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func editChangesOnlyWhatItIsGivenAndTakesTheStartOfAnID() throws {
        let id = try add("first note")
        let edited = try moodtui("edit", String(id.prefix(6)).lowercased(), "--level", "great", "--date", "2026-11-21 09:15")
        #expect(edited.status == 0, "\(edited.standardError)")
        #expect(edited.standardOutput.contains(id))
        var mood = try #require(try listed().first)
        #expect(mood["level"] as? Int == 5)
        #expect(mood["note"] as? String == "first note", "the note was not given, so it is kept")
        let local = try MoodDateInput().date(from: "2026-11-21 09:15", now: Date())
        #expect(mood["date"] as? String == ISO8601DateFormatter().string(from: local).replacingOccurrences(of: "Z", with: ".000Z"))
        #expect(try moodtui("edit", id, "--note", "  second note ").status == 0)
        mood = try #require(try listed().first)
        #expect(mood["note"] as? String == "second note")
        #expect(mood["level"] as? Int == 5)
    }

    @Test func aShortIDThatNamesNoMoodOrSeveralIsRefusedInWords() throws {
        let store = try JournalStore(path: journal)
        let ids = ["3F250000-0000-4000-8000-000000000001", "3F25AAAA-0000-4000-8000-000000000002"].map { UUID(uuidString: $0)! }
        try store.write(origin: .commandLine) { writer in
            for id in ids {
                try writer.insert(Mood(id: id, date: Date(), level: .meh, note: "kept", creatorID: "test", modifiedAt: Date()))
            }
        }
        let ambiguous = try moodtui("edit", "3f25", "--note", "x")
        #expect(ambiguous.status == 1)
        #expect(ambiguous.standardError == "moodtui: the id 3f25 could be \(ids[0].uuidString), \(ids[1].uuidString); give more of it\n")
        let none = try moodtui("delete", "3f26")
        #expect(none.standardError == "moodtui: no mood with an id starting 3f26\n")
        let tooShort = try moodtui("delete", "3f2")
        #expect(tooShort.standardError.contains("at least 4 of its first digits"))
        #expect(try listed().compactMap { $0["note"] as? String } == ["kept", "kept"], "nothing was changed or deleted")
        let unique = try moodtui("delete", "3F25-A")
        #expect(unique.status == 0, "\(unique.standardError)")
        #expect(try listed().compactMap { $0["id"] as? String } == [ids[0].uuidString])
    }

    /// `list`, `delete` and `edit` on a mistyped path made an empty journal there.
    @Test(arguments: [["list"], ["delete", "3f25"], ["edit", "3f25", "--level", "good"]])
    func aJournalThatDoesNotExistIsSaidSoAndNotMade(arguments: [String]) throws {
        let result = try ProcessResult.moodtui(arguments + ["--journal", journal])
        #expect(result.status == 1)
        #expect(result.standardError == "moodtui: there is no journal at \(journal) (moodtui add or the app makes one)\n")
        #expect(!FileManager.default.fileExists(atPath: journal))
    }

    @Test func helpIsACommandAndAnOptionBeforeTheCommandStillPointsAtItsHelp() throws {
        let help = try ProcessResult.moodtui(["help", "edit"])
        #expect(help.status == 0, "\(help.standardError)")
        #expect(help.standardOutput.contains("--level"))
        let misplaced = try ProcessResult.moodtui(["--bogus", "x", "add"])
        #expect(misplaced.standardError.hasSuffix("(see 'moodtui add --help')\n"), "\(misplaced.standardError)")
    }

    @Test func aWholeIDWithoutDashesIsAccepted() throws {
        let id = try add("whole")
        let edited = try moodtui("edit", id.replacingOccurrences(of: "-", with: ""), "--level", "good")
        #expect(edited.status == 0, "\(edited.standardError)")
    }

    @Test func anUnknownCommandListsTheCommands() throws {
        let result = try ProcessResult.moodtui(["lsit"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("moodtui: unknown command 'lsit'; the commands are open, add, list, edit, delete,"))
        #expect(result.standardError.hasSuffix("(see 'moodtui --help')\n"))
    }

    @Test(arguments: [
        (["add"], "moodtui: give --level (in a terminal, moodtui add alone opens the form) (see 'moodtui add --help')"),
        (["edit", "3f25"], "moodtui: nothing to change: give --level, --note, --date, --activity or --scale (see 'moodtui edit --help')"),
        (["list", "--limit=-1"], "moodtui: --limit must be 0 or more, not -1 (see 'moodtui list --help')"),
        (["account", "add"], "moodtui: Missing expected argument '<name>' (see 'moodtui account add --help')"),
    ])
    func anArgumentErrorIsOneLineWithAPointerToTheHelp(arguments: [String], line: String) throws {
        let result = try ProcessResult.moodtui(arguments)
        #expect(result.status == 64)
        #expect(result.standardError == line + "\n")
        #expect(result.standardOutput.isEmpty)
    }
}
