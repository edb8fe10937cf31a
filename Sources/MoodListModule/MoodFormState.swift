import Foundation
import MoodKit

/// The add or edit form while it is open: which mood (none when adding), the field with focus,
/// the chosen level, the note and the date being typed.
public struct MoodFormState: Hashable, Sendable {
    /// The mood being edited, or `nil` for a new one.
    public var editing: Mood.ID?
    /// Where typing goes; the note first, so a note can start with a digit.
    public var focus = MoodFormField.note
    public var level: MoodLevel
    /// At most ``MoodNote/maximumLength`` characters: typing stops there.
    public private(set) var note: TextFieldState
    /// The date as text: "now" for a new mood, the mood's date to the minute when editing.
    public private(set) var date: TextFieldState
    /// The text first shown for the edited mood's date: while the text is untouched the date is
    /// kept exactly (seconds and milliseconds included).
    private let originalDateText: String?
    /// Why the last save was refused, or that a paste was cut at the limit.
    public var error: String?

    /// - Parameters:
    ///   - date: the edited mood's date; `nil` for a new mood (the date field says "now").
    ///   - dateInput: how the date is written and read (its time zone).
    public init(
        editing: Mood.ID? = nil, level: MoodLevel = .meh, note: String = "", date: Date? = nil,
        dateInput: MoodDateInput = MoodDateInput()
    ) {
        self.editing = editing
        self.level = level
        self.note = TextFieldState(note, limit: MoodNote.maximumLength)
        let dateText = date.map(dateInput.text(for:)) ?? "now"
        self.date = TextFieldState(dateText)
        originalDateText = date == nil ? nil : dateText
    }

    /// Moves the level up (better) or down, stopping at the ends.
    public mutating func stepLevel(by steps: Int) {
        let raw = min(max(level.rawValue + steps, MoodLevel.awful.rawValue), MoodLevel.great.rawValue)
        level = MoodLevel(rawValue: raw) ?? level
    }

    /// Applies a text edit to the field with focus (the level takes none).
    public mutating func apply(_ edit: TextEdit) {
        error = nil
        switch focus {
        case .level: break
        case .note:
            if !note.apply(edit) {
                error = "A note holds at most \(MoodNote.maximumLength.formatted()) characters; the rest was left out."
            }
        case .date: date.apply(edit)
        }
    }

    /// The date the form names, read at `now`: `nil` when editing and the date text is as it
    /// was shown (the mood keeps its exact date).
    /// - Throws: ``MoodKit/MoodValidationError/invalidDate(_:)`` in words.
    public func chosenDate(now: Date, input: MoodDateInput) throws(MoodValidationError) -> Date? {
        if let originalDateText, originalDateText == date.text { return nil }
        return try input.date(from: date.text, now: now)
    }

    var viewModel: MoodFormViewModel {
        MoodFormViewModel(
            title: editing == nil ? "New mood" : "Edit mood", focus: focus, level: level, note: note.viewModel,
            noteLimit: MoodNote.maximumLength, date: date.viewModel, error: error)
    }
}
