import Foundation
import JournalTesting
import MoodKit
import MoodSync
import SyncTesting

/// A journal logged in to `remote`'s account as `moodtui login` leaves it: with the account's key
/// (a new one for the account's first device, else the one `phrase` spells), nothing synced yet.
func loggedInJournal(_ remote: InMemoryRemote, phrase: String? = nil, wallClock: WallClock = .system) async throws -> TemporaryJournal {
    let journal = try TemporaryJournal(wallClock: wallClock)
    let outcome = try await AccountKeyLogin.settle(try await remote.accountInfo(), remote: remote, store: journal.store, given: phrase) { nil }
    try SyncSettings.logIn(
        SyncAccount(server: URL(string: "http://127.0.0.1:1")!, token: "t"), identity: remote.accountID, key: outcome.key,
        existingMoods: .keep, in: journal.store)
    return journal
}
