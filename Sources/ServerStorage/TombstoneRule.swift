import Foundation
import SyncProtocol

/// When a deletion leaves a tombstone, and how long it stays: the rule every storage back end
/// applies, so that back ends cannot disagree.
///
/// Deletion wins under every ordering of requests. A tombstone is written for every id a
/// deletion names that is not a tombstone already, *including ids the server has never seen*:
/// an upload made before the deletion but delivered after it (held up in the network, or sent by
/// a second engine on the same journal) then meets the tombstone and is answered `deleted`,
/// instead of creating the mood again on every device.
///
/// A tombstone with a deletion's proof (an account with a key) is kept for good: a device away for
/// however long drops a mood only on the key's signature, which the tombstone carries, and
/// answers an upload of the mood with it. A few dozen bytes per deleted mood.
///
/// Tombstones without a proof (accounts without a key, and those from before proofs) are kept
/// for ``defaultRetention`` (`moodtui serve --keep-tombstones DAYS`), then compaction removes
/// them, and each account remembers the sequence of the newest one removed (its compaction
/// horizon). What still holds after that:
/// - A device whose change token is older than the horizon has missed a deletion: it is
///   answered 410 `history_compacted`, downloads a snapshot of the live moods, and drops the
///   moods the server had acknowledged to it that the snapshot no longer lists.
/// - An upload of an id the server no longer holds, based on a version at or below the horizon,
///   is of a mood that was deleted and compacted since: it is answered `deleted`
///   (``UpsertDecision``), so an edit from a device offline for longer does not bring it back.
/// - Not covered: a mood's *first* upload that reached the server but whose answer was lost,
///   retried only after the mood was deleted elsewhere and its tombstone compacted (the device
///   offline for longer than the retention in between). It is created again.
///
/// A mood is one row, at its latest change, so modifications a later one superseded take no
/// room to begin with: compaction has only tombstones to remove.
public enum TombstoneRule {
    /// Whether deleting a mood whose current record is `current` (`nil`: never seen) with
    /// `proof` writes a tombstone. A tombstone already there stays as it is, unless it has no
    /// proof and this deletion has one: devices of a sealed account drop a mood only on a signed
    /// deletion, so a device deleting it again makes the deletion reach them.
    public static func needsTombstone(_ current: MoodRecord?, proof: DeletionProof?) -> Bool {
        guard let current else { return true }
        return current.payload != nil || (current.deletionProof == nil && proof != nil)
    }

    /// How long a tombstone is kept unless the server is told otherwise: long past any retry of
    /// a request, and longer than most devices stay offline.
    public static let defaultRetention: Duration = .seconds(90 * 86_400)
}
