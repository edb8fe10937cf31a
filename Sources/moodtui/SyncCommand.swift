import ArgumentParser
import Dispatch
import Foundation
import Logging
import MoodKit
import MoodStore
import MoodSync

/// `moodtui sync`: the sync engine without the screen.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync the journal with its server, without the screen.",
        discussion: """
            Runs until Ctrl-C, printing each change of status. With --once: deletes, uploads and \
            downloads everything pending, prints what it did and exits 0; exits 1 with the reason if \
            the server cannot be reached, refuses the token, or refuses a mood.
            """)

    @OptionGroup var journal: JournalOptions

    @Flag(help: "One full round, then exit.")
    var once = false

    func run() async throws {
        let store = try journal.open()
        guard let account = try SyncAccountResolver.account(for: store) else {
            throw CommandFailure("this journal is not logged in: run `moodtui login URL TOKEN` first")
        }
        let logger = Logger(label: "moodtui.sync") { StreamLogHandler.standardError(label: $0) }
        let remote = HTTPMoodRemote(account: account, deviceID: try store.deviceID(), logger: logger)
        if once {
            try await syncOnce(store: store, remote: remote, logger: logger)
        } else {
            try await syncUntilInterrupted(store: store, remote: remote, logger: logger)
        }
    }

    private func syncOnce(store: JournalStore, remote: HTTPMoodRemote, logger: Logger) async throws {
        let engine = SyncCoordinator(store: store, remote: remote, logger: logger)
        let report: SyncReport
        do { report = try await engine.syncOnce() } catch { throw CommandFailure("sync failed: \(error)") }
        print("Uploaded \(report.uploaded), deleted \(report.deleted), downloaded \(report.downloaded).")
        if let skew = try await store.read({ try $0.clockSkew() }), skew.isNoticeable {
            print("This device's clock is \(skew): its changes are ordered by the server's time; set the clock right.")
        }
        if report.unreadable > 0 {
            print("Set aside \(report.unreadable) unreadable change\(report.unreadable == 1 ? "" : "s") from the server (the log above says which).")
        }
        if report.failed > 0 {
            throw CommandFailure("\(report.failed == 1 ? "1 mood was" : "\(report.failed) moods were") refused by the server (`moodtui list --json` shows why)")
        }
    }

    private func syncUntilInterrupted(store: JournalStore, remote: HTTPMoodRemote, logger: Logger) async throws {
        let engine = SyncCoordinator(
            store: store, remote: remote, logger: logger
        ) { status in
            FileHandle.standardOutput.write(Data((SyncStatusLine.describe(status) + "\n").utf8))
        }
        print("Syncing \(store.path) with \(remote.account.server.absoluteString); Ctrl-C stops.")
        let task = Task { await engine.run() }
        let signals = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler { task.cancel() }
            source.resume()
            return source
        }
        await task.value
        signals.forEach { $0.cancel() }
    }
}

/// One line per status for `moodtui sync`'s output.
enum SyncStatusLine {
    static func describe(_ status: SyncStatus) -> String {
        let state: String
        switch status.state {
        case .localOnly: state = "not logged in"
        case .synced: state = "synced"
        case .syncing: state = "syncing"
        case .pending(let nextRun):
            state = nextRun.map { "pending; next sync in \(max(0, Int($0.timeIntervalSinceNow.rounded(.up)))) s" } ?? "pending"
        case .offline(let retryAt, let reason):
            state = "offline (\(reason)); retrying in \(max(0, Int(retryAt.timeIntervalSinceNow.rounded(.up)))) s"
        case .slowedDown(let retryAt):
            state = "slowed down by the server; retrying in \(max(0, Int(retryAt.timeIntervalSinceNow.rounded(.up)))) s"
        case .error(let message): state = "error: \(message)"
        }
        let unreadable = status.unreadable > 0 ? " · \(status.unreadable) unreadable" : ""
        let skew = status.clockSkew.map { " · this device's clock is \($0)" } ?? ""
        return "\(state) · \(status.waiting) waiting · \(status.failed) failed" + unreadable + skew
    }
}
