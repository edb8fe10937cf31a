import MoodKit
import MoodStore

/// The rows changed since the tracker's last look, each with its sort key before (if it was in
/// the list) and after (if it is in the list now), read from one snapshot of the journal.
struct PendingChanges {
    let latest: Int64
    private var changes: [(before: MoodSortKey?, after: Mood?)] = []

    /// - Parameter bound: the last key a first screen reaches (`nil`: the whole list); a mood
    ///   after it is not in the list, before or after the change.
    init(entries: [ChangeLogEntry], latest: Int64, snapshot: JournalSnapshot, request: CacheRequest, bound: MoodSortKey?) throws {
        self.latest = latest
        let firstEntries = ChangeLogEntry.firstOfEachRow(entries)
        let current = try snapshot.moods(localIDs: firstEntries.map(\.localID))
        for entry in firstEntries {
            let before = entry.oldDate.map { MoodSortKey(date: $0, id: entry.moodID, order: request.order) }
            let after = current[entry.localID].flatMap { mood in
                request.filter.matches(mood) && bound.map { MoodSortKey(mood, order: request.order) <= $0 } != false ? mood : nil
            }
            changes.append((entry.kind == .insert ? nil : before, after))
        }
    }

    /// Moves `keys` from the old list to the new one and describes the move as a batch.
    /// - Complexity: O(k log n) for k changed rows.
    func apply(to keys: inout BlockedSortedList<MoodSortKey>, order: MoodSortOrder) -> CacheTransactionBatch {
        // Old indexes are read before anything moves; keys not in the list were not shown.
        let oldIndexes = changes.map { change in change.before.flatMap { keys.index(of: $0) } }
        for (change, oldIndex) in zip(changes, oldIndexes) where oldIndex != nil {
            keys.remove(change.before!)
        }
        let newKeys = changes.map { $0.after.map { MoodSortKey($0, order: order) } }
        for key in newKeys.compactMap({ $0 }) { keys.insert(key) }
        var transactions: [CacheTransaction] = []
        for ((change, oldIndex), newKey) in zip(zip(changes, oldIndexes), newKeys) {
            let newIndex = newKey.flatMap { keys.index(of: $0) }
            switch (oldIndex, newIndex, change.after) {
            case (let from?, nil, _):
                transactions.append(.delete(change.before!.components(order: order).id, from: from))
            case (nil, let to?, let mood?):
                transactions.append(.insert(mood, to: to))
            case (let from?, let to?, let mood?):
                transactions.append(change.before == newKey ? .update(mood, from: from, to: to) : .move(mood, from: from, to: to))
            default:
                break
            }
        }
        return CacheTransactionBatch(transactions)
    }
}
