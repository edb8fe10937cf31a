import Foundation
import MoodStore
import SyncProtocol

/// The journal as the sync engine writes to it: every write first checks, in its transaction,
/// that the journal still belongs to the account the engine works for. A `moodtui login` to
/// another account while the engine runs then wins cleanly: no answer from the old account is
/// recorded on the moods that now wait for the new one.
struct SyncJournal: Sendable {
    let store: JournalStore
    /// The account identity checked with the server at start (``SyncCoordinator``).
    let identity: String

    /// Runs `updates` in one write transaction with origin `sync`, without blocking a thread of
    /// the concurrency pool.
    /// - Throws: ``SyncStopped/accountChanged`` (nothing written) when the journal was logged in
    ///   to another account meanwhile, or what `updates` throws.
    func write<T: Sendable>(_ updates: @Sendable (JournalWriter) throws -> T) async throws -> T {
        try await store.write(origin: .sync) { [identity] writer in
            guard try writer.snapshot.setting(.syncAccount) == identity else { throw SyncStopped.accountChanged }
            return try updates(writer)
        }
    }

    func read<T: Sendable>(_ reads: @Sendable (JournalSnapshot) throws -> T) async throws -> T { try await store.read(reads) }
}

/// Why the engine stopped for good (until the person does something).
public enum SyncStopped: Error, Hashable, Sendable, CustomStringConvertible {
    /// The journal was logged in to another account while the engine ran.
    case accountChanged
    /// The token opens another account (named here) than the one the journal's moods belong to.
    case anotherAccount(String)
    /// The account's moods are sealed, and this device has no key for them.
    case keyNeeded
    /// The account's key is not this device's: it was rotated on another device.
    case keyChanged
    /// This device seals with a key, but the account on the server has none.
    case keyUnknownToServer
    /// The server checks this account's proofs with a signing key that is not this key's: it
    /// was registered by someone without the key.
    case signingKeyDiffers
    /// The moods the server sends do not match the account's signed head (``HeadMismatch``).
    case headMismatch(HeadMismatch)
    /// The share this journal holds was ended by its owner (named here), or expired.
    case shareEnded(String)
    /// The share's key is not the one the invitation carried.
    case shareKeyDiffers

    /// Why a device sealing with `device` cannot sync with an account whose key is `server`, or
    /// `nil` when they agree.
    static func keys(server: AccountKeyID?, device: AccountKeyID?) -> SyncStopped? {
        switch (server, device) {
        case (nil, nil): nil
        case (.some, nil): .keyNeeded
        case (nil, .some): .keyUnknownToServer
        case (.some(let server), .some(let device)): server == device ? nil : .keyChanged
        }
    }

    public var description: String {
        switch self {
        case .accountChanged: "the journal was logged in to another account meanwhile; restart moodtui"
        case .anotherAccount(let name):
            "the token opens account \(name), not the one this journal's moods belong to; use `moodtui login` to switch accounts"
        case .keyNeeded: KeyMismatchAdvice.keyNeeded
        case .keyChanged: KeyMismatchAdvice.keyChanged
        case .keyUnknownToServer:
            "the server holds no key for this account, though this journal seals with one: log in again with `moodtui login`"
        case .headMismatch(let mismatch): mismatch.description
        case .shareEnded(let owner): "\(owner) ended this share (or it expired): nothing new arrives; what was downloaded stays here"
        case .shareKeyDiffers:
            "the share on the server is not sealed with the invitation's key: the invitation was changed on the way; ask for a new one"
        case .signingKeyDiffers:
            "the server holds a signing key for this account that is not its key's: someone without the key registered it "
                + "(a stolen device token, or the server itself), and it would refuse this device's deletions; "
                + "ask the server's operator for a new account, then log in to it"
        }
    }
}
