import Foundation
import MoodStore

/// Where a journal syncs to, kept in the journal itself: one journal belongs to one account.
public struct SyncAccount: Hashable, Sendable {
    /// The server's base URL, such as `http://127.0.0.1:8080`.
    public var server: URL
    /// The device token `moodtui account add` printed.
    public var token: String

    public init(server: URL, token: String) {
        self.server = server
        self.token = token
    }
}

/// The journal settings the sync engine reads and writes. Keys are named here only.
public enum SyncSettings {
    static let serverKey = "sync.server"
    static let tokenKey = "sync.token"
    /// The server's account identity ("store/account"), to notice a login to another account.
    static let accountKey = "sync.account"
    /// Where this journal stands in the account's change log; saved with each page applied.
    static let changeTokenKey = "sync.changeToken"

    /// The account the journal is logged in to, if any.
    public static func account(in store: JournalStore) throws -> SyncAccount? {
        guard let server = try store.setting(serverKey).flatMap(URL.init(string:)),
            let token = try store.setting(tokenKey)
        else { return nil }
        return SyncAccount(server: server, token: token)
    }

    /// The identity of the account the journal's moods belong to; it outlives a logout, so that
    /// logging in again to the same account picks up where the journal left off.
    public static func accountIdentity(in store: JournalStore) throws -> String? {
        try store.setting(accountKey)
    }
}
