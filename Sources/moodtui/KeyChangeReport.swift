import Foundation
import Logging
import MoodSealing
import MoodStore
import MoodSync

/// What the `moodtui key` commands that talk to the server share: the logged-in journal, and the
/// words for a key change (`enable`, `rotate`) that stopped or finished.
enum KeyChangeReport {
    /// The journal of `options` and its server.
    /// - Throws: ``CommandFailure`` for a missing journal or one that is not logged in.
    static func open(_ options: JournalOptions, logger: Logger) throws -> (store: JournalStore, remote: HTTPMoodRemote) {
        let store = try options.open(ifMissing: .refuse)
        guard let account = try CommandFailure.wrapping({ try SyncSettings.account(in: store) }) else {
            throw CommandFailure("this journal is not logged in: use `moodtui login URL TOKEN`")
        }
        return (store, HTTPMoodRemote(account: account, deviceID: try store.deviceID(), logger: logger))
    }

    /// The failure of a key change that stopped on `error` after it began, the journal having held
    /// `keyBefore`. If the journal took the new key, its phrase is printed (alone on the last
    /// line of standard output): the server is on it, and the other devices need it.
    static func unfinished(_ error: any Error, keyBefore: AccountKey?, store: JournalStore) -> CommandFailure {
        guard let held = (try? store.read { try SyncSettings.accountKey(in: $0) }) ?? nil, held.id != keyBefore?.id else {
            return CommandFailure("the key change did not finish: \(error); run the command again to finish it")
        }
        print("The account's new recovery phrase; write it down, the other devices need it (`moodtui key enter`):")
        print(RecoveryPhrase.phrase(for: held))
        return CommandFailure(
            "the account has its new key, but not every mood went up again sealed with it (\(error)); `moodtui sync --once` finishes that")
    }

    /// A sentence on the moods the last round could not seal anew, or nothing when there are none:
    /// their copies on the server stay as they were.
    static func leftBehind(_ report: SyncReport, asBefore: String) -> String {
        guard report.failed + report.unreadable > 0 else { return "" }
        return " Not sealed anew: \(report.failed) refused by the server and \(report.unreadable) set aside as unreadable here "
            + "(`moodtui sync --once` says which); the server's copies of those stay \(asBefore)."
    }
}
