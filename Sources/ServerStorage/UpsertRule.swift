import Foundation
import SyncProtocol

/// What to do with one uploaded mood given what the server holds: the rule every storage back
/// end applies inside its transaction, so that back ends cannot disagree.
public enum UpsertDecision: Hashable, Sendable {
    /// Store the content under a new version.
    case write
    /// Nothing to write: the server already holds exactly this content (a retried request whose
    /// response was lost). Report it saved at its current version.
    case unchanged(version: Int64)
    /// Refuse, and tell the client why.
    case conflict(MoodConflict)

    /// Decides for `upload`, given the server's `current` record for its id (if any) and the
    /// account's ``ChangePage/compactedThrough``.
    ///
    /// 1. Unknown id based on a version at or below the compaction horizon → conflict `deleted`:
    ///    the server held the mood, and compaction removed its tombstone (``TombstoneRule``).
    /// 2. Unknown id otherwise → write (whatever the base version: the client may have synced
    ///    with a server whose data is gone).
    /// 3. Tombstone → conflict `deleted`, with the tombstone's proof.
    /// 4. Same payload as the server's → unchanged, never a conflict.
    /// 5. Base version equal to the server's → write.
    /// 6. Anything else (older base version, or none) → conflict `stale`, with the server's copy.
    public static func decide(_ upload: MoodUpload, current: MoodRecord?, compactedThrough: Int64) -> UpsertDecision {
        guard let current else {
            if let base = upload.baseVersion, base <= compactedThrough { return .conflict(MoodConflict(id: upload.id, reason: .deleted, server: nil)) }
            return .write
        }
        guard let synced = current.synced else {
            return .conflict(MoodConflict(id: upload.id, reason: .deleted, server: nil, deletion: current.deletionProof))
        }
        if synced.payload == upload.payload { return .unchanged(version: synced.version) }
        if upload.baseVersion == synced.version { return .write }
        return .conflict(MoodConflict(id: upload.id, reason: .stale, server: synced))
    }
}
