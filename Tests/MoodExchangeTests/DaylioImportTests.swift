import Foundation
import JournalTesting
@testable import MoodExchange
import MoodKit
import MoodStore
import Testing

/// Daylio CSV into a real journal: one transaction, every entry or none, and never twice.
@Suite struct DaylioImportTests {
    let journal: TemporaryJournal

    init() throws {
        journal = try TemporaryJournal()
    }

    private func source(_ fixture: String) throws -> DaylioCSVSource {
        try DaylioCSVSource(try FileChunks(path: DaylioCSVTests.fixture(fixture)), timeZone: DaylioCSVTests.utc)
    }

    private func source(text: String) throws -> DaylioCSVSource {
        try DaylioCSVSource(MemoryChunks(text), timeZone: DaylioCSVTests.utc)
    }

    private func moods() throws -> [Mood] {
        try journal.store.read { try $0.moods(.journal, order: .newestFirst) }
    }

    /// Imports a fixture as `moodtui import` does: surveyed first for the scales its values
    /// need.
    private func importing(_ fixture: String, mapping: LevelMapping = .daylio) throws -> Importer.Result {
        var surveyed = try source(fixture)
        let scales = try Importer.survey(&surveyed).scalesToMake
        return try Importer.write(try source(fixture), mapping: mapping, scalesToMake: scales, into: journal.store, skipBadRows: false)
    }

    private var superIsGreat: LevelMapping {
        var mapping = LevelMapping.daylio
        mapping.place("Super", at: .great)
        return mapping
    }

    @Test func theSurveyCountsMoodsAndNamesThoseWithoutALevel() throws {
        var source = try source("daylio-note-title.csv")
        let survey = try Importer.survey(&source)
        #expect(survey.entries == 3 && survey.badRows.isEmpty)
        #expect(survey.moods.map(\.label) == [.named("super"), .named("good")] && survey.moods.map(\.count) == [1, 2])
        #expect(survey.unmapped(by: .daylio) == ["super": 1])
        #expect(survey.unmapped(by: superIsGreat).isEmpty, "names are matched whatever their case")
        #expect(survey.activities.renamed["movies & tv"]?.text == "movies-tv", "a character a name cannot hold becomes -")
        #expect(try moods().isEmpty, "a survey writes nothing")
    }

    @Test func anImportAddsEveryEntryOnceAndAgainAddsNothing() throws {
        let first = try source("daylio-note-title.csv")
        let result = try Importer.write(first, mapping: superIsGreat, into: journal.store, skipBadRows: false)
        let renamed = ["movies & tv": try ActivityName.normalized("movies-tv")]
        #expect(result == Importer.Result(added: 3, alreadyThere: 0, renamedActivities: renamed), "the summary lists the renamed activity")
        let moods = try moods()
        #expect(moods.map(\.level) == [.great, .good, .good])
        #expect(moods[0].note == "Lazy Sunday\nFilms, tea, \"naps\"")
        #expect(moods[0].activities.names.map(\.text) == ["family", "movies-tv"])
        #expect(moods.allSatisfy { $0.sync.summary == .waiting }, "they wait for upload like any new mood")

        let again = try source("daylio-note-title.csv")
        #expect(try Importer.write(again, mapping: superIsGreat, into: journal.store, skipBadRows: false)
            == Importer.Result(added: 0, alreadyThere: 3, renamedActivities: renamed))
        #expect(try self.moods().count == 3)
    }

    @Test func everyShapeImportsWithItsNotesAndActivities() throws {
        var mapping = superIsGreat
        mapping.place("sehr gut", at: .good)
        for fixture in ["daylio-year.csv", "daylio-full-date.csv", "daylio-note-title.csv", "daylio-scales.csv"] {
            #expect(try importing(fixture, mapping: mapping).skipped.isEmpty, "\(fixture)")
        }
        let moods = try moods()
        #expect(moods.count == 10)
        #expect(moods.contains { $0.note == "Zeile eins\nZeile zwei" && $0.level == .good }, "a CRLF inside a note is a line break")
        #expect(moods.contains { $0.note == "Dinner with \"the gang\", then a walk" && $0.activities.names.map(\.text) == ["friends", "good-meal"] })
        #expect(moods.contains { $0.activities.names.map(\.text) == ["freunde", "sport"] })
    }

    /// Entries of one moment and mood with another between them took one id, and
    /// the second was counted "already in the journal".
    @Test func entriesOfOneMomentAndMoodAreEachAMoodWhereverTheyStand() throws {
        let text = """
            full_date,date,weekday,time,mood,activities,note
            2024-01-01,x,y,9:00,good,,A
            2024-01-01,x,y,9:00,rad,,
            2024-01-01,x,y,9:00,good,,B

            """
        let first = try source(text: text)
        #expect(try Importer.write(first, mapping: .daylio, into: journal.store, skipBadRows: false).added == 3)
        let again = try source(text: text)
        #expect(try Importer.write(again, mapping: .daylio, into: journal.store, skipBadRows: false).alreadyThere == 3)
        #expect(Set(try moods().map(\.note)) == ["A", "", "B"])
    }

    /// The ids are fixed by the entries: a change to how they are derived would import every
    /// file again. (Worked out independently with Python's `uuid.uuid5`.)
    @Test func derivedIdsAreVersion5UUIDsOfTheSourceAndTheEntry() {
        var derived = Set<UUID>()
        let first = ImportIdentity.id(source: "daylio", identity: "2023-07-08 09:00:00\ngood", unlike: &derived)
        let second = ImportIdentity.id(source: "daylio", identity: "2023-07-08 09:00:00\ngood", unlike: &derived)
        #expect(first.uuidString == "B115D13F-5CA3-552E-B4D9-E0BC184CC515")
        #expect(second.uuidString == "6D20F091-0544-54DD-B3F6-698AC4CF4539")
    }

    /// A mood deleted for good (as `moodtui delete` and sync do) left no trace,
    /// and importing its file again brought it back.
    @Test func aMoodDeletedForGoodIsNotBroughtBackByImportingAgain() throws {
        _ = try importing("daylio-scales.csv")
        let deleted = try #require(try moods().first)
        try journal.store.write(origin: .ui) { writer in
            try writer.markForDeletion(deleted.id)
            _ = try writer.purgeIfNeverUploaded(deleted.id)
        }
        let again = try importing("daylio-scales.csv")
        #expect((again.added, again.alreadyThere, again.deletedBefore) == (0, 1, 1))
        #expect(try moods().count == 1)
    }

    @Test func aMoodDeletedAfterItsImportIsNotBroughtBackByImportingAgain() throws {
        _ = try importing("daylio-scales.csv")
        let deleted = try #require(try moods().first)
        try journal.store.write(origin: .ui) { try $0.markForDeletion(deleted.id) }
        #expect(try importing("daylio-scales.csv") == Importer.Result(added: 0, alreadyThere: 2))
        #expect(try moods().count == 1)
    }

    @Test func aBadRowImportsNothingAndSaysWhereUnlessBadRowsAreSkipped() throws {
        let text = """
            full_date,date,weekday,time,mood,activities,note
            2024-01-03,x,y,9:00,rad,,fine
            2024-01-02,x,y,9:61,good,,broken time
            2024-01-01,x,y,9:00,meh,&&,no activity left
            2023-12-31,x,y,9:00,bad,,fine too

            """
        let strict = try source(text: text)
        #expect(throws: ImportError.badRow(ImportRowError(line: 3, column: "time", value: "9:61", reason: "is not a time such as 8:30 pm or 20:30"))) {
            _ = try Importer.write(strict, mapping: .daylio, into: journal.store, skipBadRows: false)
        }
        #expect(try moods().isEmpty, "the first row was rolled back")

        let lenient = try source(text: text)
        let result = try Importer.write(lenient, mapping: .daylio, into: journal.store, skipBadRows: true)
        #expect(result.added == 2 && result.skipped.named.map(\.line) == [3, 4])
        #expect(result.skipped.named.last?.column == "activities")
        #expect(try moods().map(\.note) == ["fine", "fine too"])
    }

    @Test(arguments: [false, true])
    func aMoodWithoutALevelStopsTheImportEvenWhenSkippingBadRows(skipBadRows: Bool) throws {
        let source = try source("daylio-note-title.csv")
        #expect(throws: ImportError.unmappedMoods(["super": 1])) {
            _ = try Importer.write(source, mapping: .daylio, into: journal.store, skipBadRows: skipBadRows)
        }
        #expect(try moods().isEmpty)
    }

    @Test func aFileOfManyBadRowsKeepsTheFirstTenAndCountsTheRest() throws {
        let rows = (0..<25).map { "2024-01-01,x,y,99:00,rad,,row \($0)" }.joined(separator: "\n")
        let source = try source(text: "full_date,date,weekday,time,mood,activities,note\n\(rows)\n")
        let result = try Importer.write(source, mapping: .daylio, into: journal.store, skipBadRows: true)
        #expect(result.skipped.count == 25 && result.skipped.named.map(\.line) == Array(2...11))
    }

    @Test func mapTextPlacesNamesAndRefusesWhatItCannotRead() throws {
        var mapping = LevelMapping.daylio
        try mapping.place(mapText: "sehr gut=5, müde = bad,a=b=1")
        #expect(mapping.level(for: .named("Sehr Gut")) == .great)
        #expect(mapping.level(for: .named("müde")) == .bad)
        #expect(mapping.level(for: .named("a=b")) == .awful, "the last = splits")
        try mapping.place(mapText: "good, mostly=4,,ok=3,")
        #expect(mapping.level(for: .named("good, mostly")) == .good, "a comma before text without = is the name's")
        #expect(mapping.level(for: .named("ok")) == .meh)
        #expect(throws: (any Error).self) { try mapping.place(mapText: "nothing") }
        #expect(throws: (any Error).self) { try mapping.place(mapText: "x=7") }
    }
}
