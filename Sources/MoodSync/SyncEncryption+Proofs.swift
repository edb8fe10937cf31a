import Foundation
import MoodKit
import MoodSealing
import SyncProtocol

/// The key's authority: what this device signs, and which deletions from the server it believes.
///
/// In a sealed account a mood is dropped here only on a deletion signed with the account's key
/// (``SignedStatement/deletion(account:mood:key:)``): the server, or anyone holding a device
/// token without the key, cannot make one, so a forged deletion is refused and the mood stays.
/// An account without a key trusts its server, which reads its moods anyway.
extension SyncEncryption {
    /// The deletion of `id` as this device sends it: with the key's proof in a sealed account.
    func deletion(of id: Mood.ID) -> MoodDeletion {
        guard case .sealed(let key, let account) = self else { return MoodDeletion(id: id, proof: nil) }
        let signature = key.sign(.deletion(account: account, mood: id, key: key.id))
        return MoodDeletion(id: id, proof: DeletionProof(keyID: key.id, signature: signature))
    }

    /// Checks that `deletion` may remove the mood here.
    /// - Throws: ``UnprovenDeletion`` saying why not.
    func check(_ deletion: MoodDeletion) throws(UnprovenDeletion) {
        guard case .sealed(let key, let account) = self else { return }
        guard let proof = deletion.proof else { throw .unsigned(deletion.id) }
        guard proof.keyID == key.id else { throw .anotherKey(deletion.id, proof.keyID) }
        guard key.signingKey.signed(.deletion(account: account, mood: deletion.id, key: key.id), with: proof.signature) else {
            throw .forged(deletion.id)
        }
    }
}

/// A deletion from the server this device does not believe, in words: the mood stays.
enum UnprovenDeletion: Error, Equatable, Sendable, CustomStringConvertible {
    /// No signature: forged, or made by a moodtui from before deletions were signed.
    case unsigned(UUID)
    /// Signed with a key this device does not hold (one the account had before a rotation).
    case anotherKey(UUID, AccountKeyID)
    /// A signature that does not check out: forged, or changed on the way.
    case forged(UUID)

    var description: String {
        switch self {
        case .unsigned(let id):
            "the server says mood \(id.uuidString) was deleted, but no device holding the account's key signed the deletion "
                + "(forged, or made by a moodtui from before deletions were signed); it stays here: delete it here to delete it everywhere"
        case .anotherKey(let id, let keyID):
            "the deletion of mood \(id.uuidString) is signed with key \(keyID), which this device does not hold; it stays here: "
                + "delete it here to delete it everywhere"
        case .forged(let id):
            "the deletion of mood \(id.uuidString) carries a signature that does not check out (forged, or changed on the way); it stays here"
        }
    }
}
