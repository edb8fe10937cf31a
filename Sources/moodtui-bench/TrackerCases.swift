import CacheTracking
import Foundation
import MoodKit
import MoodStore

/// The CacheTracker against the naive way — re-fetch the whole ordered list and diff it with
/// `difference(from:).inferringMoves()` — for one commit of each kind, and for a bulk commit.
struct TrackerCases {
    let journals: BenchJournals
    let quick: Bool
    let report: Report

    enum Kind: String, CaseIterable { case insert, delete, update, move }

    func run() throws -> [CaseResult] {
        let sizes = quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]
        var results: [CaseResult] = []
        var medians: [Kind: [Int: UInt64]] = [:]
        for size in sizes {
            let bench = try TrackerBench(path: try journals.path(moods: size), journals: journals)
            for kind in Kind.allCases {
                let tracker = try bench.measureTracker(iterations: quick ? 20 : 50) { try bench.commit(kind) }
                let naive = try bench.measureNaive(iterations: size >= 1_000_000 ? 3 : (quick ? 5 : 10)) { try bench.commit(kind) }
                medians[kind, default: [:]][size] = tracker.median
                var result = CaseResult(
                    name: "tracker-\(kind.rawValue)", rows: size, samples: tracker, baseline: naive, target: "", met: true)
                if size == 100_000 {
                    result.target = "≥ 100× naive"
                    result.met = (result.ratio ?? 0) >= 100
                } else if size == 1_000_000, let small = medians[kind]?[10_000] {
                    result.target = "≤ 3× the 10k median"
                    result.met = Double(tracker.median) <= 3 * Double(small)
                } else {
                    result.target = "(reference)"
                }
                report.print(result)
                results.append(result)
            }
            if size == 100_000 {
                let tracker = try bench.measureTracker(iterations: quick ? 5 : 20) { try bench.bulkCommit(rows: 1_000) }
                let naive = try bench.measureNaive(iterations: quick ? 3 : 5) { try bench.bulkCommit(rows: 1_000) }
                var result = CaseResult(name: "tracker-bulk", rows: size, samples: tracker, baseline: naive, target: "≥ 20× naive", met: true)
                result.met = (result.ratio ?? 0) >= 20
                report.print(result)
                results.append(result)
            }
        }
        return results
    }
}

/// One journal, its tracker and the naive copy, and the commits the cases make.
private final class TrackerBench: CacheTrackerDelegate {
    let store: JournalStore
    let tracker: CacheTracker
    let journals: BenchJournals
    private var batches = 0
    private var generator = SystemRandomNumberGenerator()

    init(path: String, journals: BenchJournals) throws {
        store = try JournalStore(path: path)
        tracker = try CacheTracker(store: store)
        self.journals = journals
        tracker.delegate = self
    }

    func cacheTracker(_ tracker: CacheTracker, didProduce batch: CacheTransactionBatch) { batches += 1 }
    func cacheTrackerDidReload(_ tracker: CacheTracker) {}

    /// Times "commit → batch delivered" for the tracker; the commit itself is not timed.
    func measureTracker(iterations: Int, commit: () throws -> Void) throws -> Samples {
        let before = batches
        let samples = try Samples.measure(iterations: iterations, prepare: commit) { try tracker.processChanges() }
        precondition(batches - before == iterations + 2, "every commit must produce a batch")
        return samples
    }

    /// Times the naive way: fetch the whole ordered list, diff it with the previous one.
    func measureNaive(iterations: Int, commit: () throws -> Void) throws -> Samples {
        let request = tracker.request
        var previous = try store.read { try $0.moods(request.filter, order: request.order) }
        let samples = try Samples.measure(iterations: iterations, warmUp: 1, prepare: commit) {
            let current = try store.read { try $0.moods(request.filter, order: request.order) }
            let difference = current.difference(from: previous).inferringMoves()
            precondition(!difference.isEmpty)
            previous = current
        }
        try tracker.processChanges()  // catch up with the commits made for the naive runs
        return samples
    }

    func commit(_ kind: TrackerCases.Kind) throws {
        switch kind {
        case .insert:
            try store.write(origin: .other) { try $0.insert(journals.randomMood()) }
        case .delete:
            let id = try randomListedMood().id
            try store.write(origin: .other) { try $0.purge([id]) }
        case .update:
            let mood = try randomListedMood()
            try store.write(origin: .other) { try $0.edit(mood.id, level: mood.level, note: mood.note + ".") }
        case .move:
            var mood = try randomListedMood()
            mood.date = journals.randomMood().date
            try store.write(origin: .other) { try $0.replace(mood) }
        }
    }

    /// One commit touching `rows` moods: a quarter each inserted, deleted, updated and moved.
    func bulkCommit(rows: Int) throws {
        let quarter = rows / 4
        var picked: [Mood.ID: Mood] = [:]
        while picked.count < 3 * quarter {
            let mood = try randomListedMood()
            picked[mood.id] = mood
        }
        let existing = Array(picked.values)
        try store.write(origin: .other) { writer in
            for _ in 0..<quarter { try writer.insert(journals.randomMood()) }
            try writer.purge(existing[0..<quarter].map(\.id))
            for mood in existing[quarter..<(2 * quarter)] { try writer.edit(mood.id, level: mood.level, note: mood.note + ".") }
            for var mood in existing[(2 * quarter)...] {
                mood.date = journals.randomMood().date
                try writer.replace(mood)
            }
        }
    }

    /// A mood picked at a random point of the list, found through the index (O(log n)), so that
    /// it works while the tracker is behind the commits made for the naive runs.
    private func randomListedMood() throws -> Mood {
        let order = tracker.request.order, filter = tracker.request.filter
        let start = MoodSortKey(date: journals.randomMood().date.millisecondsSince1970, id: UUID(), order: order)
        let mood = try store.read { snapshot in
            try snapshot.moods(filter, order: order, startingAt: start, limit: 1).first
                ?? snapshot.moods(filter, order: order, limit: 1).first
        }
        guard let mood else { throw BenchError("the journal is empty") }
        return mood
    }
}

/// A benchmark that could not run, in words.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
