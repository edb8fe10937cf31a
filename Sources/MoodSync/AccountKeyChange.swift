import Foundation
import Logging
import MoodSealing
import MoodStore
import SyncProtocol

/// Moving an account's moods to a new key, from one device: `moodtui key enable` (an account
/// made before keys) and, later, rotation.
///
/// 1. A full round: everything here goes up, everything there comes down.
/// 2. The server takes the new key only if the account did not change after that round (another
///    device may have written meanwhile): else the round runs again.
/// 3. The journal keeps the key and marks every mood to go up again; a last round uploads them
///    sealed, and the server's plain copies are overwritten.
///
/// The key is kept in the journal as offered before the server is asked, so that a crash or a
/// lost answer after the server took it loses nothing: running the command again finds the
/// server on the offered key and goes on from step 3.
public enum AccountKeyChange {
    /// How many times step 2 may find the account changed before giving up.
    static let attempts = 5

    /// Gives an account without a key one, as `moodtui key enable`: a new key, or the one this
    /// journal offered when a run before was cut off after the server took it.
    /// - Throws: ``AccountKeyChangeError/alreadyEncrypted`` for an account with a key, and
    ///   what ``change(to:store:remote:logger:)`` throws.
    public static func enable(store: JournalStore, remote: any MoodRemote, logger: Logger) async throws -> (key: AccountKey, report: SyncReport) {
        let key: AccountKey
        if let keyID = try await remote.accountInfo().keyID {
            let offered = try await store.read { try SyncSettings.offeredKey(in: $0) }
            guard let offered, offered.id == keyID else { throw AccountKeyChangeError.alreadyEncrypted }
            key = offered
        } else {
            key = AccountKey()
        }
        return (key, try await change(to: key, store: store, remote: remote, logger: logger))
    }

    /// Seals the account's moods with `newKey` from now on; returns the last round's report.
    /// - Throws: ``AccountKeyChangeError``, a ``RemoteError`` or a ``SyncStopped``.
    static func change(
        to newKey: AccountKey, store: JournalStore, remote: any MoodRemote, logger: Logger
    ) async throws -> SyncReport {
        let current = try await store.read { try SyncSettings.accountKey(in: $0) }
        try SyncSettings.rememberOfferedKey(newKey, in: store)
        var attempt = 0
        while try await remote.accountInfo().keyID != newKey.id {
            attempt += 1
            guard attempt <= attempts else { throw AccountKeyChangeError.accountKeepsChanging }
            _ = try await SyncCoordinator(store: store, remote: remote, logger: logger).syncOnce()
            let token = try await store.read { try $0.setting(.changeToken) }.map(ChangeToken.init(rawValue:))
            do {
                _ = try await remote.changeKey(KeyChangeRequest(keyID: newKey.id, replaces: current?.id, since: token))
            } catch {
                guard case .changesSince = error else { throw error }
            }
        }
        try await store.write(origin: .commandLine) { writer in
            try writer.setSetting(.accountKey, to: RecoveryPhrase.phrase(for: newKey))
            try writer.setSetting(.offeredKey, to: nil)
            try writer.markAllForUploadAgain()
        }
        return try await SyncCoordinator(store: store, remote: remote, logger: logger).syncOnce()
    }
}

/// Why a key change did not happen, in words.
public enum AccountKeyChangeError: Error, Equatable, CustomStringConvertible {
    /// Other devices wrote between every round and the request.
    case accountKeepsChanging
    /// `key enable` on an account whose moods are already sealed.
    case alreadyEncrypted

    public var description: String {
        switch self {
        case .alreadyEncrypted:
            "this account's moods are already end-to-end encrypted (`moodtui key show` prints the phrase on a device that has it)"
        case .accountKeepsChanging:
            "other devices kept changing the account while the key was being changed; nothing changed, try again"
        }
    }
}
