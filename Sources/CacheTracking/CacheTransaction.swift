import MoodKit

/// One mood's change within a ``CacheTransactionBatch``, with its index in the list before the
/// commit (`from`) and after it (`to`).
public enum CacheTransaction: Hashable, Sendable {
    /// A mood entered the list (added, or changed so that it now matches the request).
    case insert(Mood, to: Int)
    /// A mood left the list (deleted, or no longer matches). Only its id is known.
    case delete(Mood.ID, from: Int)
    /// A mood's content changed and it kept its place relative to the moods that stayed.
    case update(Mood, from: Int, to: Int)
    /// A mood changed place (its content may have changed too).
    case move(Mood, from: Int, to: Int)

    /// The id of the mood this transaction is about.
    public var moodID: Mood.ID {
        switch self {
        case .insert(let mood, _), .update(let mood, _, _), .move(let mood, _, _): mood.id
        case .delete(let id, _): id
        }
    }
}
