import ArgumentParser
import Foundation
import Logging
import MoodKit
import MoodSealing
import MoodSync
import SyncProtocol

/// `moodtui share add NAME`: makes a share and prints its invitation, once.
struct ShareAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Share moods with someone; prints the invitation to send them.",
        discussion: """
            Makes a read-only share named NAME (what you call the recipient: therapist, partner), \
            fills it with the moods in its dates, and prints an invitation, alone on the last line. \
            Send it privately: whoever holds it reads the share until you end it. It is shown once. \
            The recipient runs `moodtui share accept INVITATION`.
            """)

    @Argument(help: ArgumentHelp("What you call the share (1 to 40 characters).", valueName: "name"))
    var name: String

    @Option(help: ArgumentHelp("Share only moods from this day or moment on (2026-09-01, yesterday).", valueName: "date"))
    var since: String?

    @Option(help: ArgumentHelp("Share only moods up to this day or moment.", valueName: "date"))
    var until: String?

    @Option(help: ArgumentHelp("The share ends at the end of this day (or at this moment): the recipient gets nothing new after.", valueName: "date"))
    var expires: String?

    @Flag(help: "Leave every note out: the recipient sees levels, dates and activities only.")
    var withoutNotes = false

    @OptionGroup var journal: JournalOptions

    func run() async throws {
        let shareName = try CommandFailure.wrapping { try ShareName(name) }
        let range = try ExportCommand.range(since: since, until: until)
        let scope = ShareScope(
            since: since == nil ? nil : range?.lowerBound.millisecondsSince1970,
            until: until == nil ? nil : range.map { $0.upperBound.millisecondsSince1970 + 1 }, withoutNotes: withoutNotes)
        let expiresAt = try expires.map { text in
            let end = try ExportCommand.range(since: nil, until: text)!.upperBound.millisecondsSince1970 + 1
            guard end > Date().millisecondsSince1970 else { throw CommandFailure("--expires \(text) is already past") }
            return end
        }
        let logger = Logger(label: "moodtui.share") { StreamLogHandler.standardError(label: $0) }
        let (store, remote) = try KeyChangeReport.open(journal, logger: logger)
        let invitation: ShareInvitation
        do {
            invitation = try await AccountShares.add(
                name: shareName, scope: scope, expiresAt: expiresAt, server: remote.account.server, store: store, remote: remote,
                logger: logger)
        } catch {
            throw CommandFailure("no share was made: \(error)")
        }
        let filled: String
        do {
            let report = try await SyncCoordinator(store: store, remote: remote, logger: logger).syncOnce()
            filled = "It holds \(report.shared) mood\(report.shared == 1 ? "" : "s") so far"
        } catch {
            filled = "It is filled at the next sync (\(error))"
        }
        print("""
            Made the share \(shareName): \(ShareText.scope(scope)), \(ShareText.expiry(expiresAt)). \(filled); every device \
            of this account keeps it up to date while it syncs. Send this invitation privately (it is shown once: whoever \
            holds it reads the share until `moodtui share revoke \(shareName)`):

            \(invitation.text)
            """)
    }
}

/// How the share commands describe a share's scope and expiry.
enum ShareText {
    static func scope(_ scope: ShareScope) -> String {
        var parts: [String] = []
        if let since = scope.since { parts.append("from \(day(since))") }
        if let until = scope.until { parts.append("up to \(day(until - 1))") }
        if parts.isEmpty { parts.append("every mood") }
        parts.append(scope.withoutNotes ? "without notes" : "with notes")
        return parts.joined(separator: " ")
    }

    static func expiry(_ expiresAt: Int64?) -> String {
        expiresAt.map { "ends after \(day($0 - 1))" } ?? "never ends on its own"
    }

    /// The day a moment falls on, here.
    static func day(_ milliseconds: Int64) -> String {
        Date(millisecondsSince1970: milliseconds).formatted(Date.ISO8601FormatStyle(timeZone: .current).year().month().day())
    }
}
