import Foundation
import JournalPeek
import LocalProcesses

/// `moodtui prompt` as a shell runs it before every prompt: a whole process on a journal of a
/// million moods, beside `sqlite3` asking the journal the same question — the least any process
/// that reads the file can cost. The two answers must agree.
struct PromptCase {
    let journals: BenchJournals
    let quick: Bool

    var rows: Int { quick ? 100_000 : 1_000_000 }

    func run() throws -> CaseResult {
        let journal = try journals.path(moods: rows)
        let moodtui = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.deletingLastPathComponent()
            .appendingPathComponent("moodtui")
        guard FileManager.default.isExecutableFile(atPath: moodtui.path) else {
            throw BenchError("prompt needs moodtui beside the bench: build both (swift build -c release --static-swift-stdlib)")
        }
        guard let sqlite3 = ["/usr/bin/sqlite3", "/bin/sqlite3"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw BenchError("prompt measures sqlite3 beside moodtui: install it (apt-get install sqlite3)")
        }
        let today = Calendar.current.dateInterval(of: .day, for: Date())!
        let query = """
            SELECT EXISTS (SELECT 1 FROM mood WHERE markedForRemoteDeletion = 0 AND date >= \
            \(Int64(today.start.timeIntervalSince1970 * 1000)) AND date < \(Int64(today.end.timeIntervalSince1970 * 1000)))
            """
        let iterations = quick ? 20 : 60
        let bareArguments = [journal, query]
        let hasMoodToday = try runToEnd(URL(fileURLWithPath: sqlite3), bareArguments) == "1\n"
        let nudge = hasMoodToday ? "" : TodayNudge.text + "\n"
        let prompt = try Samples.measure(iterations: iterations) {
            let printed = try runToEnd(moodtui, ["prompt", "--journal", journal])
            guard printed == nudge else { throw BenchError("moodtui prompt printed \(printed.debugDescription), sqlite3 disagrees") }
        }
        let bare = try Samples.measure(iterations: iterations) { _ = try runToEnd(URL(fileURLWithPath: sqlite3), bareArguments) }
        return CaseResult(
            name: "prompt-\(Report.count(rows))", rows: rows, samples: prompt, baseline: bare, target: "≤ 5 ms",
            met: prompt.median <= 5_000_000)
    }

    /// What `program` printed; it must succeed.
    private func runToEnd(_ program: URL, _ arguments: [String]) throws -> String {
        let result = try ProcessResult.run(program, arguments)
        guard result.status == 0 else { throw BenchError("\(program.lastPathComponent) \(arguments.first ?? ""): \(result.standardError)") }
        return result.standardOutput
    }
}
