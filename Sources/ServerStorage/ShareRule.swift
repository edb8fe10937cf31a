import Foundation
import SyncProtocol

/// A share to make, as the owner's device asked for it.
public struct NewShare: Hashable, Sendable {
    public var id: ShareID
    /// The hash of the recipient's token: the share account's one token.
    public var readerTokenHash: Data
    /// The share key's id and signing key: the share account's, so that uploads into it are
    /// checked against the share's key as an account's are against its own.
    public var keyID: AccountKeyID
    public var signingKey: AccountSigningKey
    public var expiresAt: Int64?
    public var record: SealedContent

    public init(_ request: ShareCreationRequest) {
        id = request.id
        readerTokenHash = Data(request.readerTokenHash.bytes)
        keyID = request.keyID
        signingKey = request.signingKey
        expiresAt = request.expiresAt
        record = request.record
    }
}

/// What ``MoodServerStorage/createShare(_:of:)`` did. A share is kept as the owner's devices list
/// it (`ListedShare`): all the server knows of it besides its account.
public enum ShareCreation: Hashable, Sendable {
    case created(ListedShare)
    /// The owner already has a share with this id (a retried request whose answer was lost
    /// finds its own share here).
    case exists(ListedShare)
    /// The owner has ``SyncLimits/maximumSharesPerAccount`` live shares.
    case limitReached
    /// The record is not sealed with the owner's key as the transaction reads it: the key was
    /// rotated meanwhile, and the devices on the new key could not open it.
    case keyChanged
}

/// The rules of shares every storage back end applies, so that back ends cannot disagree.
public enum ShareRule {
    /// The name of a share's account: the owner's name, a slash, the share's id. A person's
    /// account name cannot hold a slash (``Account/isValidName(_:)``), so the two never meet.
    public static func accountName(owner: Account, share: ShareID) -> String {
        "\(owner.name)/\(share)"
    }

    /// Whether a share that expires at `expiresAt` is still open at `now` (milliseconds):
    /// expiry is checked on every request, so a token stops at its time even before the sweep
    /// deletes the share.
    public static func isOpen(expiresAt: Int64?, now: Int64) -> Bool {
        expiresAt.map { now < $0 } ?? true
    }

    /// How far apart the recipient's reads are noted: every fetch would be a write.
    public static let readNoteInterval: Int64 = 60_000
}
