import Foundation
import JournalTesting
@testable import MoodExchange
import MoodKit
import MoodStore
import Testing

/// Exports read back: moodtui's JSON is lossless, Daylio's CSV comes back as the same journal,
/// and the diary and jrnl shapes hold every mood.
@Suite struct ExportTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    /// A file in a temporary folder, and a sink writing to it.
    final class OutputFile {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-export-\(UUID().uuidString)")
        deinit { try? FileManager.default.removeItem(at: url) }
        var text: String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }

        func sink() throws -> TextSink {
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
            return TextSink(try FileHandle(forWritingTo: url))
        }
    }

    static func export(_ journal: TemporaryJournal, _ format: ExportFormat, range: ClosedRange<Date>? = nil) throws -> String {
        let file = OutputFile()
        _ = try Exporter.export(from: journal.store, format: format, range: range, timeZone: Self.berlin, to: try file.sink())
        return file.text
    }

    private func export(_ journal: TemporaryJournal, _ format: ExportFormat, range: ClosedRange<Date>? = nil) throws -> String {
        try Self.export(journal, format, range: range)
    }

    /// A temporary file holding `text`.
    static func file(_ text: String) throws -> OutputFile {
        let file = OutputFile()
        try Data(text.utf8).write(to: file.url)
        return file
    }

    /// Imports `text` as `moodtui import` does: surveyed first for the scales its values need.
    private func importFile(_ text: String, _ format: ImportFormat, into journal: TemporaryJournal) throws -> Importer.Result {
        let file = try Self.file(text)
        var surveyed = try format.open(path: file.url.path, timeZone: Self.berlin)
        let scales = try Importer.survey(&surveyed).scalesToMake
        let source = try format.open(path: file.url.path, timeZone: Self.berlin)
        return try Importer.write(source, mapping: .daylio, scalesToMake: scales, into: journal.store, skipBadRows: false)
    }

    /// Moods of several devices, with milliseconds, line breaks, quotes, commas, emoji and activities.
    private func varied() throws -> TemporaryJournal {
        let journal = try TemporaryJournal()
        let notes = ["", "plain", "two\nlines", "say \"hi\", then <go>", "寿司 🍣", String(repeating: "x", count: MoodNote.maximumLength)]
        try journal.store.write(origin: .ui) { writer in
            for index in 0..<30 {
                let stamp = HybridTimestamp(wallMilliseconds: 1_700_000_000_000, counter: 0, device: "device-\(index % 3)")
                let names = index.isMultiple(of: 4) ? [] : [try ActivityName.normalized("run"), try ActivityName.normalized("sea swim \(index % 2)")]
                try writer.insert(Mood(
                    id: UUID(), date: Date(millisecondsSince1970: 1_600_000_000_123 + Int64(index) * 40_000_007), level: MoodLevel(rawValue: index % 5 + 1)!,
                    note: notes[index % notes.count], creatorID: stamp.device, stamps: MoodStamps(all: stamp),
                    activities: ActivitySet(adding: Set(names), at: stamp)))
            }
        }
        return journal
    }

    @Test func moodtuiJSONImportedIntoAnotherJournalExportsTheSameBytes() throws {
        let original = try varied()
        let exported = try export(original, .json)
        let copy = try TemporaryJournal()
        #expect(try importFile(exported, .json, into: copy) == Importer.Result(added: 30, alreadyThere: 0))
        #expect(try export(copy, .json) == exported, "ids, moments to the millisecond, levels, notes, activities and devices")
        #expect(try importFile(exported, .json, into: copy) == Importer.Result(added: 0, alreadyThere: 30), "a second import adds nothing")
    }

    @Test func daylioCSVThroughOurCSVComesBackAsTheSameJournal() throws {
        let first = try TemporaryJournal(), second = try TemporaryJournal()
        var mapping = LevelMapping.daylio
        mapping.place("super", at: .great)
        for fixture in ["daylio-year.csv", "daylio-scales.csv", "daylio-note-title.csv"] {
            var surveyed = try DaylioCSVSource(try FileChunks(path: DaylioCSVTests.fixture(fixture)), timeZone: Self.berlin)
            let scales = try Importer.survey(&surveyed).scalesToMake
            let source = try DaylioCSVSource(try FileChunks(path: DaylioCSVTests.fixture(fixture)), timeZone: Self.berlin)
            _ = try Importer.write(source, mapping: mapping, scalesToMake: scales, into: first.store, skipBadRows: false)
        }
        let csv = try export(first, .csv)
        #expect(csv.hasPrefix("full_date,date,weekday,time,mood,activities,scales,note_title,note\n"))
        #expect(csv.contains(",reading,sleep-quality: 2 | stress: 4,"), "scales as Daylio writes them, in the order of their names")
        #expect(try importFile(csv, .daylio, into: second).added == 8)
        func content(_ journal: TemporaryJournal) throws -> [String] {
            try journal.store.read { snapshot in
                let scales = try snapshot.scales()
                return try snapshot.moods(.journal, order: .newestFirst).map { mood in
                    let values = scales.compactMap { scale in mood.scales[scale.id].map { "\(scale.name.value)=\($0)" } }
                    return "\(mood.date.millisecondsSince1970) \(mood.level) \(mood.note) \(mood.activities.names.map(\.text)) \(values)"
                }
            }
        }
        #expect(try content(second) == content(first))
    }

    @Test func markdownIsADiaryWithADayPerHeading() throws {
        let journal = try TemporaryJournal()
        try journal.add(.good, note: "walked\nfar", at: 1_700_000_000_000)  // 2023-11-14 22:13 UTC, 23:13 in Berlin
        try journal.add(.bad, note: "", at: 1_700_050_000_000)
        #expect(try export(journal, .markdown) == """
            # Mood journal

            ## Tuesday 14 November 2023

            - 23:13 · good · walked
              far

            ## Wednesday 15 November 2023

            - 13:06 · bad

            """)
    }

    @Test func jrnlHoldsEveryMoodWithItsLevelAsATagAndTheTagCounts() throws {
        let journal = try varied()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(try export(journal, .jrnl).utf8)) as? [String: Any])
        let entries = try #require(object["entries"] as? [[String: Any]])
        #expect(entries.count == 30)
        #expect(Set(entries[0].keys) == ["title", "body", "date", "time", "tags", "starred"])
        #expect((entries[2]["title"] as? String, entries[2]["body"] as? String) == ("two", "lines"))
        let tags = try #require(object["tags"] as? [String: Int])
        #expect(tags["@mood-awful"] == 6 && tags["@run"] == 22)
    }

    @Test func aRangeAndManyPagesExportEachMoodOnceInOrder() throws {
        let journal = try TemporaryJournal()
        try journal.store.write(origin: .ui) { writer in
            for minute in 0..<(Exporter.pageSize * 2 + 500) {
                _ = try writer.add(MoodEntry(level: .meh, note: "\(minute)", date: Date(millisecondsSince1970: 1_700_000_000_000 + Int64(minute) * 60_000)))
            }
        }
        let csvNotes = try export(journal, .csv).split(separator: "\n").dropFirst().map { $0.split(separator: ",").last.map(String.init) ?? "" }
        #expect(csvNotes == (0..<(Exporter.pageSize * 2 + 500)).reversed().map(String.init))
        let start = Date(millisecondsSince1970: 1_700_000_000_000 + 1_000 * 60_000)
        let range = start...start.addingTimeInterval(1_499 * 60)
        let lines = try export(journal, .json, range: range).split(separator: "\n")
        #expect(lines.count == 1_500 + 2)
        #expect(lines[1].contains("\"note\":\"1000\"") && lines[1_500].contains("\"note\":\"2499\""))

        for (format, range) in [(ExportFormat.csv, nil), (.json, range)] {
            var told: [Double] = []
            _ = try Exporter.export(from: journal.store, format: format, range: range, to: try OutputFile().sink()) { told.append($0) }
            #expect(told.count > 2 && told == told.sorted() && told.last == 1, "progress goes one way, page by page, to the end: \(told)")
            #expect((0.3...0.7).contains(told[0]), "the first page is a part of the way: \(told)")
        }
    }
}

/// moodtui's JSON read back line by line.
@Suite struct MoodtuiJSONSourceTests {
    @Test func aBrokenLineIsABadRowWithItsNumberAndTheNextLineStillReads() throws {
        let good = #"{"activities":[],"creatorID":"laptop","date":"2026-01-01T08:30:00.123Z","id":"6D20F091-0544-54DD-B3F6-698AC4CF4539","level":4,"note":"hi"}"#
        var source = try MoodtuiJSONSource(MemoryChunks("[\n\(good.replacingOccurrences(of: "\"level\":4", with: "\"level\":9")),\n{\"id\": 1},\n\(good)\n]\n"))
        #expect(throws: ImportError.badRow(ImportRowError(line: 2, column: "level", value: "9", reason: "is not a level from 1 to 5"))) {
            _ = try source.next()
        }
        #expect {
            _ = try source.next()
        } throws: { error in
            guard case ImportError.badRow(let row) = error else { return false }
            return row.line == 3 && row.reason.contains("one per line")
        }
        let entry = try #require(try source.next())
        #expect(entry.date.millisecondsSince1970 == 1_767_256_200_123 && entry.creatorID == "laptop" && entry.mood == .level(.good))
        #expect(try source.next() == nil)
    }

    @Test func aFileWithAByteOrderMarkIsRecognisedAndRead() throws {
        let good = #"{"activities":[],"creatorID":"laptop","date":"2026-01-01T08:30:00.123Z","id":"6D20F091-0544-54DD-B3F6-698AC4CF4539","level":4,"note":"hi"}"#
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-bom-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data([0xEF, 0xBB, 0xBF] + Array("[\n\(good)\n]\n".utf8)).write(to: file)
        #expect(try ImportFormat.recognize(path: file.path) == .json, "Windows editors put a byte order mark first")
        var source = try ImportFormat.json.open(path: file.path)
        #expect(try source.next()?.note == "hi")
    }
}
