import Foundation
import Synchronization
import MoodKit
import MoodListModule
import MoodStore

/// Opening a journal of a million moods as the app does, up to the first screen's rows, in a
/// child process each time (a cold process, and its own peak memory from `getrusage`); then
/// jumping to the bottom and back, and typing a note filter.
struct OpenCases {
    let journals: BenchJournals
    let quick: Bool

    static let screenRows = 22
    /// A million moods; a tenth of that with `--quick`, which must finish in under a minute.
    var rows: Int { quick ? 100_000 : 1_000_000 }
    var size: String { Report.count(rows) }

    func run() throws -> [CaseResult] {
        let path = try journals.path(moods: rows)
        var times: [UInt64] = [], peaks: [Double] = []
        for _ in 0..<(quick ? 3 : 7) {
            let (nanoseconds, peakKiB) = try openInChild(path)
            times.append(nanoseconds)
            peaks.append(Double(peakKiB) / 1024)
        }
        let samples = Samples(nanoseconds: Array(times.dropFirst()))  // the first run warms the file cache
        let peak = peaks.max() ?? 0
        var open = CaseResult(
            name: "open-\(size)", rows: rows, samples: samples, target: "≤ 150 ms, peak ≤ 64 MiB",
            met: samples.median <= 150_000_000 && peak <= 64)
        open.extra["peak_mib"] = (peak * 10).rounded() / 10
        return [open] + (try scroll(path)) + (try filter(path)) + (try SearchFirstScreenCases(path: path, rows: rows, quick: quick).run())
    }

    /// Typing a filter on the opened list: the list is read again with the search. A word in one
    /// note of a hundred and an activity of one mood in twenty go through the search indexes
    /// (target ≤ 50 ms), beside reading every note as the naive way must — which a query of two
    /// characters, too short for the trigram index, still does (`filter-…-none`). A query every
    /// note holds is the worst case (`filter-…-all`). `keystroke` is what the UI thread pays for
    /// a keystroke when the search is read in the background, as the app reads it.
    private func filter(_ path: String) throws -> [CaseResult] {
        let screen = try BenchScreen(store: try JournalStore(path: path), visibleRows: Self.screenRows)
        func timed(_ query: String, matching expected: ClosedRange<Int>) throws -> Samples {
            var times: [UInt64] = []
            for round in 0..<(quick ? 3 : 6) {
                try screen.interactor.filter(search: nil)
                let start = ContinuousClock.now
                try screen.interactor.filter(search: query)
                if round > 0 { times.append((ContinuousClock.now - start).nanoseconds) }  // the first warms the file cache
                guard expected.contains(screen.interactor.count) else { throw BenchError("\(query) found \(screen.interactor.count) moods") }
            }
            return Samples(nanoseconds: times)
        }
        let scan = try timed("zq", matching: 0...0)
        let tolerance = rows / 200
        let word = try timed("w42", matching: (rows / 100 - tolerance)...(rows / 100 + tolerance))
        let activity = try timed("#a7", matching: (rows / 20 - 2 * tolerance)...(rows / 20 + 2 * tolerance))
        let all = try timed("MOOD", matching: rows...rows)
        return [
            CaseResult(name: "search-\(size)-word", rows: rows, samples: word, baseline: scan, target: "≤ 50 ms", met: word.median <= 50_000_000),
            CaseResult(
                name: "search-\(size)-activity", rows: rows, samples: activity, baseline: scan, target: "≤ 50 ms",
                met: activity.median <= 50_000_000),
            CaseResult(name: "filter-\(size)-none", rows: rows, samples: scan, target: "(reference)", met: true),
            CaseResult(name: "filter-\(size)-all", rows: rows, samples: all, target: "(reference)", met: true),
            try keystroke(path),
        ] + (try nextMatch(screen))
    }

    /// `n` on the whole list after a search was kept and cleared: the first press reads the
    /// search's matches (a search's cost), the next ones step through them in O(log n) each and
    /// select the match. Beside them, the naive way: read the list onward from the selection, a
    /// page at a time, until a note holds the word.
    private func nextMatch(_ screen: BenchScreen) throws -> [CaseResult] {
        let (presenter, interactor) = (screen.presenter, screen.interactor)
        var first: [UInt64] = [], next: [UInt64] = [], naive: [UInt64] = []
        for (round, query) in ["w41", "w42", "w43", "w44", "w45", "w46"].prefix(quick ? 3 : 6).enumerated() {
            presenter.handle(.moveToTop)
            presenter.handle(.startFilter)
            for character in query { presenter.handle(.edit(.insert(character))) }
            presenter.handle(.submit)
            presenter.handle(.cancel)
            guard interactor.count == rows else { throw BenchError("the filter did not clear") }
            for press in 0..<21 {
                let start = ContinuousClock.now
                presenter.handle(.moveToMatch(forward: true))
                let elapsed = (ContinuousClock.now - start).nanoseconds
                if press == 0 { if round > 0 { first.append(elapsed) } } else { next.append(elapsed) }
            }
            presenter.handle(.moveToTop)
            var index = 0
            for _ in 0..<20 {
                let start = ContinuousClock.now
                index = try Self.naiveNextMatch(of: query, after: index, in: interactor)
                naive.append((ContinuousClock.now - start).nanoseconds)
            }
        }
        let steps = Samples(nanoseconds: next)
        return [
            CaseResult(
                name: "next-match-\(size)", rows: rows, samples: steps, baseline: Samples(nanoseconds: naive), target: "≤ 5 ms",
                met: steps.median <= 5_000_000),
            CaseResult(name: "next-match-\(size)-first", rows: rows, samples: Samples(nanoseconds: first), target: "≤ 50 ms",
                       met: Samples(nanoseconds: first).median <= 50_000_000),
        ]
    }

    /// The index of the first mood after `index` whose note holds `query`, read a page at a time.
    private static func naiveNextMatch(of query: String, after index: Int, in interactor: MoodListInteractor) throws -> Int {
        var start = index + 1
        while start < interactor.count {
            let page = interactor.moods(in: start..<min(start + 100, interactor.count))
            if let found = page.firstIndex(where: { $0.map { MoodSearchText.note($0.note, contains: query) } ?? false }) {
                return start + found
            }
            start += page.count
        }
        throw BenchError("no mood after \(index) holds \(query)")
    }

    /// What a keystroke of a search costs the UI thread when the search is read in the background.
    private func keystroke(_ path: String) throws -> CaseResult {
        let finished = Mutex(0)
        let interactor = try MoodListInteractor(
            store: try JournalStore(path: path), searchExecution: .background(wake: { finished.withLock { $0 += 1 } }))
        let queries = ["w", "w4", "w42", "w4", "w", "M", "MO", "MOO", "MOOD"]
        var times: [UInt64] = []
        for (index, query) in queries.enumerated() {
            let start = ContinuousClock.now
            try interactor.filter(search: query)
            if index > 0 { times.append((ContinuousClock.now - start).nanoseconds) }
        }
        while finished.withLock({ $0 }) < queries.count { usleep(10_000) }  // the next cases get the processor to themselves
        let samples = Samples(nanoseconds: times)
        return CaseResult(name: "keystroke-\(size)", rows: rows, samples: samples, target: "≤ 1 ms on the UI thread", met: samples.p95 <= 1_000_000)
    }

    /// `G` then `g` on the opened list: each jump reads the new window's rows.
    private func scroll(_ path: String) throws -> [CaseResult] {
        let screen = try BenchScreen(store: try JournalStore(path: path), visibleRows: Self.screenRows)
        let (presenter, view) = (screen.presenter, screen.view)
        var bottom: [UInt64] = [], top: [UInt64] = []
        for round in 0..<(quick ? 20 : 100) {
            let down = ContinuousClock.now
            presenter.handle(.moveToBottom)
            let up = ContinuousClock.now
            presenter.handle(.moveToTop)
            let end = ContinuousClock.now
            guard round > 1 else { continue }
            bottom.append((up - down).nanoseconds)
            top.append((end - up).nanoseconds)
        }
        precondition(view.lastModel?.firstIndex == 0)
        return [("scroll-\(size)-bottom", bottom), ("scroll-\(size)-top", top)].map { name, times in
            let samples = Samples(nanoseconds: times)
            return CaseResult(name: name, rows: rows, samples: samples, target: "≤ 20 ms", met: samples.median <= 20_000_000)
        }
    }

    /// Runs `moodtui-bench open-child PATH` and reads what it printed: nanoseconds and peak KiB.
    private func openInChild(_ path: String) throws -> (UInt64, Int) {
        let words = try ChildProcess.run(["open-child", path, String(Self.screenRows)])
        guard words.count == 2, let nanoseconds = UInt64(words[0]), let peak = Int(words[1]) else {
            throw BenchError("open-child said \(words)")
        }
        return (nanoseconds, peak)
    }

    /// The child's side: open, show the first screen, print the time and the peak memory.
    static func openChild(path: String, screenRows: Int) throws {
        let start = ContinuousClock.now
        // As the app: the form's activity suggestions are read in the background meanwhile.
        let screen = try BenchScreen(store: try JournalStore(path: path), visibleRows: screenRows, searchExecution: .background(wake: {}))
        let elapsed = ContinuousClock.now - start
        let view = screen.view
        guard let lines = view.lastModel?.lines, lines.count == screenRows, !lines.contains(.mood(nil)) else {
            throw BenchError("the first screen is not full")
        }
        print(elapsed.nanoseconds, ChildProcess.peakKiB())
    }
}
