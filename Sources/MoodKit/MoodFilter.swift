import Foundation

/// Which moods a list shows: the predicate half of a list request.
///
/// It is evaluated in two places that must agree exactly: in SQL when a list is first fetched,
/// and in Swift (``matches(_:)``) when a single changed mood is checked. The note search compares
/// folded text byte by byte on both sides (``MoodSearchText``).
public struct MoodFilter: Hashable, Sendable {
    /// Show moods marked for deletion too. The journal list hides them, as Moody does.
    public var includesMarkedForDeletion: Bool
    /// Only moods whose note contains this text, ignoring case and diacritics; `nil` or empty for all.
    public var noteContains: String?
    /// Only moods at these levels; `nil` for all.
    public var levels: Set<MoodLevel>?
    /// Only moods that have every one of these activities; empty for all.
    public var activities: Set<ActivityName>
    /// Only moods whose scale values meet every one of these; empty for all.
    public var scaleConditions: Set<ScaleCondition>

    public init(
        includesMarkedForDeletion: Bool = false, noteContains: String? = nil, levels: Set<MoodLevel>? = nil,
        activities: Set<ActivityName> = [], scaleConditions: Set<ScaleCondition> = []
    ) {
        self.includesMarkedForDeletion = includesMarkedForDeletion
        self.noteContains = noteContains
        self.levels = levels
        self.activities = activities
        self.scaleConditions = scaleConditions
    }

    /// What the journal list shows by default: every mood not waiting for deletion.
    public static let journal = MoodFilter()

    /// The search text, or `nil` when it would match everything.
    public var effectiveNoteQuery: String? {
        guard let noteContains, !noteContains.isEmpty else { return nil }
        return noteContains
    }

    /// Whether `mood` belongs in a list with this filter.
    public func matches(_ mood: Mood) -> Bool {
        if !includesMarkedForDeletion && mood.sync.markedForRemoteDeletion { return false }
        if let levels, !levels.contains(mood.level) { return false }
        if !activities.allSatisfy(mood.activities.contains) { return false }
        if !scaleConditions.allSatisfy({ $0.matches(mood.scales) }) { return false }
        if let query = effectiveNoteQuery, !MoodSearchText.note(mood.note, contains: query) { return false }
        return true
    }
}
