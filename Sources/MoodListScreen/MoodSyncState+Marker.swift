import MoodKit

extension MoodSyncState.Summary {
    /// The one-column marker at the right edge of a list line.
    var marker: String {
        switch self {
        case .waiting: "·"
        case .synced: "✓"
        case .failed: "!"
        }
    }
}
