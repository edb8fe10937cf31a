/// When a deletion leaves a tombstone: the rule every storage back end applies, so that back
/// ends cannot disagree.
///
/// Deletion wins under every ordering of requests. A tombstone is written for every id a
/// deletion names that is not a tombstone already, *including ids the server has never seen*:
/// an upload made before the deletion but delivered after it (held up in the network, or sent by
/// a second engine on the same journal) then meets the tombstone and is answered `deleted`,
/// instead of creating the mood again on every device.
///
/// Tombstones are kept for good: this server never compacts its change log, so no upload, however
/// late, and no device, however long offline, can bring a deleted id back. (A future compaction
/// must keep each tombstone at least as long as any device could still send an upload made
/// before it, and send devices whose token is older a fresh snapshot with 410 `token_expired`.)
public enum TombstoneRule {
    /// Whether deleting a mood whose current record is `current` (`nil`: never seen) writes a
    /// tombstone; a tombstone already there stays as it is.
    public static func needsTombstone(_ current: MoodRecord?) -> Bool {
        current?.payload != nil || current == nil
    }
}
