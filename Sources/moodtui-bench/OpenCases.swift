import Foundation
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
        return [open] + (try scroll(path)) + (try filter(path))
    }

    /// Typing a note filter on the opened list: the list is read again with the search, for a
    /// query no note holds and for one every note holds. No target: a filter has to read every note.
    private func filter(_ path: String) throws -> [CaseResult] {
        let screen = try BenchScreen(store: try JournalStore(path: path), visibleRows: Self.screenRows)
        return try [("filter-\(size)-none", "zq", 0), ("filter-\(size)-all", "MOOD", rows)].map { name, query, expected in
            var times: [UInt64] = []
            for round in 0..<(quick ? 3 : 4) {
                try screen.interactor.filter(noteContains: nil)
                let start = ContinuousClock.now
                try screen.interactor.filter(noteContains: query)
                if round > 0 { times.append((ContinuousClock.now - start).nanoseconds) }  // the first warms the file cache
                guard screen.interactor.count == expected else { throw BenchError("\(query) found \(screen.interactor.count) moods") }
            }
            return CaseResult(name: name, rows: rows, samples: Samples(nanoseconds: times), target: "(reference)", met: true)
        }
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
        let screen = try BenchScreen(store: try JournalStore(path: path), visibleRows: screenRows)
        let elapsed = ContinuousClock.now - start
        let view = screen.view
        guard view.lastModel?.rows.compactMap({ $0 }).count == screenRows else { throw BenchError("the first screen is not full") }
        print(elapsed.nanoseconds, ChildProcess.peakKiB())
    }
}
