import ArgumentParser
import Foundation
import MoodExchange
import MoodKit
import PrivateFiles

/// `moodtui export`: the journal in a format other tools read, to a file or standard output.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the moods: moodtui JSON (lossless), CSV (Daylio's header), Markdown or jrnl's JSON.",
        discussion: "Times are written on this device's clock (TZ). A file written with --output is readable by you alone (0600).")

    @OptionGroup var journal: JournalOptions

    @Option(help: ArgumentHelp(
        "The format: \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")). Default: json.", valueName: "format"))
    var format: ExportFormat = .json

    @Option(help: ArgumentHelp("The file to write. Default: standard output.", valueName: "file"))
    var output: String?

    @Option(help: ArgumentHelp("Only moods from this moment on: \(MoodDateInput.examples).", valueName: "date"))
    var since: String?

    @Option(help: ArgumentHelp("Only moods up to this moment (a date alone: to the end of that day).", valueName: "date"))
    var until: String?

    func run() throws {
        let range = try CommandFailure.wrapping { try Self.range(since: since, until: until) }
        let store = try journal.open(ifMissing: .refuse)
        guard let output else {
            _ = try CommandFailure.wrapping {
                try Exporter.export(from: store, format: format, range: range, to: TextSink(FileHandle.standardOutput))
            }
            return
        }
        // A bar only when the moods go to a file: on standard output it would cross them.
        let bar = ProgressBar.onTerminal(label: "Exporting to \((output as NSString).lastPathComponent)")
        defer { bar?.finish() }
        let count = try CommandFailure.wrapping {
            try PrivateFiles.replaceFile(at: output) { handle in
                try Exporter.export(from: store, format: format, range: range, to: TextSink(handle), progress: bar?.update)
            }
        }
        bar?.finish()
        FileHandle.standardError.write(Data("Exported \(count) \(count == 1 ? "mood" : "moods") to \(output).\n".utf8))
    }

    /// `--since` and `--until` as moments; a day without a time (`2026-01-31`, `today`,
    /// `yesterday`) starts (`since`) or ends (`until`) with its day.
    static func range(since: String?, until: String?) throws -> ClosedRange<Date>? {
        guard since != nil || until != nil else { return nil }
        let input = MoodDateInput()
        let now = Date()
        func isDay(_ text: String) -> Bool {
            text.wholeMatch(of: /\s*(\d{4}-\d{2}-\d{2}|today|yesterday)\s*/.ignoresCase()) != nil
        }
        func moment(_ text: String, endOfDay: Bool) throws -> Date {
            let date = try input.date(from: text, now: now)
            guard isDay(text) else { return date }
            let start = Calendar.current.startOfDay(for: date)
            return endOfDay ? Calendar.current.date(byAdding: .day, value: 1, to: start)!.addingTimeInterval(-0.001) : start
        }
        let start = try since.map { try moment($0, endOfDay: false) } ?? Date(millisecondsSince1970: MoodDateRange.milliseconds.lowerBound)
        let end = try until.map { try moment($0, endOfDay: true) } ?? Date(millisecondsSince1970: MoodDateRange.milliseconds.upperBound)
        guard start <= end else { throw CommandFailure("--since \(since ?? "") comes after --until \(until ?? "")") }
        return start...end
    }
}

extension ExportFormat: ExpressibleByArgument {}
