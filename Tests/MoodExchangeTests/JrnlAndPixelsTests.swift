import Foundation
import JournalTesting
@testable import MoodExchange
import MoodKit
import MoodStore
import Testing

/// jrnl's JSON and Pixels backups, as fixture files in their published shapes, into a real journal.
@Suite struct JrnlAndPixelsTests {
    let journal: TemporaryJournal
    static let utc = TimeZone(identifier: "UTC")!

    init() throws {
        journal = try TemporaryJournal()
    }

    private func moods() throws -> [Mood] {
        try journal.store.read { try $0.moods(.journal, order: .oldestFirst) }
    }

    private func iso(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    @Test func eachFixtureIsRecognisedByItsContent() throws {
        let formats = try ["jrnl.json", "pixels.json", "daylio-year.csv", "daylio-scales.csv"].map {
            try ImportFormat.recognize(path: DaylioCSVTests.fixture($0))
        }
        #expect(formats == [.jrnl, .pixels, .daylio, .daylio])
    }

    @Test func jrnlEntriesTakeTheirLevelFromATagAMappedTagOrTheFallback() throws {
        var surveyed = try ImportFormat.jrnl.open(path: DaylioCSVTests.fixture("jrnl.json"), timeZone: Self.utc)
        let survey = try Importer.survey(&surveyed)
        #expect(survey.unmapped(by: .daylio) == [MoodLabel.noLevel: 2])
        var mapping = LevelMapping.daylio
        try mapping.place(mapText: "@happy=5")
        #expect(survey.unmapped(by: mapping) == [MoodLabel.noLevel: 1])
        mapping.fallback = .meh
        #expect(survey.unmapped(by: mapping).isEmpty)

        let source = try ImportFormat.jrnl.open(path: DaylioCSVTests.fixture("jrnl.json"), timeZone: Self.utc)
        #expect(try Importer.write(source, mapping: mapping, into: journal.store, skipBadRows: false).added == 3)
        let moods = try moods()
        #expect(moods.map(\.level) == [.meh, .great, .good])
        #expect(moods.map(\.date) == [iso("2024-05-02T09:30:00Z"), iso("2024-05-04T15:00:00Z"), iso("2024-05-05T08:00:00Z")])
        #expect(moods[0].note == "Standup went long.\nThen a good lunch.")
        #expect(moods.map { $0.activities.names.map(\.text) } == [["work"], ["happy"], ["work"]], "the level's tag is not an activity")
    }

    @Test func pixelsDaysBecomeAMoodPerScoreAtNoonWithTheirNoteAndTags() throws {
        let source = try ImportFormat.pixels.open(path: DaylioCSVTests.fixture("pixels.json"), timeZone: Self.utc)
        #expect(try Importer.write(source, mapping: .daylio, into: journal.store, skipBadRows: false).added == 3)
        let moods = try moods()
        #expect(moods.map(\.level) == [.good, .bad, .great])
        #expect(moods.map(\.date) == [iso("2024-01-05T12:00:00Z"), iso("2024-01-06T12:00:00Z"), iso("2024-01-06T12:00:00Z")])
        #expect(moods[0].note == "Quiet day, \"finally\"")
        #expect(moods[0].activities.names.map(\.text) == ["calm", "grateful", "reading"])
        #expect(Set(moods[1...].map(\.note)) == ["Rough start,\ngreat evening", ""], "the day's note goes with its first score")
        let again = try ImportFormat.pixels.open(path: DaylioCSVTests.fixture("pixels.json"), timeZone: Self.utc)
        #expect(try Importer.write(again, mapping: .daylio, into: journal.store, skipBadRows: false).alreadyThere == 3)
    }

    @Test func aPixelsDayWithABadScoreIsABadRowWithItsPlace() throws {
        var source = try PixelsSource(bytes: Array(#"[{"date": "2024-1-5", "scores": [7]}, {"date": "2024-13-1", "scores": [3]}]"#.utf8))
        #expect(throws: ImportError.badRow(ImportRowError(line: 1, column: "scores", value: "7", reason: "is not a score from 1 to 5"))) { _ = try source.next() }
        #expect(throws: ImportError.badRow(ImportRowError(line: 2, column: "date", value: "2024-13-1", reason: "is not a date such as 2024-1-5"))) { _ = try source.next() }
    }

    @Test func moodtuisJrnlExportComesBackWithItsLevels() throws {
        let original = try TemporaryJournal()
        try original.add(.awful, note: "first\nsecond line", at: 1_700_000_040_000)
        try original.add(.great, note: "", at: 1_700_100_000_000)
        let file = ExportTests.OutputFile()
        _ = try Exporter.export(from: original.store, format: .jrnl, timeZone: Self.utc, to: try file.sink())
        let source = try ImportFormat.jrnl.open(path: file.url.path, timeZone: Self.utc)
        #expect(try Importer.write(source, mapping: .daylio, into: journal.store, skipBadRows: false).added == 2)
        #expect(try moods().map(\.level) == [.awful, .great])
        #expect(try moods().map(\.note) == ["first\nsecond line", ""])
    }
}
