import MoodKit

/// The add or edit form while it is open: which mood (none when adding), the chosen level and
/// the note being typed.
public struct MoodFormState: Hashable, Sendable {
    /// The mood being edited, or `nil` for a new one.
    public var editing: Mood.ID?
    public var level: MoodLevel
    public var note: TextFieldState
    /// Why the last save was refused.
    public var error: String?

    public init(editing: Mood.ID? = nil, level: MoodLevel = .meh, note: String = "") {
        self.editing = editing
        self.level = level
        self.note = TextFieldState(note)
    }

    /// Moves the level up (better) or down, stopping at the ends.
    public mutating func stepLevel(by steps: Int) {
        let raw = min(max(level.rawValue + steps, MoodLevel.awful.rawValue), MoodLevel.great.rawValue)
        level = MoodLevel(rawValue: raw) ?? level
    }

    var viewModel: MoodFormViewModel {
        MoodFormViewModel(
            title: editing == nil ? "New mood" : "Edit mood", level: level, note: note.viewModel, error: error)
    }
}
