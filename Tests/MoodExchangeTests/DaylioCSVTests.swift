import Foundation
@testable import MoodExchange
import MoodKit
import Testing

/// Every shape of Daylio's CSV export seen in the wild, as fixture files written by hand.
@Suite struct DaylioCSVTests {
    static let utc = TimeZone(identifier: "UTC")!

    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/exchange/\(name)").path
    }

    static func entries(_ name: String) throws -> [ImportedEntry] {
        var source = try DaylioCSVSource(try FileChunks(path: fixture(name)), timeZone: utc)
        var entries: [ImportedEntry] = []
        while let entry = try source.next() { entries.append(entry) }
        return entries
    }

    private func iso(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    @Test func theOldestShapeReadsTheYearAndAnEnglishDateWith12HourTimes() throws {
        let entries = try Self.entries("daylio-year.csv")
        #expect(entries.map(\.date) == [iso("2019-11-16T20:30:00Z"), iso("2019-11-16T07:05:00Z"), iso("2019-11-15T00:15:00Z")])
        #expect(entries.map(\.mood) == [.named("rad"), .named("meh"), .named("awful")])
        #expect(entries[0].note == "Dinner with \"the gang\", then a walk")
        #expect(entries[0].activities == ["friends", "good meal"])
        #expect(entries[1].activities.isEmpty && entries[1].note.isEmpty)
        #expect(entries[2].note == "Could not sleep\nat all", "<br> is a line break")
        #expect(entries.map(\.line) == [2, 3, 4])
    }

    @Test func fullDateWithAByteOrderMarkCRLFAndALocalisedDateColumn() throws {
        let entries = try Self.entries("daylio-full-date.csv")
        #expect(entries.map(\.date) == [iso("2021-03-02T21:40:00Z"), iso("2021-03-01T08:00:00Z")])
        #expect(entries[0].activities == ["Sport", "Freunde"])
        #expect(entries[0].note == "Laufen, dann Pizza")
        #expect(entries[1].mood == .named("sehr gut"))
        #expect(entries[1].note == "Zeile eins\r\nZeile zwei")
    }

    @Test func aNoteTitleJoinsTheNoteAndTwoEntriesAlikeKeepApartIdentities() throws {
        let entries = try Self.entries("daylio-note-title.csv")
        #expect(entries[0].note == "Lazy Sunday\nFilms, tea, \"naps\"")
        #expect(entries[0].date == iso("2023-07-09T18:10:00Z"))
        #expect(entries[1].identity == entries[2].identity, "the same moment and mood twice: the import tells them apart")
    }

    @Test func theNewestShapeReadsScalesAndMidnightBothWays() throws {
        let entries = try Self.entries("daylio-scales.csv")
        #expect(entries.map(\.date) == [iso("2025-01-31T23:59:00Z"), iso("2025-01-30T00:00:00Z")])
        #expect(entries[0].scales == [ImportedScaleValue(name: "Stress", typed: "4"), ImportedScaleValue(name: "Sleep quality", typed: "2")],
            "the no-break space Daylio puts after the colon is no part of the value")
        #expect(entries[1].scales.isEmpty)
        #expect(entries[0].note == "Tired")
        #expect(entries[1].note == "Title only")
    }

    @Test func identitiesDoNotDependOnTheFileOrTheZone() throws {
        let first = try Self.entries("daylio-note-title.csv").map(\.identity)
        var source = try DaylioCSVSource(try FileChunks(path: Self.fixture("daylio-note-title.csv")), timeZone: TimeZone(identifier: "Asia/Tokyo")!)
        var again: [String] = []
        while let entry = try source.next() { again.append(entry.identity) }
        #expect(first == again)
    }

    @Test func aFileWithoutDaylioColumnsSaysWhichAreMissing() {
        #expect {
            _ = try DaylioCSVSource(MemoryChunks("date,note\n2024-01-01,hi\n"))
        } throws: { error in
            "\(error)".contains("no full_date, time, mood column")
        }
    }

    @Test(arguments: [
        ("2024-02-30", "8:00", "full_date"),
        ("2024-01-01", "25:00", "time"),
        ("2024-01-01", "13:00 pm", "time"),
        ("24-01-01", "8:00", "full_date"),
    ])
    func aBadDateOrTimeIsABadRowWithItsLineAndColumn(day: String, time: String, column: String) throws {
        var source = try DaylioCSVSource(MemoryChunks("full_date,date,weekday,time,mood,activities,note\n\(day),x,y,\(time),rad,,\n"))
        #expect {
            _ = try source.next()
        } throws: { error in
            guard case ImportError.badRow(let row) = error else { return false }
            return row.line == 2 && row.column == column
        }
    }

    @Test(arguments: [
        ("one<br>two", "one\ntwo"),
        ("one<BR/>two<br />three", "one\ntwo\nthree"),
        ("  <br>a < b <b>bold</b> <br", "a < b <b>bold</b> <br"),
        ("<br><br>", ""),
        ("\u{00A0}née\t", "née"),
    ])
    func notesTurnEveryBreakTagIntoALineAndKeepOtherAngles(field: String, note: String) {
        #expect(DaylioNote.text(field) == note)
    }

    /// The moment of a clock time on the days clocks change in Berlin: the hour they skip reads
    /// as the hour after, the hour they repeat as its first pass.
    @Test(arguments: [
        (31, 3, 1, 30, "2024-03-31T00:30:00.000Z"), (31, 3, 2, 30, "2024-03-31T01:30:00.000Z"), (31, 3, 3, 30, "2024-03-31T01:30:00.000Z"),
        (27, 10, 2, 30, "2024-10-27T00:30:00.000Z"), (27, 10, 3, 30, "2024-10-27T02:30:00.000Z"),
    ])
    func clockTimesOnTheDaysClocksChangeAreMoments(day: Int, month: Int, hour: Int, minute: Int, moment: String) throws {
        let clock = LocalDateTime(timeZone: TimeZone(identifier: "Europe/Berlin")!)
        let date = try #require(clock.moment(year: 2024, month: month, day: day, hour: hour, minute: minute))
        #expect(ISO8601.string(from: date) == moment)
    }
}
