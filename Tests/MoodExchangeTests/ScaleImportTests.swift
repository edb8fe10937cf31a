import Foundation
import JournalTesting
@testable import MoodExchange
import MoodKit
import MoodStore
import Testing

/// Scales through import and export: moodtui's JSON makes them as they were and carries every
/// value, and Daylio's `scales` column becomes scales made of what its values look like.
@Suite struct ScaleImportTests {
    let journal: TemporaryJournal

    init() throws {
        journal = try TemporaryJournal()
    }

    private func csv(_ rows: String...) throws -> DaylioCSVSource {
        try DaylioCSVSource(MemoryChunks((["full_date,date,weekday,time,mood,activities,scales,note_title,note"] + rows).joined(separator: "\n") + "\n"),
            timeZone: DaylioCSVTests.utc)
    }

    private func json(_ lines: String...) throws -> MoodtuiJSONSource {
        try MoodtuiJSONSource(MemoryChunks((["["] + lines + ["]"]).joined(separator: ",\n").replacingOccurrences(of: "[,\n", with: "[\n")
            .replacingOccurrences(of: ",\n]", with: "\n]") + "\n"))
    }

    private func write(_ source: some ImportSource, making scales: [ImportedScale] = [], skipBadRows: Bool = false) throws -> Importer.Result {
        try Importer.write(source, mapping: .daylio, scalesToMake: scales, into: journal.store, skipBadRows: skipBadRows)
    }

    /// Each mood's values by scale name, oldest first.
    private func values() throws -> [[String: String]] {
        try journal.store.read { snapshot in
            let scales = try snapshot.scales()
            return try snapshot.moods(.journal, order: .oldestFirst).map { mood in
                Dictionary(uniqueKeysWithValues: scales.compactMap { scale in mood.scales[scale.id].map { (scale.name.value.text, $0.description) } })
            }
        }
    }

    private func scales() throws -> [String] {
        try journal.store.read { try $0.scales() }.map { "\($0.name.value) \($0.kind.storedText)" }
    }

    private func addScale(_ name: String, _ kind: ScaleKind) throws {
        try journal.store.write(origin: .commandLine) { _ = try $0.addScale(try ScaleName.normalized(name), kind: kind) }
    }

    // MARK: Daylio CSV

    @Test func daylioScalesStopAnImportUntilASurveyMakesThemOfTheirValues() throws {
        let rows = [
            "2025-01-02,x,y,9:00,good,,\"Stress:\u{A0}4 | Sleep quality:\u{A0}7\",,",
            "2025-01-03,x,y,9:00,bad,,Stress: 2,,",
            "2025-01-04,x,y,9:00,meh,,\"Hours: 6.5 | Meds: yes\",,",
        ]
        #expect(throws: ImportError.unknownScales(["Stress": 1])) { _ = try write(try csv(rows[0], rows[1], rows[2])) }
        #expect(try values().isEmpty && scales().isEmpty, "nothing was written, no scale made")

        var surveyed = try csv(rows[0], rows[1], rows[2])
        let survey = try Importer.survey(&surveyed)
        #expect(survey.scales.map(\.name.text) == ["stress", "sleep-quality", "hours", "meds"])
        #expect(survey.scales.map(\.sightings.count) == [2, 1, 1, 1])
        let result = try write(try csv(rows[0], rows[1], rows[2]), making: survey.scalesToMake)
        #expect(result.added == 3 && result.addedScales.map(\.name.value.text) == ["stress", "sleep-quality", "hours", "meds"])
        #expect(try scales() == ["hours number - - ", "meds yes-no", "sleep-quality range 1 10", "stress range 1 5"])
        #expect(try values() == [["stress": "4", "sleep-quality": "7"], ["stress": "2"], ["hours": "6.5", "meds": "yes"]])
        #expect(try write(try csv(rows[0], rows[1], rows[2])).alreadyThere == 3, "the second time the journal's scales read the values")
    }

    @Test func theJournalsScaleOfTheNameReadsTheValuesAndRefusesThoseItDoesNotTake() throws {
        try addScale("stress", .range(0...3))
        let source = try csv("2025-01-02,x,y,9:00,good,,STRESS: 3,,", "2025-01-03,x,y,9:00,good,,stress: 4,,")
        let result = try write(source, skipBadRows: true)
        #expect(result.added == 1 && result.addedScales.isEmpty)
        #expect(result.skipped.named.map(\.description) == ["line 3, scales “stress=4”: stress takes a whole number from 0 to 3, not '4'"])
        #expect(try values() == [["stress": "3"]])
    }

    @Test func aScalesFieldThatIsNotNameColonValueOrNamesAScaleTwiceIsABadRow() throws {
        try addScale("stress", .range(1...5))
        let source = try csv("2025-01-02,x,y,9:00,good,,stress 4,,", "2025-01-03,x,y,9:00,good,,stress: 4 | Stress: 5,,", "2025-01-04,x,y,9:00,good,,&&: 4,,")
        let result = try write(source, skipBadRows: true)
        #expect(result.added == 0)
        #expect(result.skipped.named.map(\.reason) == [
            "is not NAME: VALUE, such as Energy: 4", "stress is given twice",
            "invalid scale: a scale needs a name, such as sleep",
        ])
    }

    @Test(arguments: [
        (["yes", "no", "N"], "yes-no"),
        (["3", "4"], "range 1 5"),
        (["0", "7"], "range 0 10"),
        (["12", "-2"], "range -2 12"),
        (["1", "0"], "range 0 5"),
        (["7.5", "8"], "number - - "),
        (["4", "yes"], "range 1 5"),
    ])
    func aScaleMadeOfValuesTakesThemAll(typed: [String], kind: String) throws {
        var sightings = ScaleSightings()
        for value in typed { try sightings.record(value, for: try ScaleName.normalized("x")) }
        #expect(sightings.kind.storedText == kind)
        #expect(sightings.count == typed.count)
    }

    @Test func aValueThatIsNeitherANumberNorYesOrNoIsNamed() throws {
        var sightings = ScaleSightings()
        #expect(throws: MoodValidationError.invalidScaleValue("x takes a number with at most one decimal, or yes or no, not 'lots'")) {
            try sightings.record("lots", for: try ScaleName.normalized("x"))
        }
        #expect(throws: MoodValidationError.self) { try sightings.record("1e9", for: try ScaleName.normalized("x")) }
        #expect(sightings.count == 0)
    }

    // MARK: moodtui JSON

    private static let mood = #"{"activities":[],"creatorID":"laptop","date":"2026-01-01T08:30:00.123Z","id":"6D20F091-0544-54DD-B3F6-698AC4CF4539","level":4,"note":"hi","scales":{"sleep":7.5,"meds":false}}"#
    private static let scaleList = #"{"scales":[{"kind":"number","min":0,"max":24,"name":"Sleep","unit":"h"},{"kind":"yes-no","name":"meds"}]}"#

    @Test func theScalesAJSONFileNamesAreMadeAsTheyWereBeforeItsValuesAreRead() throws {
        let result = try write(try json(Self.scaleList, Self.mood))
        #expect(result.added == 1 && result.addedScales.count == 2)
        #expect(try scales() == ["meds yes-no", "sleep number 0 240 h"])
        #expect(try values() == [["sleep": "7.5", "meds": "no"]])
    }

    @Test func aJournalWithScalesThroughJSONExportsTheSameBytesFromAnotherJournal() throws {
        try addScale("sleep", .number(unit: "h", minimum: 0, maximum: 240))
        try addScale("anxiety", .range(1...5))
        try addScale("meds", .yesNo)
        try addScale("gone", .yesNo)
        try journal.store.write(origin: .commandLine) { writer in
            let scales = Dictionary(uniqueKeysWithValues: try writer.snapshot.scales().map { ($0.name.value.text, $0.id) })
            let values: [[String: ScaleValue]] = [
                ["sleep": .tenths(75), "anxiety": .whole(2), "meds": .yes], ["sleep": .tenths(70)], [:], ["meds": .no, "gone": .yes],
            ]
            for (index, given) in values.enumerated() {
                _ = try writer.add(try MoodEntry(
                    level: .good, note: "mood \(index)", date: Date(millisecondsSince1970: 1_700_000_000_123 + Int64(index) * 60_000),
                    scales: Dictionary(uniqueKeysWithValues: given.map { (scales[$0.key]!, $0.value) })))
            }
            _ = try writer.removeScale(try ScaleName.normalized("gone"))
        }
        let exported = try ExportTests.export(journal, .json)
        #expect(exported.split(separator: "\n")[1] == #"{"scales":[{"kind":"range","max":5,"min":1,"name":"anxiety"},{"kind":"yes-no","name":"meds"},{"kind":"number","max":24,"min":0,"name":"sleep","unit":"h"}]},"#)
        #expect(exported.contains(#""scales":{"anxiety":2,"meds":true,"sleep":7.5}"#) && exported.contains(#""scales":{"sleep":7}"#))
        #expect(!exported.contains("gone"), "a removed scale's values stay in the journal, not in exports")
        #expect(try ExportTests.export(journal, .markdown).contains(" · mood 0 · anxiety 2, meds yes, sleep 7.5\n"), "the diary names them too")

        let copy = try TemporaryJournal()
        let file = try ExportTests.file(exported)
        let source = try ImportFormat.json.open(path: file.url.path)
        #expect(try Importer.write(source, mapping: .daylio, into: copy.store, skipBadRows: false).added == 4)
        #expect(try ExportTests.export(copy, .json) == exported, "scales, their kinds and every value")
    }

    @Test func aJSONScaleTheJournalHasWithAnotherKindStopsTheImport() throws {
        try addScale("sleep", .range(1...5))
        #expect(throws: ImportError.scaleKindDiffers(
            try ScaleName.normalized("sleep"), file: .number(unit: "h", minimum: 0, maximum: 240), journal: .range(1...5))
        ) { _ = try write(try json(Self.scaleList, Self.mood)) }
        #expect(try values().isEmpty && scales() == ["sleep range 1 5"], "nothing was written, meds not made")
    }

    @Test func aJSONScaleThatBreaksTheRulesStopsTheImportAtItsLine() {
        #expect(throws: ImportError.badScale(line: 2, name: "pain", reason: "the range scale pain needs a min and a max")) {
            _ = try json(#"{"scales":[{"kind":"range","name":"pain"}]}"#, Self.mood)
        }
        #expect {
            _ = try json(#"{"scales":[{"kind":"number","min":5,"max":1,"name":"pain"}]}"#)
        } throws: { "\($0)".contains("--min 5 is not below --max 1") }
    }

    @Test func aJSONValueOfAScaleNoOneHasStopsTheImportAndAValueOfTheWrongKindIsABadRow() throws {
        #expect(throws: ImportError.unknownScales(["meds": 1])) { _ = try write(try json(Self.mood)) }
        let wrong = Self.mood.replacingOccurrences(of: #""meds":false"#, with: #""meds":3"#)
        let result = try write(try json(Self.scaleList, wrong), skipBadRows: true)
        #expect(result.skipped.named.map(\.description) == ["line 3, scales “meds=3”: meds takes yes or no, not '3'"])
    }
}
