/// The fields of the add/edit form, in the order Tab visits them. Each has its own keys, so
/// the level's digits never eat a note's first character.
public enum MoodFormField: CaseIterable, Hashable, Sendable {
    /// The five levels: `1`–`5` and the arrows choose.
    case level
    /// The note: text with readline's keys, several lines.
    case note
    /// The activities, apart by spaces, with completion (see ``ActivityFieldState``).
    case activities
    /// The scales' values, `sleep=7.5 anxiety=4`, ↑ ↓ changing one (see ``ScaleFieldState``);
    /// only in a journal that has scales.
    case scales
    /// When the mood was felt, written as ``MoodKit/MoodDateInput`` reads it.
    case date

    /// The field Tab moves to.
    public var next: MoodFormField {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// The field Shift-Tab moves to.
    public var previous: MoodFormField {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + all.count - 1) % all.count]
    }
}
