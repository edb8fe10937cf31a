import Foundation
import MoodExchange
import MoodKit
import MoodStore

/// A Daylio CSV of 100,000 rows imported into a new journal (read once in one transaction, as
/// `moodtui import` runs a file it can import) and the journal exported as CSV again; beside the naive import,
/// a transaction per mood as `moodtui add` in a loop would make. Each import and export runs in a
/// child process for its own peak memory, and once more with a tenth of the rows: memory is flat
/// when ten times the rows take at most ``flatMemorySlackKiB`` more.
struct ExchangeCases {
    let quick: Bool

    var rows: Int { quick ? 20_000 : 100_000 }

    /// What ten times the rows may add to a peak and still count as flat: caches filling up, not
    /// rows held.
    static let flatMemorySlackKiB = 16 * 1_024

    func run() throws -> [CaseResult] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-bench-exchange-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("daylio.csv").path, tenthCSV = folder.appendingPathComponent("daylio-tenth.csv").path
        try Self.writeDaylioCSV(rows: rows, to: csv)
        try Self.writeDaylioCSV(rows: rows / 10, to: tenthCSV)
        let rounds = (quick ? 2 : 3) + 1  // the first is a warm-up
        let journals = (0..<rounds).map { folder.appendingPathComponent("journal-\($0).sqlite").path }
        let imports = try journals.map { try Self.child(.import, csv, $0, rows: rows) }
        let tenthJournal = folder.appendingPathComponent("journal-tenth.sqlite").path
        let tenthImport = try Self.child(.import, tenthCSV, tenthJournal, rows: rows / 10)
        let exported = folder.appendingPathComponent("export.csv").path
        let exports = try (0..<rounds).map { _ in try Self.child(.export, journals[0], exported, rows: rows) }
        let tenthExport = try Self.child(.export, tenthJournal, exported, rows: rows / 10)
        // The naive way on a sample, scaled: a transaction per mood.
        let sample = quick ? 500 : 2_000
        let naiveStore = try JournalStore(path: folder.appendingPathComponent("naive.sqlite").path)
        let start = ContinuousClock.now
        for index in 0..<sample {
            let entry = try MoodEntry(level: .good, note: "naive \(index)", date: Date(timeIntervalSince1970: 1_600_000_000 + Double(index) * 3_600))
            _ = try naiveStore.write(origin: .commandLine) { try $0.add(entry) }
        }
        let naive = Samples(nanoseconds: [(ContinuousClock.now - start).nanoseconds * UInt64(rows / sample)])
        let importing = Samples(nanoseconds: imports.dropFirst().map(\.nanoseconds))
        let importFlat = Self.isFlat(imports, beside: tenthImport)
        var importCase = CaseResult(
            name: "import-daylio-\(Report.count(rows))", rows: rows, samples: importing, baseline: naive,
            target: "≤ 2 s, ≥ 15× naive, memory flat",
            met: importing.median <= 2_000_000_000 && naive.median >= 15 * importing.median && importFlat)
        importCase.extra["peak_mib"] = Self.mebibytes(imports.map(\.peakKiB).max() ?? 0)
        importCase.extra["peak_mib_tenth"] = Self.mebibytes(tenthImport.peakKiB)
        let exporting = Samples(nanoseconds: exports.dropFirst().map(\.nanoseconds))
        var exportCase = CaseResult(
            name: "export-csv-\(Report.count(rows))", rows: rows, samples: exporting, target: "≤ 1 s, memory flat",
            met: exporting.median <= 1_000_000_000 && Self.isFlat(exports, beside: tenthExport))
        exportCase.extra["peak_mib"] = Self.mebibytes(exports.map(\.peakKiB).max() ?? 0)
        exportCase.extra["peak_mib_tenth"] = Self.mebibytes(tenthExport.peakKiB)
        return [importCase, exportCase]
    }

    /// What a child measured of one import or export.
    struct ChildRun {
        var nanoseconds: UInt64
        var peakKiB: Int
    }

    enum Step: String {
        case `import`, export
    }

    /// Runs `moodtui-bench exchange-child STEP FROM TO` and checks it moved `rows` moods.
    private static func child(_ step: Step, _ from: String, _ to: String, rows: Int) throws -> ChildRun {
        let output = try ChildProcess.run(["exchange-child", step.rawValue, from, to])
        guard output.count == 3, Int(output[0]) == rows, let nanoseconds = UInt64(output[1]), let peak = Int(output[2]) else {
            throw BenchError("exchange-child \(step.rawValue) said \(output), not \(rows) moods")
        }
        return ChildRun(nanoseconds: nanoseconds, peakKiB: peak)
    }

    private static func isFlat(_ runs: [ChildRun], beside tenth: ChildRun) -> Bool {
        (runs.map(\.peakKiB).max() ?? 0) - tenth.peakKiB <= flatMemorySlackKiB
    }

    private static func mebibytes(_ kibibytes: Int) -> Double { (Double(kibibytes) / 1_024 * 10).rounded() / 10 }

    /// The child's side: imports the CSV at `from` into a new journal at `to`, or exports the
    /// journal at `from` as CSV to `to`, as `moodtui import` and `export` do; prints the moods
    /// moved, the nanoseconds it took and the process's peak memory in KiB.
    static func exchangeChild(_ step: Step, from: String, to: String) throws {
        let start = ContinuousClock.now
        let moods: Int
        switch step {
        case .import:
            let store = try JournalStore(path: to)
            moods = try Importer.write(DaylioCSVSource(try FileChunks(path: from)), mapping: .daylio, into: store, skipBadRows: false).added
        case .export:
            let store = try JournalStore(path: from)
            _ = FileManager.default.createFile(atPath: to, contents: nil)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: to))
            defer { try? handle.close() }
            moods = try Exporter.export(from: store, format: .csv, to: TextSink(handle))
        }
        print(moods, (ContinuousClock.now - start).nanoseconds, ChildProcess.peakKiB())
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
