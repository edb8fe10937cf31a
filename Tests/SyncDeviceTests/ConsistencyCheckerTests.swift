import Foundation
import MoodKit
import Testing

/// The storm's checker on histories written by hand: each rule catches what it names, and a
/// history sync may well produce (a deletion taken, an edit from elsewhere) passes.
@Suite struct ConsistencyCheckerTests {
    private let mood = UUID()
    private let start = ContinuousClock.now

    private func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    private func stamps(_ level: Int64, _ note: Int64, _ date: Int64) -> MoodStamps {
        func stamp(_ wall: Int64) -> HybridTimestamp { HybridTimestamp(wallMilliseconds: wall, counter: 0, device: "a") }
        return MoodStamps(level: stamp(level), note: stamp(note), date: stamp(date))
    }

    private func look(_ device: Int, _ stamps: MoodStamps?, at milliseconds: Int) -> ConsistencyChecker.Observation {
        ConsistencyChecker.Observation(device: device, mood: mood, stamps: stamps, began: at(milliseconds))
    }

    private func write(_ device: Int, _ kind: ConsistencyChecker.Write.Kind, at milliseconds: Int) -> ConsistencyChecker.Write {
        ConsistencyChecker.Write(device: device, mood: mood, kind: kind, returned: at(milliseconds))
    }

    private func rules(_ writes: [ConsistencyChecker.Write], _ looks: [ConsistencyChecker.Observation]) -> [ConsistencyChecker.Anomaly.Rule] {
        ConsistencyChecker(writes: writes, observations: looks).anomalies().map(\.rule)
    }

    @Test func anAddSeenEverywhereThenEditedThenDeletedIsConsistent() {
        let writes = [
            write(0, .add(stamps(1, 1, 1)), at: 0), write(1, .edit(.note, before: stamps(1, 1, 1), after: stamps(1, 5, 1)), at: 20),
            write(0, .delete(began: at(39)), at: 40),
        ]
        let looks = [
            look(0, stamps(1, 1, 1), at: 1), look(1, stamps(1, 1, 1), at: 10), look(1, stamps(1, 5, 1), at: 21),
            look(0, stamps(1, 5, 1), at: 30), look(0, nil, at: 41), look(1, nil, at: 50),
        ]
        #expect(rules(writes, looks).isEmpty)
    }

    @Test func aDeviceThatDoesNotShowItsOwnAddBreaksReadYourWrites() {
        #expect(rules([write(0, .add(stamps(1, 1, 1)), at: 10)], [look(0, nil, at: 11)]) == [.readYourWrites])
    }

    @Test func aDeviceShowingAnOlderValueThanItsOwnEditBreaksReadYourWrites() {
        let writes = [write(0, .add(stamps(1, 1, 1)), at: 0), write(0, .edit(.level, before: stamps(1, 1, 1), after: stamps(9, 1, 1)), at: 10)]
        let looks = [look(0, stamps(1, 1, 1), at: 1), look(0, stamps(1, 1, 1), at: 11)]
        #expect(rules(writes, looks) == [.readYourWrites])
    }

    @Test func aLookBegunBeforeTheWriteReturnedNeedNotShowIt() {
        let writes = [write(0, .add(stamps(1, 1, 1)), at: 10)]
        #expect(rules(writes, [look(0, nil, at: 9), look(0, stamps(1, 1, 1), at: 12)]).isEmpty)
    }

    @Test func aFieldShownOlderThanBeforeBreaksMonotonicReads() {
        let looks = [look(1, stamps(1, 7, 1), at: 0), look(1, stamps(1, 3, 1), at: 10)]
        #expect(rules([write(0, .add(stamps(1, 1, 1)), at: 0)], looks) == [.monotonicReads])
    }

    @Test func aMoodGoneAndShownAgainIsReportedAsBroughtBack() {
        let looks = [look(1, stamps(1, 1, 1), at: 0), look(1, nil, at: 10), look(1, stamps(1, 1, 1), at: 20)]
        #expect(rules([write(0, .add(stamps(1, 1, 1)), at: 0), write(2, .delete(began: at(4)), at: 5)], looks) == [.broughtBack])
    }

    @Test func aMoodGoneWithNoDeletionAnywhereIsReported() {
        let looks = [look(1, stamps(1, 1, 1), at: 0), look(1, nil, at: 10)]
        #expect(rules([write(0, .add(stamps(1, 1, 1)), at: 0)], looks) == [.goneWithoutDeletion])
    }

    @Test func aDeletionBegunAfterTheLookDoesNotExplainTheMoodsAbsence() {
        let looks = [look(1, stamps(1, 1, 1), at: 0), look(1, nil, at: 10)]
        #expect(rules([write(0, .add(stamps(1, 1, 1)), at: 0), write(2, .delete(began: at(20)), at: 21)], looks) == [.goneWithoutDeletion])
    }

    @Test func anEditShownWithoutWhatItsWriterHadSeenBreaksWritesFollowReads() {
        // Device 0 saw the note at 5, then set the level; device 2 shows that level with the old note.
        let writes = [write(0, .add(stamps(1, 1, 1)), at: 0), write(0, .edit(.level, before: stamps(1, 5, 1), after: stamps(9, 5, 1)), at: 10)]
        let looks = [look(2, stamps(9, 1, 1), at: 20)]
        #expect(rules(writes, looks) == [.writesFollowReads])
    }

    @Test func anAnomalyNamesTheOperationsThatShowIt() throws {
        let anomaly = try #require(ConsistencyChecker(
            writes: [write(0, .add(stamps(1, 1, 1)), at: 0)],
            observations: [look(3, stamps(1, 1, 1), at: 0), look(3, nil, at: 10)]
        ).anomalies().first)
        #expect(anomaly.device == 3)
        #expect(anomaly.description.contains("gone at look 1, and no device had begun deleting it"))
    }
}
