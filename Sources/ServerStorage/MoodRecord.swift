import Foundation
import SyncProtocol

/// A mood as a storage back end keeps it: its payload, or nothing once deleted (a tombstone),
/// and where it stands in the account's change log.
public struct MoodRecord: Hashable, Sendable {
    public var id: UUID
    /// `nil` for a tombstone.
    public var payload: MoodPayload?
    /// The version clients see; the sequence of the write that stored `payload`.
    public var version: Int64
    /// The position of the mood's latest change in the account's log.
    public var sequence: Int64
    /// A tombstone's proof that a device holding the account's key deleted the mood; `nil` for
    /// a live mood, and for a tombstone of an account without a key or from before proofs.
    public var deletionProof: DeletionProof?

    public init(id: UUID, payload: MoodPayload?, version: Int64, sequence: Int64, deletionProof: DeletionProof? = nil) {
        self.id = id
        self.payload = payload
        self.version = version
        self.sequence = sequence
        self.deletionProof = deletionProof
    }

    /// The mood as clients see it, `nil` for a tombstone.
    public var synced: SyncedMood? {
        payload.map { SyncedMood(id: id, payload: $0, version: version) }
    }

    /// The record as an entry of the change feed.
    public var change: Change {
        synced.map(Change.upsert) ?? .delete(MoodDeletion(id: id, proof: deletionProof))
    }
}

extension DeletionProof {
    /// The proof as a store keeps it in one column: the key id's bytes, then the signature's.
    package var storedBytes: [UInt8] { keyID.bytes + signature.bytes }

    /// The proof ``storedBytes`` are, or `nil` for bytes of another length.
    package init?(storedBytes bytes: [UInt8]) {
        guard bytes.count == AccountKeyID.byteCount + AccountSignature.byteCount,
            let keyID = AccountKeyID(bytes: bytes.prefix(AccountKeyID.byteCount)),
            let signature = AccountSignature(bytes: bytes.dropFirst(AccountKeyID.byteCount))
        else { return nil }
        self.init(keyID: keyID, signature: signature)
    }
}
