import AppTesting
import Foundation
import MoodKit
@testable import MoodSync
import SyncProtocol
import Testing

@Suite struct ConflictRuleTests {
    /// Two devices merging each other's copies end with the same fields, and a device goes on
    /// uploading exactly when it holds a field the server lacks.
    @Test(arguments: [1, 2, 3])
    func bothSidesOfAConflictMergeToTheSameMood(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<2_000 {
            let a = mood(&random), b = mood(&random)
            let onA = ConflictRule.merge(local: a, server: ServerMood(id: a.id, content: MoodContent(b), version: 2))
            let onB = ConflictRule.merge(local: b, server: ServerMood(id: a.id, content: MoodContent(a), version: 2))
            #expect(onA.fields == onB.fields, "seed \(seed)")
            #expect(onA.sync.changedSinceUpload == (onA.fields != b.fields), "seed \(seed)")
            #expect(onA.sync.remoteVersion == 2)
        }
    }

    @Test func editsOfDifferentFieldsBothStayAndTheLaterEditOfOneFieldWins() {
        let id = UUID()
        func stamp(_ wall: Int64, _ device: String) -> HybridTimestamp { HybridTimestamp(wallMilliseconds: wall, counter: 0, device: device) }
        let base = MoodStamps(all: stamp(1_000, "laptop"))
        let laptop = Mood(
            id: id, date: Date(millisecondsSince1970: 1_000), level: .great, note: "walk in teh park", creatorID: "laptop",
            stamps: MoodStamps(level: stamp(3_000, "laptop"), note: base.note, date: base.date),
            sync: MoodSyncState(remoteIdentifier: id.uuidString, remoteVersion: 1, changedSinceUpload: true))
        let phone = MoodContent(
            date: Date(millisecondsSince1970: 1_000), level: .meh, note: "walk in the park", creatorID: "laptop",
            stamps: MoodStamps(level: base.level, note: stamp(2_000, "phone"), date: base.date))

        let merged = ConflictRule.merge(local: laptop, server: ServerMood(id: id, content: phone, version: 2))
        #expect(merged.level == .great)
        #expect(merged.note == "walk in the park")
        #expect(merged.sync.changedSinceUpload, "the level still goes up, on version 2")
        #expect(merged.sync.remoteVersion == 2)
    }

    private func mood(_ random: inout SeededGenerator) -> Mood {
        func stamp() -> HybridTimestamp {
            HybridTimestamp(
                wallMilliseconds: .random(in: 0...3, using: &random), counter: .random(in: 0...1, using: &random),
                device: ["x", "y"].randomElement(using: &random)!)
        }
        return Mood(
            id: UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301")!,
            date: Date(millisecondsSince1970: .random(in: 0...3, using: &random)),
            level: MoodLevel(rawValue: .random(in: 1...5, using: &random))!, note: ["", "a", "b", "é"].randomElement(using: &random)!,
            creatorID: "x", stamps: MoodStamps(level: stamp(), note: stamp(), date: stamp()),
            sync: MoodSyncState(remoteIdentifier: "r", remoteVersion: 1, changedSinceUpload: .random(using: &random)))
    }
}
