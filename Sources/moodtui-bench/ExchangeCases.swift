import Foundation
import MoodExchange
import MoodKit
import MoodStore

/// A Daylio CSV of 100,000 rows imported into a new journal (read once in one transaction, as
/// `moodtui import` runs a file it can import) and the journal exported as CSV again; beside the naive import,
/// a transaction per mood as `moodtui add` in a loop would make. The peak memory each adds to the
/// process shows whether it streams.
struct ExchangeCases {
    let quick: Bool

    var rows: Int { quick ? 20_000 : 100_000 }

    func run() throws -> [CaseResult] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-bench-exchange-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("daylio.csv").path
        try Self.writeDaylioCSV(rows: rows, to: csv)
        let peakBefore = ChildProcess.peakKiB()
        var round = 0
        // Only the first journal is kept (for the export): each open journal holds its page cache.
        var imported: JournalStore?
        let importing = try Samples.measure(iterations: quick ? 2 : 3, warmUp: 1) {
            round += 1
            let store = try JournalStore(path: folder.appendingPathComponent("journal-\(round).sqlite").path)
            let source = try DaylioCSVSource(try FileChunks(path: csv))
            let result = try Importer.write(source, mapping: .daylio, into: store, skipBadRows: false)
            guard result.added == rows else { throw BenchError("imported \(result.added) of \(rows) rows") }
            imported = imported ?? store
        }
        let importPeak = ChildProcess.peakKiB()
        let exported = folder.appendingPathComponent("export.csv").path
        let exporting = try Samples.measure(iterations: quick ? 2 : 3, warmUp: 1) {
            _ = FileManager.default.createFile(atPath: exported, contents: nil)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: exported))
            defer { try? handle.close() }
            guard let imported, try Exporter.export(from: imported, format: .csv, to: TextSink(handle)) == rows else { throw BenchError("export fell short") }
        }
        let exportPeak = ChildProcess.peakKiB()
        // The naive way on a sample, scaled: a transaction per mood.
        let sample = quick ? 500 : 2_000
        let naiveStore = try JournalStore(path: folder.appendingPathComponent("naive.sqlite").path)
        let start = ContinuousClock.now
        for index in 0..<sample {
            let entry = try MoodEntry(level: .good, note: "naive \(index)", date: Date(timeIntervalSince1970: 1_600_000_000 + Double(index) * 3_600))
            _ = try naiveStore.write(origin: .commandLine) { try $0.add(entry) }
        }
        let naive = Samples(nanoseconds: [(ContinuousClock.now - start).nanoseconds * UInt64(rows / sample)])
        var importCase = CaseResult(
            name: "import-daylio-\(Report.count(rows))", rows: rows, samples: importing, baseline: naive,
            target: "≤ 2 s, ≥ 15× naive, memory flat", met: importing.median <= 2_000_000_000 && naive.median >= 15 * importing.median)
        importCase.extra["peak_added_mib"] = Double(max(0, importPeak - peakBefore)) / 1024
        var exportCase = CaseResult(
            name: "export-csv-\(Report.count(rows))", rows: rows, samples: exporting, target: "≤ 1 s, memory flat",
            met: exporting.median <= 1_000_000_000)
        exportCase.extra["peak_added_mib"] = Double(max(0, exportPeak - importPeak)) / 1024
        return [importCase, exportCase]
    }

    /// Rows in Daylio's newest shape, newest first, with notes that need quoting and activities.
    static func writeDaylioCSV(rows: Int, to path: String) throws {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let sink = TextSink(handle)
        try sink.write("full_date,date,weekday,time,mood,activities,scales,note_title,note\n")
        let moods = ["rad", "good", "meh", "bad", "awful"]
        let start = Date(timeIntervalSince1970: 1_500_000_000)
        let formatter = Date.ISO8601FormatStyle(timeZone: .current).year().month().day()
        for row in (0..<rows).reversed() {
            let date = start.addingTimeInterval(Double(row) * 1_800)
            let day = date.formatted(formatter)
            let hour = row % 24, minute = (row * 7) % 60
            try sink.write("\(day),x,y,\(hour):\(minute < 10 ? "0" : "")\(minute),\(moods[row % 5]),work | good meal,,Day \(row),\"Row \(row), \"\"quoted\"\"<br>second line\"\n")
        }
        try sink.flush()
    }
}
