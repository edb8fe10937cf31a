/// The fields of a mood that a person or another device writes, named the way the wire
/// protocol names them: validation errors say which one was refused.
public enum MoodField: String, Hashable, Sendable, CaseIterable {
    case date
    /// The clock stamps of level, note and date (see ``MoodStamps``).
    case stamps
    case level
    case note
    /// The mood's activities and their histories (see ``ActivitySet``).
    case activities
    case creatorID
}
