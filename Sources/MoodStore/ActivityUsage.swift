import Foundation
import MoodKit

/// One activity and how much it is used.
public struct ActivityUsage: Hashable, Sendable {
    public var name: ActivityName
    /// How many moods in the list have it.
    public var moodCount: Int
    /// The date of the latest of them.
    public var lastDate: Date
}
