import Foundation
import MoodKit

/// The add or edit form while it is open: which mood (none when adding), the field with focus,
/// the chosen level, the note, the activities and the date being typed.
public struct MoodFormState: Hashable, Sendable {
    /// The mood being edited, or `nil` for a new one.
    public var editing: Mood.ID?
    /// Where typing goes; the note first, so a note can start with a digit.
    public var focus = MoodFormField.note
    public var level: MoodLevel
    /// At most ``MoodNote/maximumLength`` characters: typing stops there.
    public private(set) var note: TextFieldState
    /// The activities being typed, with completion.
    public private(set) var activities: ActivityFieldState
    /// The scales' values; `nil` in a journal without scales, where the form has no such field.
    public private(set) var scales: ScaleFieldState?
    /// The date as text: "now" for a new mood, the mood's date to the minute when editing.
    public private(set) var date: TextFieldState
    /// What the edited mood held when the form opened (`nil` for a new mood). A field left as it
    /// was is not saved: it must not undo another device's change of it that arrived while the
    /// form was open, and an untouched date keeps its seconds and milliseconds.
    private let original: Original?

    private struct Original: Hashable, Sendable {
        var level: MoodLevel
        var note: String
        var activities: Set<ActivityName>
        /// The text first shown for the date.
        var dateText: String
    }
    /// Why the last save was refused, or that a paste was cut at the limit.
    public var error: String?

    /// - Parameters:
    ///   - date: the edited mood's date; `nil` for a new mood (the date field says "now").
    ///   - activities: the edited mood's activities.
    ///   - knownActivities: the journal's activities, the most used first, for completion.
    ///   - scaleValues: the edited mood's scale values.
    ///   - scales: the journal's scales; the form has a scales field when one is in use.
    ///   - dateInput: how the date is written and read (its time zone).
    public init(
        editing: Mood.ID? = nil, level: MoodLevel = .meh, note: String = "", date: Date? = nil,
        activities: [ActivityName] = [], knownActivities: [ActivityName] = [], scaleValues: [Scale.ID: ScaleValue] = [:],
        scales: [Scale] = [], dateInput: MoodDateInput = MoodDateInput()
    ) {
        self.editing = editing
        self.level = level
        self.note = TextFieldState(note, limit: MoodNote.maximumLength)
        self.activities = ActivityFieldState(activities, known: knownActivities)
        self.scales = scales.contains(where: \.isInUse) ? ScaleFieldState(scaleValues, scales: scales) : nil
        let dateText = date.map(dateInput.text(for:)) ?? "now"
        self.date = TextFieldState(dateText)
        original = editing == nil ? nil : Original(level: level, note: note, activities: Set(activities), dateText: dateText)
    }

    /// Completes the activity being typed; `false` when the focus is elsewhere or there is
    /// nothing to complete.
    public mutating func completeActivity() -> Bool {
        focus == .activities && activities.complete()
    }

    /// Completes from `known`, the journal's activities as read again, the most used first.
    public mutating func offerActivities(_ known: [ActivityName]) {
        activities.offer(known)
    }

    /// Moves the highlight among the activity candidates.
    public mutating func stepActivityCandidate(by steps: Int) {
        activities.stepCandidate(by: steps)
    }

    /// Moves the focus to `field`; the scales field exists only in a journal with scales.
    public mutating func focus(on field: MoodFormField) {
        if field != .scales || scales != nil { focus = field }
    }

    /// Moves the focus to the next field (`forward`) or the one before, past the scales field
    /// in a journal without scales.
    public mutating func moveFocus(forward: Bool) {
        repeat { focus = forward ? focus.next : focus.previous } while focus == .scales && scales == nil
    }

    /// Changes the value at the cursor of the scales field (up is more).
    public mutating func stepScaleValue(by steps: Int) {
        error = nil
        scales?.stepValue(by: steps)
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
        case .activities: activities.apply(edit)
        case .scales: scales?.apply(edit)
        case .date: date.apply(edit)
        }
    }

    /// The level to save: `nil` when editing and it is as the form opened with.
    public var chosenLevel: MoodLevel? { original?.level == level ? nil : level }

    /// The note to save: `nil` when editing and it is as the form opened with.
    public var chosenNote: String? { original?.note == note.text ? nil : note.text }

    /// The activities to save: those added and those removed since the form opened (`nil` when
    /// none), so that an activity another device added meanwhile stays.
    /// - Throws: ``MoodKit/MoodValidationError/invalidActivity(_:)`` for a word that is not a name.
    public func chosenActivities() throws(MoodValidationError) -> ActivityEdit? {
        let names = try activities.names(), before = original?.activities ?? []
        let (adding, removing) = (names.subtracting(before), before.subtracting(names))
        return adding.isEmpty && removing.isEmpty ? nil : .changing(adding: adding, removing: removing)
    }

    /// The scale values to save: those the field changes (`nil` for one taken out).
    /// - Throws: ``MoodKit/ScaleAssignments/Failure`` for a word that is not a value of a scale.
    public func chosenScales() throws(ScaleAssignments.Failure) -> [Scale.ID: ScaleValue?] {
        try scales?.chosen() ?? [:]
    }

    /// The date the form names, read at `now`: `nil` when editing and the date text is as it
    /// was shown (the mood keeps its exact date).
    /// - Throws: ``MoodKit/MoodValidationError/invalidDate(_:)`` in words.
    public func chosenDate(now: Date, input: MoodDateInput) throws(MoodValidationError) -> Date? {
        if let original, original.dateText == date.text { return nil }
        return try input.date(from: date.text, now: now)
    }

    var viewModel: MoodFormViewModel {
        MoodFormViewModel(
            title: editing == nil ? "New mood" : "Edit mood", focus: focus, level: level, note: note.viewModel,
            noteLimit: MoodNote.maximumLength, activities: activities.field.viewModel,
            activityCandidates: focus == .activities ? activities.candidates.map(\.text) : [],
            highlightedCandidate: activities.highlighted, scales: scales?.field.viewModel, date: date.viewModel, error: error)
    }
}
