import Foundation
import MoodKit

extension JournalSnapshot {
    /// Hands `body` the moods the filter selects whose dates fall within `bounds` (milliseconds;
    /// all when `nil`), a page at a time in `order`: any number of moods in flat memory, each
    /// once, as this snapshot sees them.
    /// - Complexity: O(log n + pageSize) a page, through the `mood_list` index.
    public func forEachPage(
        of filter: MoodFilter, order: MoodSortOrder, within bounds: ClosedRange<Int64>?, pageSize: Int,
        _ body: ([Mood]) throws -> Void
    ) throws {
        // The key of the first mood: the range's end newest first, its start oldest first.
        let edge = UUID(uuid: order == .newestFirst ? (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255) : (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        var start = bounds.map { MoodSortKey(date: order == .newestFirst ? $0.upperBound : $0.lowerBound, id: edge, order: order) }
        // A page after the first starts at the last mood handed on (`startingAt` includes it).
        var lastHanded: Mood.ID?
        while true {
            let limit = pageSize + (lastHanded == nil ? 0 : 1)
            let page = try moods(filter, order: order, startingAt: start, limit: limit)
            let unseen = lastHanded != nil && page.first?.id == lastHanded ? page.dropFirst() : page[...]
            let inBounds = unseen.prefix { bounds?.contains($0.date.millisecondsSince1970) ?? true }
            if !inBounds.isEmpty { try body(Array(inBounds)) }
            guard inBounds.count == unseen.count, page.count == limit, let last = page.last else { return }
            (start, lastHanded) = (MoodSortKey(last, order: order), last.id)
        }
    }
}
