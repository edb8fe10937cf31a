import AppTesting
import Foundation
import LocalProcesses
import Testing

/// `moodtui export` as a person runs it: to standard output or a private file, within dates, and
/// back in with `moodtui import`.
@Suite(.ownThread) struct ExportCommandTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-export-\(UUID().uuidString)")
    var journal: String { folder.appendingPathComponent("journal.sqlite").path }

    private func moodtui(_ arguments: [String], journal: String? = nil) throws -> ProcessResult {
        try ProcessResult.moodtui(arguments + ["--journal", journal ?? self.journal], environment: ["TZ": "UTC"])
    }

    @Test func anExportIsAPrivateFileThatImportsIntoAnotherJournalAsTheSameList() throws {
        for (day, note) in [("2026-01-01", "first"), ("2026-01-02", "second, \"quoted\""), ("2026-01-03", "third")] {
            _ = try moodtui(["add", "--level", "good", "--note", note, "--activity", "run", "--date", "\(day)T08:30:00Z"])
        }
        let file = folder.appendingPathComponent("moods.json").path
        _ = FileManager.default.createFile(atPath: file, contents: Data("an older export".utf8), attributes: [.posixPermissions: 0o644])
        let exported = try moodtui(["export", "--output", file])
        #expect(exported.status == 0 && exported.standardError.contains("Exported 3 moods to"), "\(exported.standardError)")
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600, "even where a file others could read was")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("partial") }.isEmpty)

        let other = folder.appendingPathComponent("other.sqlite").path
        let imported = try moodtui(["import", file], journal: other)
        #expect(imported.standardOutput.contains("(moodtui JSON): 3 moods added."), "\(imported.standardError)")
        // What makes the list; when each was changed and its sync state belong to each journal.
        let list = { (path: String) -> [String] in
            let moods = try JSONSerialization.jsonObject(with: Data(try moodtui(["list", "--json"], journal: path).standardOutput.utf8)) as? [[String: Any]] ?? []
            return moods.map { mood in ["id", "date", "level", "note", "activities", "creatorID"].map { "\(mood[$0] ?? "-")" }.joined(separator: " ") }
        }
        #expect(try list(other) == list(journal), "the same ids, dates, notes, activities and devices")
        #expect(try list(other).count == 3)

        let window = try moodtui(["export", "--format", "csv", "--since", "2026-01-02", "--until", "2026-01-02"])
        #expect(window.standardOutput == """
            full_date,date,weekday,time,mood,activities,scales,note_title,note
            2026-01-02,January 2,Friday,08:30,good,run,,,"second, ""quoted\"\"\"

            """)
    }

    /// `--since today` meant now, and left out the morning's moods.
    @Test func sinceTodayStartsAtTheDaysStart() throws {
        _ = try moodtui(["add", "--level", "good", "--note", "early", "--date", "today 00:00"])
        _ = try moodtui(["add", "--level", "good", "--note", "the day before", "--date", "yesterday 23:59"])
        let today = try moodtui(["export", "--format", "markdown", "--since", "today"]).standardOutput
        #expect(today.contains("early") && !today.contains("the day before"), "\(today)")
    }

    @Test func aDateRangeBackwardsOrAMissingJournalIsRefusedInWords() throws {
        let backwards = try moodtui(["export", "--since", "2026-02-01", "--until", "2026-01-01"])
        #expect(backwards.status != 0 && backwards.standardError.contains("comes after"))
        let missing = try moodtui(["export"])
        #expect(missing.status != 0 && missing.standardError.contains("there is no journal"))
    }
}
