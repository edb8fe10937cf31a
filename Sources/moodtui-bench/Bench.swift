import ArgumentParser
import Foundation

/// `moodtui-bench`: the performance targets, measured in release mode against the naive way.
///
/// Run it with `swift build -c release --static-swift-stdlib && .build/release/moodtui-bench
/// [--quick] [--json] [--only NAME…]`: the whole package, built as it is installed, for the
/// cases that run `moodtui` and `moodtui-core` beside it.
@main
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "moodtui-bench",
        abstract: "Measure moodtui's live list and sync against their targets.",
        subcommands: [RunBenchmarks.self, OpenChild.self, SyncChild.self, ExchangeChild.self],
        defaultSubcommand: RunBenchmarks.self)
}

/// Runs the cases and prints the report.
struct RunBenchmarks: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Run the benchmark (the default).")

    @Flag(help: "A run under a minute: smaller journals, fewer rounds.")
    var quick = false

    @Flag(help: "One JSON object per case (name, rows, median_ns, p95_ns, baseline_median_ns, ratio, …).")
    var json = false

    @Option(name: .customLong("only"), help: ArgumentHelp("Run only the groups named: \(groupNames.joined(separator: ", ")).", valueName: "group"))
    var groups: [String] = []

    static let groupNames = ["open", "prompt", "insights", "exchange", "local", "tracker", "remote", "postgres"]

    func validate() throws {
        for group in groups where !Self.groupNames.contains(group) {
            throw ValidationError("unknown group '\(group)'; the groups are \(Self.groupNames.joined(separator: ", "))")
        }
    }

    func run() async throws {
        #if DEBUG
        FileHandle.standardError.write(Data("warning: a debug build; measure with `swift build -c release --static-swift-stdlib && .build/release/moodtui-bench`\n".utf8))
        #endif
        let report = Report(json: json)
        let journals = try BenchJournals()
        report.header()
        var results: [CaseResult] = []
        if wants("open") {
            for result in try OpenCases(journals: journals, quick: quick).run() {
                report.print(result)
                results.append(result)
            }
        }
        if wants("prompt") {
            let result = try PromptCase(journals: journals, quick: quick).run()
            report.print(result)
            results.append(result)
        }
        if wants("insights") {
            for result in try InsightsCases(journals: journals, quick: quick).run() {
                report.print(result)
                results.append(result)
            }
        }
        if wants("exchange") {
            for result in try ExchangeCases(quick: quick).run() {
                report.print(result)
                results.append(result)
            }
        }
        if wants("local") {
            let result = try LocalLoopCase(journals: journals, quick: quick).run()
            report.print(result)
            results.append(result)
        }
        // Last among the local groups: its naive runs leave the process holding a million moods.
        if wants("tracker") { results += try TrackerCases(journals: journals, quick: quick, report: report).run() }
        if wants("remote") { results += try await RemoteCases(journals: journals, quick: quick, report: report).run() }
        if wants("postgres") { results += try await PostgresCases(journals: journals, quick: quick, report: report).run() }
        let missed = results.filter { !$0.met }.map(\.name)
        if !json {
            print(missed.isEmpty ? "\nEvery target met." : "\nTargets missed: \(missed.joined(separator: ", ")).")
        }
    }

    private func wants(_ group: String) -> Bool { groups.isEmpty || groups.contains(group) }
}

/// The child process of the open-1M case: opens a journal as the app does and reports.
struct OpenChild: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open-child", abstract: "(internal) Open a journal, print nanoseconds and peak KiB.", shouldDisplay: false)

    @Argument var path: String
    @Argument var screenRows: Int

    func run() throws { try OpenCases.openChild(path: path, screenRows: screenRows) }
}

/// The child process of the initial-sync case: one full round on a new journal, then a report.
struct SyncChild: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync-child", abstract: "(internal) Sync a new journal, print moods, nanoseconds and peak KiB.",
        shouldDisplay: false)

    @Argument var url: String
    @Argument var token: String
    @Argument var path: String
    /// A file holding the account key's phrase when the account's moods are sealed.
    @Option var keyFile: String?

    func run() async throws {
        guard let server = URL(string: url) else { throw BenchError("bad URL \(url)") }
        let phrase = try keyFile.map { try String(contentsOfFile: $0, encoding: .utf8) }
        try await RemoteCases.syncChild(url: server, token: token, path: path, phrase: phrase)
    }
}

/// The child process of the import and export cases: one import or export, then a report.
struct ExchangeChild: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exchange-child", abstract: "(internal) Import or export, print moods, nanoseconds and peak KiB.",
        shouldDisplay: false)

    @Argument var step: ExchangeCases.Step
    @Argument var from: String
    @Argument var to: String

    func run() throws { try ExchangeCases.exchangeChild(step, from: from, to: to) }
}

extension ExchangeCases.Step: ExpressibleByArgument {}
