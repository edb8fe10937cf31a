import MoodKit

/// What an activity goes with: the average mood of the days with it against the days without
/// it — "what helps".
public struct ActivityEffect: Hashable, Sendable {
    public let name: ActivityName
    /// How many moods had it.
    public let moods: Int
    /// The average of the daily averages of the days with at least one mood with it.
    public let withIt: Average
    /// The same for the other days with moods.
    public let withoutIt: Average

    /// How much better (positive) or worse the days with it were; `nil` when either side has no day.
    public var effect: Double? {
        guard let with = withIt.value, let without = withoutIt.value else { return nil }
        return with - without
    }
}
