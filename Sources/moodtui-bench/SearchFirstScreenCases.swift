import Dispatch
import Foundation
import MoodListModule
import MoodStore

/// A search that matches most of a big journal, as the app reads it: in the background, its first
/// screen shown as soon as it is found among the newest moods, the whole list (and so the count)
/// after it. Timed from the keystroke to the first screen drawn, and to the count; beside it the
/// naive way, which reads every match before showing any (the same search read inline).
struct SearchFirstScreenCases {
    let path: String
    let rows: Int
    let quick: Bool

    /// The searches: every note ("mood"), and one character that about a fifth of the notes hold
    /// ("7", in the words `w7`, `w17`, `w70` … of ``BenchJournals``).
    private static let searches = [(name: "", query: "MOOD", share: 1.0), (name: "-one-character", query: "7", share: 0.19)]

    func run() throws -> [CaseResult] {
        try Self.searches.map { search in
            let (first, whole) = try background(search.query)
            let naive = try inline(search.query)
            let expected = Int(Double(rows) * search.share)
            guard abs(whole.count - expected) <= rows / 50 else { throw BenchError("\(search.query) found \(whole.count) moods") }
            var result = CaseResult(
                name: "search-\(Report.count(rows))-first-screen\(search.name)", rows: rows, samples: first.samples,
                baseline: naive, target: "≤ 50 ms to the first screen", met: first.samples.median <= 50_000_000)
            result.extra["count_ms"] = (Double(whole.samples.median) / 1e4).rounded() / 100
            return result
        }
    }

    /// Times from asking for the search to the first screen drawn, and to the whole list's count.
    private func background(_ query: String) throws -> (first: (samples: Samples, count: Int), whole: (samples: Samples, count: Int)) {
        let woken = DispatchSemaphore(value: 0)
        let screen = try BenchScreen(
            store: try JournalStore(path: path), visibleRows: OpenCases.screenRows, searchExecution: .background(wake: { woken.signal() }))
        let interactor = screen.interactor
        var (first, whole, count) = ([UInt64](), [UInt64](), 0)
        for round in 0..<(quick ? 3 : 8) {
            try interactor.filter(search: nil)
            while interactor.listProgress != .complete { woken.wait(); interactor.refresh() }
            let start = ContinuousClock.now
            try interactor.filter(search: query)
            var shown: ContinuousClock.Instant?
            while interactor.listProgress != .complete {
                woken.wait()
                interactor.refresh()
                if shown == nil, interactor.listProgress != .reading { shown = .now }
            }
            let end = ContinuousClock.now
            guard let lines = screen.view.lastModel?.lines, lines.count == OpenCases.screenRows, !lines.contains(.mood(nil)) else {
                throw BenchError("the first screen of \(query) is not full")
            }
            count = interactor.count
            if round > 0 {  // the first warms the file cache
                first.append(((shown ?? end) - start).nanoseconds)
                whole.append((end - start).nanoseconds)
            }
        }
        return ((Samples(nanoseconds: first), count), (Samples(nanoseconds: whole), count))
    }

    /// The naive way: the search's whole list read before the list shows any of it.
    private func inline(_ query: String) throws -> Samples {
        let screen = try BenchScreen(store: try JournalStore(path: path), visibleRows: OpenCases.screenRows)
        return try Samples.measure(iterations: quick ? 2 : 5, warmUp: 1, prepare: { try screen.interactor.filter(search: nil) }) {
            try screen.interactor.filter(search: query)
        }
    }
}
