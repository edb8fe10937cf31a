import AppTesting
import Foundation
import MoodKit
@testable import MoodSync
import SyncProtocol
import Testing

@Suite struct ConflictRuleTests {
    @Test(arguments: [1, 2, 3])
    func exactlyOneOfTwoDifferentEditsWinsWhicheverDeviceAsks(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<2_000 {
            let a = content(&random), b = content(&random)
            guard a != b else { continue }
            #expect(ConflictRule.isLater(a, than: b) != ConflictRule.isLater(b, than: a))
        }
    }

    @Test func aConcurrentEditMergesTheSameWayOnBothSides() {
        let id = UUID()
        let base = Date(millisecondsSince1970: 1_000)
        func local(_ note: String, at ms: Int64) -> Mood {
            Mood(id: id, date: base, level: .good, note: note, creatorID: "a", modifiedAt: Date(millisecondsSince1970: ms),
                 sync: MoodSyncState(remoteIdentifier: id.uuidString, remoteVersion: 1, changedSinceUpload: true))
        }
        func server(_ mood: Mood, version: Int64) -> SyncedMood { SyncedMood(id: id, content: MoodContent(mood), version: version) }
        let early = local("early", at: 2_000), late = local("late", at: 3_000)

        let mergedOnEarly = ConflictRule.merge(local: early, server: server(late, version: 2))
        let mergedOnLate = ConflictRule.merge(local: late, server: server(early, version: 2))
        #expect(mergedOnEarly.note == "late")
        #expect(!mergedOnEarly.sync.changedSinceUpload)
        #expect(mergedOnLate.note == "late")
        #expect(mergedOnLate.sync.changedSinceUpload)  // still to be sent, on version 2
        #expect(mergedOnLate.sync.remoteVersion == 2)
    }

    private func content(_ random: inout SeededGenerator) -> MoodContent {
        MoodContent(
            date: Date(millisecondsSince1970: Int64.random(in: 0...3, using: &random)),
            modifiedAt: Date(millisecondsSince1970: Int64.random(in: 0...3, using: &random)),
            level: MoodLevel(rawValue: Int.random(in: 1...5, using: &random))!,
            note: ["", "a", "b", "ab", "é"].randomElement(using: &random)!, creatorID: ["x", "y"].randomElement(using: &random)!)
    }
}
