import AppTesting
import Foundation
import GRDB
import JournalTesting
import MoodKit
@testable import MoodStore
import Testing

/// The journal's scales: made with the id every device derives from the name, renamed and
/// removed with their values kept, brought back, limited to 32 in use; a row that cannot be
/// read is left out.
@Suite struct JournalScalesTests {
    let journal: TemporaryJournal
    init() throws { journal = try TemporaryJournal() }

    private let sleep = try! ScaleName.normalized("sleep"), rest = try! ScaleName.normalized("rest")
    private let hours = ScaleKind.number(unit: "h", minimum: 0, maximum: 240)
    private let run = try! ActivityName.normalized("run")

    @discardableResult
    private func write<T>(_ body: (JournalWriter) throws -> T) throws -> T { try journal.store.write(origin: .commandLine, body) }

    @Test func aScaleMadeOnTwoJournalsUnderOneNameIsOneScale() throws {
        let other = try TemporaryJournal()
        let here = try write { try $0.addScale(sleep, kind: hours) }
        let there = try other.store.write(origin: .commandLine) { try $0.addScale(sleep, kind: hours) }
        #expect(here.id == there.id)
        #expect(here.id == Scale.derivedID(for: sleep, kind: hours, attempt: 0))
        #expect(try journal.store.read { try $0.scales() } == [here])
    }

    @Test func aRenameKeepsTheIdAndANewScaleOfTheOldNameGetsAnother() throws {
        let made = try write { try $0.addScale(sleep, kind: hours) }
        let renamed = try write { try $0.renameScale(sleep, to: rest) }
        #expect(renamed.id == made.id && renamed.name.value == rest && renamed.name.stamp > made.name.stamp)
        let again = try write { try $0.addScale(sleep, kind: hours) }
        #expect(again.id == Scale.derivedID(for: sleep, kind: hours, attempt: 1), "past the id the renamed scale holds")
        #expect(try journal.store.read { try $0.scales() }.map(\.name.value) == [rest, sleep])
        #expect(throws: JournalError.scaleExists(sleep)) { try write { try $0.renameScale(rest, to: sleep) } }
    }

    @Test func aRemovedScaleKeepsItsValuesAndComesBackWithThem() throws {
        let scale = try write { try $0.addScale(sleep, kind: hours) }
        let mood = try write { try $0.add(MoodEntry(level: .good, scales: [scale.id: .tenths(70)])) }
        try write { try $0.removeScale(sleep) }
        #expect(try journal.store.read { try $0.scales() } == [])
        #expect(try journal.store.read { try $0.allScales() }.map(\.state.value) == [.removed])
        #expect(throws: JournalError.scaleNotFound(sleep)) { try write { try $0.removeScale(sleep) } }
        #expect(try journal.store.read { try $0.mood(id: mood.id) }?.scales.values == [scale.id: .tenths(70)])

        let back = try write { try $0.addScale(sleep, kind: hours) }
        #expect(back.id == scale.id && back.isInUse)
        #expect(try journal.store.read { try $0.scaleValueCounts() } == [scale.id: 1])
    }

    @Test func aJournalHoldsUpToThirtyTwoScalesInUse() throws {
        for index in 1...Scale.maximumScales { try write { try $0.addScale(try ScaleName.normalized("s\(index)"), kind: .yesNo) } }
        #expect(throws: JournalError.tooManyScales(limit: Scale.maximumScales)) { try write { try $0.addScale(sleep, kind: .yesNo) } }
        try write { try $0.removeScale(try ScaleName.normalized("s1")) }
        try write { try $0.addScale(sleep, kind: .yesNo) }
    }

    @Test func twoScalesThatMeetUnderOneNameAreToldApartAlikeOnEveryDevice() throws {
        let other = try TemporaryJournal()
        try write { try $0.addScale(sleep, kind: hours) }
        _ = try other.store.write(origin: .commandLine) { try $0.addScale(sleep, kind: .range(1...5)) }
        let (mine, theirs) = (try journal.store.read { try $0.allScales() }, try other.store.read { try $0.allScales() })
        try write { try $0.mergeScales(theirs) }
        _ = try other.store.write(origin: .sync) { try $0.mergeScales(mine) }

        let here = try journal.store.read { try $0.scales() }, there = try other.store.read { try $0.scales() }
        #expect(here.map(\.name.value.text) == ["sleep", "sleep-2"])
        #expect(Dictionary(uniqueKeysWithValues: here.map { ($0.id, $0.name.value) }) == Dictionary(uniqueKeysWithValues: there.map { ($0.id, $0.name.value) }))
        #expect(here.first { $0.name.value == sleep }?.id == [mine[0].id, theirs[0].id].min { $0.uuidString < $1.uuidString })
    }

    @Test func aJournalKeepsUpToAHundredAndTwentyEightScalesRemovedOnesIncluded() throws {
        for index in 1...Scale.maximumKept {
            let name = try ScaleName.normalized("s\(index)")
            try write { writer in
                try writer.addScale(name, kind: .yesNo)
                return try writer.removeScale(name)
            }
        }
        #expect(throws: JournalError.tooManyScalesKept(limit: Scale.maximumKept)) { try write { try $0.addScale(sleep, kind: .yesNo) } }
        #expect(try write { try $0.addScale(try ScaleName.normalized("s7"), kind: .yesNo) }.isInUse, "a removed one comes back")
    }

    @Test func aRowThatCannotBeReadIsLeftOut() throws {
        try write { try $0.addScale(sleep, kind: hours) }
        try write { writer in
            try writer.db.execute(sql: "INSERT INTO scale VALUES (?, 'x y', '1.0@a', 'yes-no', 0, '1.0@a')", arguments: [UUID()])
            try writer.db.execute(sql: "INSERT INTO scale VALUES (?, 'pain', '1.0@a', 'range 5 1', 0, '1.0@a')", arguments: [UUID()])
        }
        #expect(try journal.store.read { try $0.scales() }.map(\.name.value) == [sleep])
    }

    @Test func aFilterOnAValueSelectsInSQLWhatItSelectsInSwift() throws {
        let seed = TestSeed.chosen()
        var random = SeededGenerator(seed: seed)
        let scale = try write { try $0.addScale(sleep, kind: hours) }
        let meds = try write { try $0.addScale(try ScaleName.normalized("meds"), kind: .yesNo) }
        for _ in 0..<200 {
            var values: [Scale.ID: ScaleValue] = [:]
            if Bool.random(using: &random) { values[scale.id] = .tenths(Int.random(in: 0...120, using: &random)) }
            if Bool.random(using: &random) { values[meds.id] = Bool.random(using: &random) ? .yes : .no }
            let activities: Set<ActivityName> = Bool.random(using: &random) ? [run] : []
            let mood = try write { try $0.add(MoodEntry(level: .good, activities: activities, scales: values)) }
            if Int.random(in: 0..<10, using: &random) == 0 { try write { try $0.edit(mood.id, scales: [scale.id: nil]) } }
        }
        let all = try journal.store.read { try $0.moods(MoodFilter(), order: .newestFirst) }
        for comparison in ScaleCondition.Comparison.allCases {
            let conditions: Set<ScaleCondition> = [
                ScaleCondition(scale: scale.id, comparison: comparison, number: 6), ScaleCondition(scale: meds.id, comparison: .equal, number: 0),
            ]
            let filters = [
                MoodFilter(scaleConditions: [conditions.first!]), MoodFilter(scaleConditions: conditions),
                MoodFilter(activities: [run], scaleConditions: conditions),
            ]
            for filter in filters {
                let read = try journal.store.read { try $0.moods(filter, order: .newestFirst) }.map(\.id)
                let expected = all.filter(filter.matches).map(\.id)
                #expect(read == expected, "\(TestSeed.variable)=\(seed), \(comparison)")
                let listed = try journal.store.read { snapshot in
                    var count = 0
                    try snapshot.forEachSortKey(filter, order: .newestFirst) { _ in count += 1 }
                    return count
                }
                #expect(listed == expected.count, "the list's keys: \(TestSeed.variable)=\(seed), \(comparison), \(filter)")
            }
        }
    }

    @Test func theDerivedIDStaysAsItWasFirstMadeForEveryDevice() throws {
        #expect(Scale.derivedID(for: sleep, kind: hours, attempt: 0).uuidString == "DFFF2C35-B818-0E50-E35B-285933532B7B")
    }
}
