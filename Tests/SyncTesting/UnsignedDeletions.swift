import Foundation
import ServerStorage
import SyncProtocol

/// Deletions without proofs, as the devices of an account without a key make them, for tests of
/// such accounts.
extension MoodServerStorage {
    public func delete(_ ids: [UUID], in account: Account, from device: String? = nil) async throws -> DeletionResult {
        try await delete(ids.map(MoodDeletion.unsigned), in: account, from: device)
    }
}

extension MoodDeletion {
    public static func unsigned(_ id: UUID) -> MoodDeletion { MoodDeletion(id: id, proof: nil) }
}

extension Change {
    /// A tombstone without a proof.
    public static func deleted(_ id: UUID) -> Change { .delete(.unsigned(id)) }
}
