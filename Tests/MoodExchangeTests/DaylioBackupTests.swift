import Foundation
import JournalTesting
@testable import MoodExchange
import MoodKit
import MoodStore
import Synchronization
import Testing
import ZIPFoundation

/// Daylio's backups (`daylio-backup.daylio` is `daylio-backup.json` in base64, zipped as
/// `backup.daylio` by Python's zipfile) into a real journal.
@Suite struct DaylioBackupTests {
    let journal: TemporaryJournal
    let folder: URL

    init() throws {
        journal = try TemporaryJournal()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-backup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    private var fixture: String { DaylioCSVTests.fixture("daylio-backup.daylio") }

    private func moods() throws -> [Mood] {
        try journal.store.read { try $0.moods(.journal, order: .oldestFirst) }
    }

    /// The fixture's JSON, changed by `edit`, zipped into a backup of its own.
    private func backup(_ edit: (inout [String: Any]) -> Void = { _ in }, journalFile: String = "backup.daylio") throws -> String {
        let json = try Data(contentsOf: URL(fileURLWithPath: DaylioCSVTests.fixture("daylio-backup.json")))
        var object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        edit(&object)
        let contents = Data(try JSONSerialization.data(withJSONObject: object).base64EncodedString().utf8)
        let url = folder.appendingPathComponent("\(UUID().uuidString).daylio")
        let archive = try Archive(url: url, accessMode: .create)
        try archive.addEntry(with: journalFile, type: .file, uncompressedSize: Int64(contents.count), compressionMethod: .deflate) { position, size in
            contents.subdata(in: Int(position)..<Int(position) + size)
        }
        return url.path
    }

    @Test func eachEntryKeepsItsMomentLevelNoteAndActivities() throws {
        #expect(try ImportFormat.recognize(path: fixture) == .daylioBackup)
        let result = try Importer.write(try DaylioBackupSource(path: fixture), mapping: .daylio, into: journal.store, skipBadRows: false)
        #expect(result.added == 4 && result.renamedActivities.keys.sorted() == ["movies & tv"])
        let moods = try moods()
        #expect(moods.map(\.level) == [.good, .good, .great, .awful], "mood group 1 is the best; a renamed mood keeps its group's level")
        #expect(moods.map { ISO8601.string(from: $0.date) } == [
            "2023-07-08T09:00:00.000Z", "2023-07-08T09:00:00.000Z", "2023-07-09T18:10:00.000Z", "2023-07-10T07:45:00.000Z",
        ])
        #expect(moods[2].note == "Lazy Sunday\nFilms, tea, \"naps\"")
        #expect(moods[3].note == "Slept badly\nagain")
        #expect(moods.map { $0.activities.names.map(\.text) } == [["work"], ["work"], ["family", "movies-tv"], []])
    }

    @Test func aBackupAndACSVExportOfTheSameEntriesImportOnce() throws {
        var mapping = LevelMapping.daylio
        mapping.place("super", at: .great)
        let csv = try DaylioCSVSource(try FileChunks(path: DaylioCSVTests.fixture("daylio-note-title.csv")), timeZone: DaylioCSVTests.utc)
        #expect(try Importer.write(csv, mapping: mapping, into: journal.store, skipBadRows: false).added == 3)
        let result = try Importer.write(try DaylioBackupSource(path: fixture), mapping: .daylio, into: journal.store, skipBadRows: false)
        #expect(result.added == 1 && result.alreadyThere == 3, "only the entry the CSV does not hold")
        #expect(try moods().count == 4)
    }

    @Test func anEntryWithAMoodOrTagTheBackupDoesNotListIsABadRow() throws {
        let path = try backup { object in
            var entries = object["dayEntries"] as! [[String: Any]]
            entries[1]["mood"] = 99
            entries[2]["tags"] = [1, 42]
            object["dayEntries"] = entries
        }
        var source: any ImportSource = try DaylioBackupSource(path: path)
        let rows = try Importer.survey(&source).badRows.named
        #expect(rows.map(\.line) == [2, 3] && rows.map(\.column) == ["mood", "tags"] && rows.map(\.value) == ["99", "42"])
        #expect(throws: ImportError.badRow(rows[0])) {
            try Importer.write(try DaylioBackupSource(path: path), mapping: .daylio, into: journal.store, skipBadRows: false)
        }
        #expect(try moods().isEmpty, "a bad entry imports nothing")
    }

    @Test func clockFieldsOutsideTheirRangesAreBadRowsNotACrash() throws {
        let crafted: [(field: String, value: Any)] = [
            ("month", Int.max), ("month", 12), ("month", -1), ("year", Int.min), ("year", 10_000), ("day", 0), ("day", 32),
            ("hour", 24), ("minute", Int.max), ("datetime", Int64.max), ("datetime", Int64.min),
        ]
        let path = try backup { object in
            var entries = object["dayEntries"] as! [[String: Any]]
            entries = crafted.map { field, value in
                var entry = entries[0]
                entry[field] = value
                return entry
            }
            object["dayEntries"] = entries
        }
        var source: any ImportSource = try DaylioBackupSource(path: path)
        let rows = try Importer.survey(&source).badRows
        #expect(rows.count == crafted.count, "\(rows.named)")
        #expect(rows.named.map(\.column) == crafted.prefix(BadRows.namedLimit).map(\.field))
        #expect(rows.named.allSatisfy { $0.description.contains("is not") }, "\(rows.named.map(\.description))")
        #expect(try moods().isEmpty)
    }

    @Test func aFileThatIsNoDaylioBackupSaysWhatItLacks() throws {
        let otherZip = try backup(journalFile: "notes.txt")
        let notZip = folder.appendingPathComponent("plain.daylio").path
        try Data("hello".utf8).write(to: URL(fileURLWithPath: notZip))
        let notJournal = try backup { object in object = ["version": 15] }
        for path in [otherZip, notZip, notJournal] {
            #expect {
                _ = try DaylioBackupSource(path: path)
            } throws: { error in
                guard case ImportError.notThisFormat(path, "Daylio backup", _) = error else { return false }
                return "\(error)".contains("is not a Daylio backup")
            }
        }
    }

    @Test func aJournalLargerThanTheLimitIsRefusedBeforeItIsRead() throws {
        #expect(throws: ImportError.tooLarge(path: fixture, limit: 1_000)) { try DaylioBackupSource(path: fixture, maximumBytes: 1_000) }
    }

    /// A backup whose compressed journal does not end before the file does (the fuzzer made it)
    /// kept `moodtui import` reading for ever. The reading runs on a thread of its own here, so
    /// that the hang it was fails the test in a minute rather than stopping the run.
    @Test func aBackupWhoseCompressedJournalNeverEndsIsRefusedNotReadForEver() async throws {
        let file = DaylioCSVTests.fixture("daylio-backup-deflate-never-ends.daylio")
        let outcome = Mutex<Result<Void, any Error>?>(nil)
        Thread.detachNewThread {
            let result = Result { _ = try DaylioBackupSource(path: file) }
            outcome.withLock { $0 = result }
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while outcome.withLock({ $0 }) == nil, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        let result = try #require(outcome.withLock { $0 }, "still reading after a minute")
        #expect(throws: ImportError.notThisFormat(path: file, format: ImportFormat.daylioBackup.name, reason: "it is no zip holding backup.daylio")) {
            try result.get()
        }
    }

    @Test func aBackupGivenAsATextFormatSaysItIsAZip() {
        #expect {
            _ = try ImportFormat.daylio.open(path: fixture)
        } throws: { error in
            "\(error)".contains("is not a Daylio CSV: it is a zip; import a Daylio backup with --format daylio-backup")
        }
    }
}
