/// The order of a list. Ties in the date are broken by id, so the order is total and every
/// device sorts the same moods the same way.
public enum MoodSortOrder: Hashable, Sendable {
    case newestFirst
    case oldestFirst

    /// Whether `a` comes before `b` in this order.
    public func areInIncreasingOrder(_ a: Mood, _ b: Mood) -> Bool {
        MoodSortKey(a, order: self) < MoodSortKey(b, order: self)
    }
}
