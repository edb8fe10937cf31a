import AppTesting
import Foundation
import LocalProcesses
import Testing

/// `moodtui import` as a person runs it: a dry run first, levels for renamed moods, and a second
/// run that adds nothing.
@Suite(.ownThread) struct ImportCommandTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-import-\(UUID().uuidString)")
    var journal: String { folder.appendingPathComponent("journal.sqlite").path }

    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/exchange/\(name)").path
    }

    private func moodtui(_ arguments: String...) throws -> ProcessResult {
        try ProcessResult.moodtui(arguments + ["--journal", journal], environment: ["TZ": "UTC"])
    }

    private func listedNotes() throws -> [String] {
        let output = try moodtui("list", "--json").standardOutput
        let moods = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]] ?? []
        return moods.map { $0["note"] as? String ?? "?" }
    }

    @Test func aDryRunShowsTheMoodsLevelsAndRenamesAndWritesNothing() throws {
        let dry = try moodtui("import", Self.fixture("daylio-note-title.csv"), "--dry-run")
        #expect(dry.status == 0, "\(dry.standardError)")
        #expect(dry.standardOutput.contains("Daylio CSV, 3 entries from 2023-07-08 to 2023-07-09"))
        #expect(dry.standardOutput.contains("super → ?"))
        #expect(dry.standardOutput.contains("good  → 4 good  (2 entries)"))
        #expect(dry.standardOutput.contains("renamed: movies & tv → movies-tv"))
        #expect(!FileManager.default.fileExists(atPath: journal), "not even a journal is made")
    }

    @Test func aMoodWithoutALevelIsRefusedWithTheMapToGiveThenImportedOnceWithIt() throws {
        let refused = try moodtui("import", Self.fixture("daylio-note-title.csv"))
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("“super” (1 entry)") && refused.standardError.contains("--map \"super=4\""))
        #expect(try listedNotes().isEmpty, "nothing was written")

        let imported = try moodtui("import", Self.fixture("daylio-note-title.csv"), "--map", "super=great")
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput.contains("3 moods added."))
        let again = try moodtui("import", Self.fixture("daylio-note-title.csv"), "--map", "super=great", "--format", "daylio")
        #expect(again.standardOutput.contains("0 moods added, 3 already in the journal."))
        let listed = try moodtui("list", "--json").standardOutput
        #expect(!listed.contains("modifiedAt"), "no change is recorded for an imported mood: \(listed)")
        #expect(try listedNotes().count == 3)
    }

    @Test func aBadEntryImportsNothingAndNamesItsLineUnlessSkipped() throws {
        let file = folder.appendingPathComponent("bad.csv")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("full_date,date,weekday,time,mood,activities,note\n2024-01-02,x,y,9:00,rad,,kept\n2024-01-01,x,y,9:99,good,,bad time\n".utf8)
            .write(to: file)
        let refused = try moodtui("import", file.path)
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("line 3, time “9:99”"), "\(refused.standardError)")
        #expect(refused.standardError.contains("Nothing was imported"))
        let skipped = try moodtui("import", file.path, "--skip-bad-rows")
        #expect(skipped.status == 0)
        #expect(skipped.standardOutput.contains("1 mood added, 1 skipped."))
        #expect(skipped.standardError.contains("Skipped 1 entry:") && skipped.standardError.contains("line 3"))
        #expect(try listedNotes() == ["kept"])
    }

    @Test func daylioScalesBecomeScalesMadeOfTheirValuesAndComeBackThroughMoodtuiJSON() throws {
        let dry = try moodtui("import", Self.fixture("daylio-scales.csv"), "--dry-run")
        #expect(dry.standardOutput.contains("  stress        → a whole number from 1 to 5 (1 value)"), "\(dry.standardOutput)")
        #expect(dry.standardOutput.contains("  sleep-quality → a whole number from 1 to 5 (1 value)"))

        let imported = try moodtui("import", Self.fixture("daylio-scales.csv"))
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput.contains(
            "2 moods added.\nScales added: stress (a whole number from 1 to 5), sleep-quality (a whole number from 1 to 5)"), "\(imported.standardOutput)")
        #expect(try moodtui("list", "--json").standardOutput.contains(#""scales":{"sleep-quality":2,"stress":4}"#))

        let exported = folder.appendingPathComponent("moods.json").path
        #expect(try moodtui("export", "--output", exported).status == 0)
        let otherJournal = folder.appendingPathComponent("other.sqlite").path
        let again = try ProcessResult.moodtui(["import", exported, "--journal", otherJournal], environment: ["TZ": "UTC"])
        #expect(again.standardOutput.contains("Scales added: sleep-quality (a whole number from 1 to 5), stress (a whole number from 1 to 5)"),
            "\(again.standardOutput)\(again.standardError)")
        let copy = folder.appendingPathComponent("copy.json").path
        #expect(try ProcessResult.moodtui(["export", "--output", copy, "--journal", otherJournal], environment: ["TZ": "UTC"]).status == 0)
        #expect(FileManager.default.contents(atPath: copy) == FileManager.default.contents(atPath: exported))
    }

    @Test func aFileOfNoKnownFormatSaysHowToNameOne() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("other.csv")
        try Data("a,b\n1,2\n".utf8).write(to: file)
        let result = try moodtui("import", file.path)
        #expect(result.status != 0 && result.standardError.contains("--format (json, daylio, daylio-backup, jrnl, pixels)"))
    }

    @Test func anEmptyFileSaysSo() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("empty.csv")
        try Data().write(to: file)
        let result = try moodtui("import", file.path)
        #expect(result.status != 0 && result.standardError.contains("empty.csv is empty; nothing was imported"))
    }
}
