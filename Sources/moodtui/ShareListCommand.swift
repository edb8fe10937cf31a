import ArgumentParser
import Foundation
import Logging
import MoodSync

/// `moodtui share list`: the account's live shares.
struct ShareListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List this account's shares: name, scope, when made, when they end, when last read.")

    @OptionGroup var journal: JournalOptions

    func run() async throws {
        let logger = Logger(label: "moodtui.share") { StreamLogHandler.standardError(label: $0) }
        let (store, remote) = try KeyChangeReport.open(journal, logger: logger)
        let shares: [AccountShare]
        do { shares = try await AccountShares.list(store: store, remote: remote, logger: logger) } catch {
            throw CommandFailure("cannot list the shares: \(error)")
        }
        guard !shares.isEmpty else {
            print("This account has no shares (`moodtui share add NAME` makes one).")
            return
        }
        let width = shares.map(\.descriptor.name.text.count).max() ?? 0
        for share in shares {
            let name = share.descriptor.name.text
            let read = share.lastReadAt.map { "last read \(ShareText.day($0))" } ?? "not read yet"
            print(
                "\(name)\(String(repeating: " ", count: width - name.count))  \(ShareText.scope(share.descriptor.scope))"
                    + " · made \(ShareText.day(share.createdAt)) · \(ShareText.expiry(share.descriptor.expiresAt)) · \(read)")
        }
    }
}
