import Foundation
import Logging
import MoodKit
import MoodSealing
import MoodStore
import SyncProtocol

/// Making and ending shares of the account, from one of the owner's devices (`moodtui share`).
///
/// A share is made sealed: its record (name, scope, expiry, key) under the account's key, so every
/// device of the owner can open it and keep the share filled; its moods under a key of its own,
/// which only the invitation carries to the recipient. The token the recipient reads with is made
/// here too, and the server is told only its hash.
public enum AccountShares {
    /// The account's shares as the server lists them now, their records opened.
    /// - Throws: ``AccountSharesError/notSealed`` for an account without a key, a ``RemoteError``,
    ///   or a store error.
    public static func list(store: JournalStore, remote: any MoodRemote, logger: Logger) async throws -> [AccountShare] {
        let publisher = try await publisher(store: store, remote: remote, logger: logger)
        try await publisher.refreshList()
        return try await store.read { try AccountShare.all(in: $0) }
    }

    /// Makes a share named `name` of the moods `scope` admits, ending at `expiresAt` (milliseconds
    /// since 1970) if given; returns the invitation, once. The share is filled by the next sync.
    /// - Throws: ``AccountSharesError`` (an account without a key, a name taken), a
    ///   ``RemoteError`` (nothing was made), or a store error.
    public static func add(
        name: ShareName, scope: ShareScope, expiresAt: Int64?, server: URL, store: JournalStore, remote: any MoodRemote, logger: Logger
    ) async throws -> ShareInvitation {
        let taken = try await list(store: store, remote: remote, logger: logger)
        guard !taken.contains(where: { $0.descriptor.name.matches(name.text) }) else { throw AccountSharesError.nameTaken(name) }
        let (key, account) = try await sealing(store)
        let descriptor = ShareDescriptor(name: name, scope: scope, expiresAt: expiresAt, key: AccountKey())
        let id = ShareID.random(), token = ShareToken.generate()
        let request = ShareCreationRequest(
            id: id, readerTokenHash: ShareToken.hash(token), keyID: descriptor.key.id, signingKey: descriptor.key.signingKey,
            expiresAt: expiresAt, record: try ShareSeal.seal(descriptor, share: id, account: account, key: key))
        let made = try await remote.createShare(request)
        let share = AccountShare(id: id, descriptor: descriptor, createdAt: made.createdAt, lastReadAt: nil)
        try await store.write(origin: .sync) { try $0.saveShare(share.stored) }
        let owner = try await remote.accountInfo().name
        return ShareInvitation(server: server, share: id, token: token, key: descriptor.key, from: owner)
    }

    /// Ends the share named `name` (any case), with the account key's signature: its token stops,
    /// its socket closes, and the server deletes what it held; every device of the owner stops
    /// filling it. Returns the share that was ended.
    /// - Throws: ``AccountSharesError/noSuchShare(_:known:)``, a ``RemoteError``, or a store error.
    public static func revoke(named name: String, store: JournalStore, remote: any MoodRemote, logger: Logger) async throws -> AccountShare {
        let shares = try await list(store: store, remote: remote, logger: logger)
        guard let share = shares.first(where: { $0.descriptor.name.matches(name) }) else {
            throw AccountSharesError.noSuchShare(name, known: shares.map(\.descriptor.name))
        }
        let (key, account) = try await sealing(store)
        do { try await remote.revokeShare(share.id, proof: key.sign(.shareRevocation(account: account, share: share.id))) } catch {
            guard case .unknownShare = error else { throw error }  // ended meanwhile, on another device
        }
        try await store.write(origin: .sync) { try $0.endShare(Data(share.id.bytes)) }
        return share
    }

    /// The account's key and identity, which a share's record is sealed under and bound to.
    private static func sealing(_ store: JournalStore) async throws -> (AccountKey, String) {
        guard case .sealed(let key, let account) = try await store.read({ try SyncEncryption(journal: $0) }) else {
            throw AccountSharesError.notSealed
        }
        return (key, account)
    }

    private static func publisher(store: JournalStore, remote: any MoodRemote, logger: Logger) async throws -> SharePublisher {
        let (key, account) = try await sealing(store)
        let journal = SyncJournal(store: store, identity: account)
        return SharePublisher(journal: journal, remote: remote, key: key, account: account, pageSize: 500, logger: logger)
    }
}

/// Why a share cannot be made or ended, in words.
public enum AccountSharesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The journal holds no key for its account (not logged in, or an account made before keys).
    case notSealed
    case nameTaken(ShareName)
    case noSuchShare(String, known: [ShareName])

    public var description: String {
        switch self {
        case .notSealed:
            "sharing needs a journal logged in to an account with a key (`moodtui login`; for an older account, `moodtui key enable`)"
        case .nameTaken(let name): "the account already has a share named \(name): pick another name, or end it with `moodtui share revoke \(name)`"
        case .noSuchShare(let name, let known):
            "the account has no share named '\(TerminalSafeText.singleLine(name))'"
                + (known.isEmpty ? " (it has none)" : "; its shares are " + known.map(\.text).joined(separator: ", "))
        }
    }
}
