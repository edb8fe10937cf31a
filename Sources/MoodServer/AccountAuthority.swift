import Foundation
import ServerStorage
import SyncProtocol

/// The rule that a device token alone does not carry an account key's authority: in an account
/// with a key, deleting moods, changing the key, revoking a device, storing the setup and giving
/// the account a head need the key's signature (``SignedStatement``), checked here against the signing key the
/// account registered. A stolen token can still read sealed bytes and upload bytes of its own
/// (which devices cannot open, and set aside); and, for an account sealed before signing keys,
/// register a signing key before the account's devices do (they then stop and say so).
///
/// An account without a key has no authority to protect (its server reads its moods): every
/// request of its tokens goes through, as before keys existed.
enum AccountAuthority {
    /// - Throws: 409 `key_changed` for a deletion signed with another key, 403 `proof_required`
    ///   unless every deletion carries a signature of the account's key over its id.
    static func check(_ deletions: [MoodDeletion], in account: Account) throws(ServerError) {
        guard let keyID = account.keyID else { return }
        let signingKey = try registeredSigningKey(of: account)
        for deletion in deletions {
            if let proof = deletion.proof, proof.keyID != keyID {
                // Signed with a key the account left: the device missed a rotation, and may have
                // been handed the new key (409 tells it to look), rather than lacking authority.
                throw ServerError.keyChanged("the deletion of mood \(deletion.id.uuidString) is signed with a key this account no longer has")
            }
            guard let proof = deletion.proof,
                signingKey.signed(.deletion(account: account.publicID, mood: deletion.id, key: keyID), with: proof.signature)
            else {
                throw refusal("the deletion of mood \(deletion.id.uuidString) is not signed with this account's key; nothing was deleted")
            }
        }
    }

    /// - Throws: 403 `proof_required` unless the change is signed with the key it replaces, or
    ///   registers the signing key of a key that has none registered yet.
    static func check(_ change: KeyChangeRequest, in account: Account) throws(ServerError) {
        guard account.keyID != nil else { return }
        guard let signingKey = account.signingKey else {
            // A key sealed before signing keys existed: the first registration of its signing
            // key is taken on trust (the storage takes it once); any other change waits for it.
            guard change.keyID == account.keyID, change.replaces == account.keyID else { throw unregistered }
            return
        }
        let statement = SignedStatement.keyChange(
            account: account.publicID, key: change.keyID, signingKey: change.signingKey, replaces: change.replaces)
        guard let proof = change.proof, signingKey.signed(statement, with: proof) else {
            throw refusal("changing this account's key needs the signature of its current key; the key was not changed")
        }
    }

    /// - Throws: 409 `key_changed` unless `registration` names the account's key, 403
    ///   `proof_required` unless that key signed it for the device `device`: the server keeps
    ///   only keys a rotation may wrap the account's key for.
    static func check(_ registration: DeviceKeyRegistration, device: DeviceTokenID, in account: Account) throws(ServerError) {
        guard let keyID = account.keyID else { throw ServerError.keyChanged("an account without a key has no device keys") }
        guard registration.keyID == keyID else { throw ServerError.keyChanged("the device key is not signed with this account's current key") }
        let signingKey = try registeredSigningKey(of: account)
        guard registration.isSigned(by: signingKey, account: account.publicID, device: device) else {
            throw refusal("the device key is not signed with this account's key for this device; it was not registered")
        }
    }

    /// - Throws: 403 `proof_required` unless `proof` is the key's signature over revoking `device`.
    static func check(revoking device: DeviceTokenID, proof: AccountSignature?, in account: Account) throws(ServerError) {
        guard account.keyID != nil else { return }
        let signingKey = try registeredSigningKey(of: account)
        guard let proof, signingKey.signed(.revocation(account: account.publicID, device: device), with: proof) else {
            throw refusal("revoking a device of this account needs the signature of its key; the device was not revoked")
        }
    }

    /// - Throws: 403 `proof_required` unless a sealed setup carries the key's signature over it:
    ///   a token alone cannot write over the account's scales.
    static func check(_ setup: SetupUpload, in account: Account) throws(ServerError) {
        // A setup under another key is the storage's to refuse (409 `key_changed`: the device missed a rotation).
        guard let keyID = account.keyID, setup.payload.keyID == keyID, let statement = setup.statement(account: account.publicID) else {
            return
        }
        let signingKey = try registeredSigningKey(of: account)
        guard let proof = setup.proof, signingKey.signed(statement, with: proof) else {
            throw refusal("storing this account's setup needs the signature of its key; the setup was not stored")
        }
    }

    /// - Throws: 403 `proof_required` unless `proof` is the key's signature over ending `share`.
    static func check(revokingShare share: ShareID, proof: AccountSignature?, in account: Account) throws(ServerError) {
        guard account.keyID != nil else { return }
        let signingKey = try registeredSigningKey(of: account)
        guard let proof, signingKey.signed(.shareRevocation(account: account.publicID, share: share), with: proof) else {
            throw refusal("ending a share of this account needs the signature of its key; the share was not ended")
        }
    }

    /// - Throws: 409 `key_changed` for a head of another key, 403 `proof_required` unless `head`
    ///   is signed with the account's key: a token alone cannot make the devices doubt the
    ///   server, nor vouch for it.
    static func check(_ head: AccountHead, in account: Account) throws(ServerError) {
        guard let keyID = account.keyID else { throw refusal("an account without a key has no head") }
        guard head.keyID == keyID else { throw ServerError.keyChanged("the head is signed with a key this account no longer has") }
        let signingKey = try registeredSigningKey(of: account)
        guard signingKey.signed(head.statement(account: account.publicID), with: head.signature) else {
            throw refusal("the head is not signed with this account's key; it was not taken")
        }
    }

    private static func registeredSigningKey(of account: Account) throws(ServerError) -> AccountSigningKey {
        guard let signingKey = account.signingKey else { throw unregistered }
        return signingKey
    }

    private static let unregistered = refusal(
        "this account's key has no signing key registered yet: sync once with an up-to-date moodtui on a device that holds the key")

    private static func refusal(_ message: String) -> ServerError {
        ServerError(status: .forbidden, code: .proofRequired, message: message)
    }
}
