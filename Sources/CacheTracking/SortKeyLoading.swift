import Dispatch
import MoodKit
import MoodStore
import Synchronization

/// Reads a list's sort keys — what opening the app costs on a big journal — on two threads at
/// once: the list is cut at the middle date, and each half is read in a snapshot of its own
/// (a list with a note search is read in one go, see ``load(_:from:parallelThreshold:)``).
/// The halves are joined only if both snapshots saw the same change-log position, i.e. the same
/// moods; otherwise (a commit slipped between them) the list is read again.
enum SortKeyLoading {
    /// Below this many moods one thread is as fast.
    static let parallelThreshold = 50_000

    /// The request's keys and the change-log position they reflect.
    /// - Parameter parallelThreshold: the list length from which two threads read it.
    static func load(
        _ request: CacheRequest, from store: JournalStore, parallelThreshold: Int = parallelThreshold
    ) throws -> (BlockedSortedList<MoodSortKey>, Int64) {
        // A list read by row id (a search) is read in one go: the bounds and the count that
        // splitting needs would each cost as much as reading it.
        let splittable = !request.filter.readsByRowID
        while true {
            let (bounds, count) = splittable
                ? try store.read { snapshot in
                    (try snapshot.dateBounds(request.filter), try snapshot.count(request.filter, upTo: parallelThreshold))
                }
                : (nil, 0)
            guard let bounds, count >= parallelThreshold, bounds.lowerBound < bounds.upperBound else {
                return try store.read { snapshot in
                    (try readKeys(request, dates: nil, from: snapshot), try snapshot.latestChangeSequence())
                }
            }
            let middle = bounds.lowerBound + (bounds.upperBound - bounds.lowerBound) / 2
            // Open-ended, so that a mood committed since the bounds were read falls in a part.
            let early = Int64.min...middle, late = (middle + 1)...Int64.max
            let parts = request.order == .newestFirst ? [late, early] : [early, late]
            let results = Mutex<[Int: (BlockedSortedList<MoodSortKey>, Int64)]>([:])
            let failure = Mutex<(any Error)?>(nil)
            DispatchQueue.concurrentPerform(iterations: parts.count) { part in
                do {
                    let read = try store.read { snapshot in
                        (try readKeys(request, dates: parts[part], from: snapshot), try snapshot.latestChangeSequence())
                    }
                    results.withLock { $0[part] = read }
                } catch {
                    failure.withLock { $0 = error }
                }
            }
            if let error = failure.withLock({ $0 }) { throw error }
            let halves = results.withLock { $0 }.sorted { $0.key < $1.key }.map(\.value)
            guard halves.allSatisfy({ $0.1 == halves[0].1 }) else { continue }  // a commit in between
            return (BlockedSortedList(concatenating: halves.map(\.0)), halves[0].1)
        }
    }

    private static func readKeys(
        _ request: CacheRequest, dates: ClosedRange<Int64>?, from snapshot: JournalSnapshot
    ) throws -> BlockedSortedList<MoodSortKey> {
        try BlockedSortedList { append in
            try snapshot.forEachSortKey(request.filter, order: request.order, dates: dates, append)
        }
    }
}
