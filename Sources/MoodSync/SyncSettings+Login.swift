import Foundation
import MoodKit
import MoodSealing
import MoodStore

extension SyncSettings {
    /// What to do with a journal's moods when it logs in to another account than theirs.
    public enum ExistingMoods: String, Sendable, CaseIterable {
        /// Upload them to the new account, as if they were new.
        case keep
        /// Delete them from this journal (the old account keeps its copies).
        case discard
    }

    /// How many moods would change account if the journal logged in to `identity` (0 when it is
    /// the journal's own account, or the journal never synced): the person must choose.
    public static func moodsOfAnotherAccount(in store: JournalStore, identity: String) throws -> Int {
        guard let current = try accountIdentity(in: store), current != identity else { return 0 }
        return try store.read { try $0.count(MoodFilter()) }
    }

    /// Stores the server, token and key with the journal, in one transaction with what the
    /// account change needs: another account's moods are reset to upload again or discarded, as
    /// chosen, and the change token is forgotten. The same account picks up where it left off.
    /// - Parameters:
    ///   - account: the server, the token and the trust to store.
    ///   - identity: the account's id, as `GET /v1/account` gives it.
    ///   - key: the account's key; `nil` for an account without one.
    ///   - existingMoods: what becomes of another account's moods already in the journal.
    ///   - store: the journal logged in.
    public static func logIn(
        _ account: SyncAccount, identity: String, key: AccountKey?, existingMoods: ExistingMoods, in store: JournalStore
    ) throws {
        try store.write(origin: .commandLine) { writer in
            let current = try writer.snapshot.setting(.syncAccount)
            if current != identity {
                if current != nil {
                    switch existingMoods {
                    case .keep: try writer.resetSyncState()
                    case .discard: try writer.purgeAll()
                    }
                }
                try writer.setSetting(.changeToken, to: nil)
                try writer.forgetAccountHead()
                // A key of its own per account, so that two servers cannot tie their accounts
                // together by this device's key.
                for key in [JournalSettingKey.deviceKey, .deviceKeyRegistered, .seenDeviceKeys] { try writer.setSetting(key, to: nil) }
                // This journal's scales join the other account's.
                for key in [JournalSettingKey.setupVersion, .serverSetupVersion, .storedSetupChanges] { try writer.setSetting(key, to: nil) }
            }
            try writer.setSetting(.syncServer, to: account.server.absoluteString)
            try writer.setSetting(.syncToken, to: account.token)
            try writer.setSetting(.certificateAuthority, to: account.trust.certificateAuthority)
            try writer.setSetting(.allowsPlainHTTP, to: account.trust.allowsPlainHTTP ? "1" : nil)
            try writer.setSetting(.syncAccount, to: identity)
            try writer.setAccountKey(key)
            try writer.setSetting(.offeredKey, to: nil)
        }
    }

    /// Keeps `key` as the key this journal seals with, as when a person enters the phrase of a
    /// key rotated on another device.
    public static func storeKey(_ key: AccountKey, in store: JournalStore) throws {
        try store.write(origin: .commandLine) { writer in
            try writer.setAccountKey(key)
            try writer.setSetting(.offeredKey, to: nil)  // a key change of this device's that lost the race
        }
    }

    /// Keeps a key a login is about to offer the server (see ``JournalSettingKey/offeredKey``).
    static func rememberOfferedKey(_ key: AccountKey, in store: JournalStore) throws {
        try store.setSetting(.offeredKey, to: RecoveryPhrase.phrase(for: key))
    }

    /// Forgets the server and the token. The moods, their sync state and the account identity
    /// stay, so that logging in again to the same account resumes and another account asks.
    public static func logOut(of store: JournalStore) throws {
        try store.write(origin: .commandLine) { writer in
            for key in [JournalSettingKey.syncServer, .syncToken, .certificateAuthority, .allowsPlainHTTP] {
                try writer.setSetting(key, to: nil)
            }
        }
    }
}
