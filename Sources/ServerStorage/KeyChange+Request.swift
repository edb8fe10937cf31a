import Foundation
import SyncProtocol

extension KeyChange {
    /// The change `request` asks for, the device having fetched up to `unchangedSince`.
    ///
    /// A rotation (a change that replaces a key with another, signed) always re-seals the
    /// shares, so that none is left sealed with a key the devices no longer hold; any other
    /// change carries no hand-overs or share records.
    /// - Throws: ``InvalidKeyChange`` for hand-overs or records in a change that is not a
    ///   rotation, too many, one device or share twice, or a record not sealed with the new key.
    public init(_ request: KeyChangeRequest, unchangedSince: Int64) throws(InvalidKeyChange) {
        self.init(keyID: request.keyID, signingKey: request.signingKey, replaces: request.replaces, unchangedSince: unchangedSince)
        guard let replaces = request.replaces, replaces != request.keyID, let proof = request.proof else {
            guard request.handOvers == nil, request.shareRecords == nil else {
                throw InvalidKeyChange(message: "only a change that replaces the account's key, signed, carries hand-overs or share records")
            }
            return
        }
        let handOvers = request.handOvers ?? []
        guard handOvers.count <= SyncLimits.maximumKeyHandOvers else {
            throw InvalidKeyChange(message: "\(handOvers.count) hand-overs in one key change; the limit is \(SyncLimits.maximumKeyHandOvers)")
        }
        for handOver in handOvers {
            guard self.handOvers[handOver.device] == nil else { throw InvalidKeyChange(message: "device \(handOver.device) is handed the key twice") }
            self.handOvers[handOver.device] = KeyHandOver(
                keyID: request.keyID, signingKey: request.signingKey, replaces: replaces, proof: proof, wrapped: handOver.wrapped)
        }
        let updates = request.shareRecords ?? []
        guard updates.count <= SyncLimits.maximumSharesPerAccount else {
            throw InvalidKeyChange(message: "\(updates.count) share records; an account has at most \(SyncLimits.maximumSharesPerAccount) shares")
        }
        var records: [ShareID: SealedContent] = [:]
        for update in updates {
            guard records[update.share] == nil else { throw InvalidKeyChange(message: "share \(update.share) is re-sealed twice") }
            guard update.record.keyID == request.keyID else {
                throw InvalidKeyChange(message: "the record of share \(update.share) is not sealed with the new key")
            }
            records[update.share] = update.record
        }
        shareRecords = records
    }
}

/// A key change request that breaks the rules, in words: answered 400, nothing changed.
public struct InvalidKeyChange: Error, Equatable {
    public var message: String
}
