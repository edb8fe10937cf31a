import MoodKit

/// What a ``CacheTracker`` follows: which moods (the predicate) in which order.
public struct CacheRequest: Hashable, Sendable {
    public var filter: MoodFilter
    public var order: MoodSortOrder

    public init(filter: MoodFilter = .journal, order: MoodSortOrder = .newestFirst) {
        self.filter = filter
        self.order = order
    }

    /// The journal as the app shows it: moods not waiting for deletion, newest first.
    public static let journal = CacheRequest()
}
