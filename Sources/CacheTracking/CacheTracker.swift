import Foundation
import MoodKit
import MoodStore

/// Keeps the ordered result of a ``CacheRequest`` in step with the journal and turns each change
/// into a ``CacheTransactionBatch``: the part `NSFetchedResultsController` plays in the Moody and
/// VIPER designs.
///
/// It keeps only the sort keys of the listed moods (24 bytes each) in a `BlockedSortedList`, and
/// reads the journal's change log from where it left off, in one snapshot with the changed rows.
/// So a commit touching k rows costs about O(k log n) in a list of n, and a window of rows is read
/// from the database only when asked for (``moods(in:)``).
///
/// Not thread-safe: create it and call it on one thread (the app's UI thread). Call
/// ``processChanges()`` whenever the journal may have changed — a `JournalWatcher` says when.
public final class CacheTracker {
    /// Told about every batch and reload.
    public weak var delegate: (any CacheTrackerDelegate)?
    /// What the tracker follows; change it with ``setRequest(_:)``.
    public private(set) var request: CacheRequest
    private let store: JournalStore
    /// Internal, not private, for the match steps (`CacheTracker+Matches.swift`).
    var keys = BlockedSortedList<MoodSortKey>(sorted: [])
    /// The change-log position the list reflects.
    private var cursor: Int64 = 0
    /// The last key the list reaches while it is a search's first screen (``Prepared/isComplete``):
    /// a change after it is left out, as the moods after it are.
    private var bound: MoodSortKey?

    /// Starts tracking `request` in `store` with a fresh read of the list.
    /// - Throws: a store error if the journal cannot be read.
    public init(store: JournalStore, request: CacheRequest = .journal) throws {
        self.store = store
        self.request = request
        try reload()
    }

    /// How many moods the list holds.
    public var count: Int { keys.count }

    /// Whether the list holds every mood the request selects, or only the first screen of a
    /// search read ahead with ``prepareFirstScreen(_:rows:scanLimit:from:)``, until the whole list is adopted.
    public var isComplete: Bool { bound == nil }

    /// The journal's change-log position the list reflects: it moves with every commit the
    /// tracker has seen, whether or not the commit changed the list.
    public var changeLogPosition: Int64 { cursor }

    /// Follows another request: the list is read afresh and the delegate told to reload.
    /// - Throws: a store error; the tracker keeps its old request then.
    public func setRequest(_ request: CacheRequest) throws {
        let previous = self.request
        self.request = request
        do { try reload() } catch {
            self.request = previous
            throw error
        }
        delegate?.cacheTrackerDidReload(self)
    }

    /// A request's list read ahead, on any thread, for ``adopt(_:)`` to take on the tracker's:
    /// how a search on a big journal is read without holding the UI thread.
    public struct Prepared: Sendable {
        public let request: CacheRequest
        let keys: BlockedSortedList<MoodSortKey>
        fileprivate let cursor: Int64
        /// For a first screen, the last key it reaches; `nil` for the whole list.
        fileprivate var bound: MoodSortKey? = nil
        /// The journal's change-log position the list was read at.
        public var changeLogPosition: Int64 { cursor }
        /// Whether this is the request's whole list, or only its first moods.
        public var isComplete: Bool { bound == nil }
    }

    /// Reads `request`'s list from `store`. Touches no tracker: call it on any thread.
    /// - Throws: a store error.
    public static func prepare(_ request: CacheRequest, from store: JournalStore) throws -> Prepared {
        let (keys, cursor) = try SortKeyLoading.load(request, from: store)
        return Prepared(request: request, keys: keys, cursor: cursor)
    }

    /// The first `rows` moods of `request`'s list, read from the top of the list without reading
    /// every match: what a search shows while its whole list is read. Touches no tracker.
    /// - Returns: the whole list when the look reached its end; `nil` when the first moods hold
    ///   fewer than `rows` matches, and only the whole list says which come first.
    /// - Complexity: O(min(`scanLimit`, n) log n), whatever the number of matches.
    public static func prepareFirstScreen(
        _ request: CacheRequest, rows: Int, scanLimit: Int = firstScreenScanLimit, from store: JournalStore
    ) throws -> Prepared? {
        let (first, cursor) = try store.read { snapshot in
            (try snapshot.firstSortKeys(request.filter, order: request.order, limit: rows, scanLimit: scanLimit),
             try snapshot.latestChangeSequence())
        }
        switch first {
        case .whole(let keys): return Prepared(request: request, keys: BlockedSortedList(sorted: keys), cursor: cursor)
        case .prefix(let keys): return Prepared(request: request, keys: BlockedSortedList(sorted: keys), cursor: cursor, bound: keys.last)
        case .notFound: return nil
        }
    }

    /// How many moods from the top a first screen looks through: about 20 ms on a small machine
    /// when the matches are too few to fill it, which the whole list's read then follows.
    public static let firstScreenScanLimit = 10_000

    /// Follows the prepared request: the delegate is told to reload, then told, in a batch, what
    /// commits since the list was read changed.
    /// - Throws: a store error while catching up; the list is the prepared one then, and the
    ///   next ``processChanges()`` retries.
    public func adopt(_ prepared: Prepared) throws {
        (request, keys, cursor, bound) = (prepared.request, prepared.keys, prepared.cursor, prepared.bound)
        delegate?.cacheTrackerDidReload(self)
        try processChanges()
    }

    /// The moods at `range` of the list, latest content, one entry per index. An entry is `nil`
    /// only when its mood was deleted by a commit that ``processChanges()`` has not seen yet.
    /// - Complexity: O(k log n) for k indexes.
    public func moods(in range: Range<Int>) throws -> [Mood?] {
        let clamped = range.clamped(to: 0..<count)
        let ids = clamped.map { keys.element(at: $0).components(order: request.order).id }
        let found = try store.read { try $0.moods(ids: ids) }
        return ids.map { found[$0] }
    }

    /// The index of the mood with this id, or `nil` when it is not in the list.
    /// - Complexity: O(log n).
    public func index(of id: Mood.ID) throws -> Int? {
        guard let mood = try store.read({ try $0.mood(id: id) }) else { return nil }
        return keys.index(of: MoodSortKey(mood, order: request.order))
    }

    /// Where the moods felt at `milliseconds` (since 1970) begin in the list: the index of the
    /// first mood felt at or before that moment (newest first) or at or after it (oldest first);
    /// ``count`` when there is none.
    /// - Complexity: O(log n).
    public func index(ofMoment milliseconds: Int64) -> Int {
        // The key that sorts first among the keys of that moment, whatever the ids.
        let id = request.order == .newestFirst ? UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255)) : UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        return keys.insertionIndex(of: MoodSortKey(date: milliseconds, id: id, order: request.order))
    }

    /// The whole list as one batch of insertions into an empty list, as the VIPER design's
    /// `obtainTransactionBatchFromCurrentCache` gives it — for a consumer that keeps its own copy.
    /// The list is read afresh in one snapshot, and later batches continue from that snapshot.
    /// - Complexity: O(n log n).
    public func currentBatch() throws -> CacheTransactionBatch {
        let request = self.request
        let (moods, latest) = try store.read { snapshot in
            (try snapshot.moods(request.filter, order: request.order), try snapshot.latestChangeSequence())
        }
        keys = BlockedSortedList(sorted: moods.map { MoodSortKey($0, order: request.order) })
        (cursor, bound) = (latest, nil)
        return CacheTransactionBatch(moods.enumerated().map { .insert($1, to: $0) })
    }

    /// Reads what the journal's commits changed since the last call and tells the delegate, in
    /// one batch (or a reload if the tracker fell behind the change log's retention).
    /// - Throws: a store error; the list then stays as it was and the next call retries.
    public func processChanges() throws {
        let request = self.request
        let pending = try store.read { snapshot -> PendingChanges? in
            switch try snapshot.changes(after: cursor) {
            case .gap: return nil
            case .entries(let entries, let latest):
                return try PendingChanges(entries: entries, latest: latest, snapshot: snapshot, request: request, bound: bound)
            }
        }
        guard let pending else {
            try reload()
            delegate?.cacheTrackerDidReload(self)
            return
        }
        cursor = pending.latest
        let batch = pending.apply(to: &keys, order: request.order)
        if !batch.isEmpty { delegate?.cacheTracker(self, didProduce: batch) }
    }

    private func reload() throws {
        let request = self.request
        (keys, cursor) = try SortKeyLoading.load(request, from: store)
        bound = nil
    }
}
