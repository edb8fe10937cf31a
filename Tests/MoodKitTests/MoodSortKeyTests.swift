import Foundation
import MoodKit
import Testing

@Suite struct MoodSortKeyTests {
    private func mood(_ milliseconds: Int64, _ id: String) -> Mood {
        Mood(
            id: UUID(uuidString: id)!, date: Date(millisecondsSince1970: milliseconds), level: .meh,
            note: "", creatorID: "test", modifiedAt: Date())
    }

    @Test func newestFirstPutsLaterDatesFirstAndBreaksTiesByDescendingID() {
        let a = mood(1_000, "00000000-0000-0000-0000-000000000001")
        let b = mood(1_000, "FF000000-0000-0000-0000-000000000000")
        let c = mood(2_000, "00000000-0000-0000-0000-000000000000")
        let sorted = [a, b, c].sorted(by: MoodSortOrder.newestFirst.areInIncreasingOrder)
        #expect(sorted.map(\.id) == [c.id, b.id, a.id])
    }

    @Test func oldestFirstIsTheExactReverse() {
        let moods = (0..<50).map { i in mood(Int64(i % 7), UUID().uuidString) }
        let newest = moods.sorted(by: MoodSortOrder.newestFirst.areInIncreasingOrder)
        let oldest = moods.sorted(by: MoodSortOrder.oldestFirst.areInIncreasingOrder)
        #expect(newest.map(\.id) == oldest.reversed().map(\.id))
    }

    @Test(arguments: [MoodSortOrder.newestFirst, .oldestFirst])
    func aKeyGivesBackTheDateAndIDItWasMadeFrom(order: MoodSortOrder) {
        let id = UUID()
        let key = MoodSortKey(date: -42_000, id: id, order: order)
        #expect(key.components(order: order).date == -42_000)
        #expect(key.components(order: order).id == id)
    }
}
