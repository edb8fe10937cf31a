import MoodKit
import MoodStore

/// Keeps ``InsightsAggregates`` in step with the journal, as the ``CacheTracker`` keeps the list:
/// it reads the journal's change log from where it left off, in one snapshot with the changed
/// rows, and for each changed mood takes back out what it counted for before (recorded in the log)
/// and counts what it is now. Work is proportional to the moods changed, not to the journal.
///
/// It follows the change log itself rather than a tracker of the list: the list's tracker
/// follows what the list shows (a search narrows it), and a second one over the whole journal
/// would keep a million sort keys that counting does not need.
///
/// Not thread-safe: create it and call it on one thread.
public final class InsightsTracker {
    public private(set) var aggregates: InsightsAggregates
    /// Which day each mood falls on.
    public let localDays: LocalDays
    private let store: JournalStore
    /// The change-log position the aggregates reflect.
    private var cursor: Int64

    /// The change-log position the saved counts hold for, if they are still the journal's.
    private var savedCursor: Int64?
    /// Past this many change-log entries since the saved counts, counting afresh is cheaper.
    static let catchUpLimit: Int64 = 20_000

    /// Starts from the counts saved with the journal (``saveCounts()``) and the commits since,
    /// when they fit this time zone and are recent enough; otherwise counts the whole journal.
    /// - Throws: a store error.
    public init(store: JournalStore, localDays: LocalDays = LocalDays()) throws {
        self.store = store
        self.localDays = localDays
        let (saved, latest) = try store.read { (try SavedCounts.read(from: $0), try $0.latestChangeSequence()) }
        if let saved, saved.timeZone == localDays.timeZone.identifier, (0...Self.catchUpLimit).contains(latest - saved.cursor),
            let aggregates = saved.aggregates
        {
            (self.aggregates, cursor, savedCursor) = (aggregates, saved.cursor, saved.cursor)
            try processChanges()
        } else {
            (aggregates, cursor) = try InsightsLoading.load(from: store, days: localDays)
        }
    }

    /// Saves the counts with the journal, for the next ``init(store:localDays:)`` to start from
    /// (`moodtui stats` saves them after printing).
    /// - Throws: a store error; nothing is lost then, the next start counts afresh.
    public func saveCounts() throws {
        try countsSaving()?()
    }

    /// The write that saves the counts as they are now, to run on any thread (the app runs it off
    /// the UI thread, which must not wait for another writer's lock); `nil` when they are saved
    /// already. From now on the counts count as saved: a write that fails costs the next start a
    /// count afresh, nothing else.
    public func countsSaving() -> (@Sendable () throws -> Void)? {
        guard savedCursor != cursor else { return nil }
        let (counts, store) = (SavedCounts(aggregates, cursor: cursor, timeZone: localDays.timeZone), store)
        savedCursor = cursor
        return { try counts.save(to: store) }
    }

    /// Counts what the journal's commits changed since the last call (or counts it all again if
    /// the tracker fell behind the change log's retention).
    /// - Returns: whether any count changed.
    /// - Throws: a store error; the counts stay as they were and the next call retries.
    @discardableResult
    public func processChanges() throws -> Bool {
        let read = try store.read { snapshot -> (changes: [(before: MoodFacts?, after: MoodFacts?)], latest: Int64)? in
            switch try snapshot.changes(after: cursor) {
            case .gap: return nil
            case .entries(let entries, let latest):
                let firstEntries = ChangeLogEntry.firstOfEachRow(entries)
                let current = try snapshot.moods(localIDs: firstEntries.map(\.localID))
                let changes = firstEntries.map { entry in
                    let after = current[entry.localID].flatMap { $0.sync.markedForRemoteDeletion ? nil : MoodFacts($0) }
                    return (before: entry.before, after: after)
                }
                return (changes, latest)
            }
        }
        guard let read else {
            let previous = aggregates
            (aggregates, cursor) = try InsightsLoading.load(from: store, days: localDays)
            return aggregates != previous
        }
        cursor = read.latest
        var changed = false
        for change in read.changes where change.before != change.after {
            if let before = change.before { aggregates.remove(before, on: localDays.day(of: before.milliseconds)) }
            if let after = change.after { aggregates.add(after, on: localDays.day(of: after.milliseconds)) }
            changed = true
        }
        return changed
    }
}
