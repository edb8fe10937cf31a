import MoodKit

/// What the person asked for, as the view understood it from the keys and the mouse. The view
/// maps keys and clicks to intents (which depend on what is open); the presenter decides what
/// they do.
public enum MoodListIntent: Hashable, Sendable {
    // Moving around the list.
    case moveSelection(by: Int)
    case movePage(by: Int)
    case moveToTop
    case moveToBottom
    /// `n` / `N`: the next / previous mood the kept search matches.
    case moveToMatch(forward: Bool)
    /// A mood clicked: the one at this list index.
    case select(index: Int)

    // Acting on moods.
    case add
    case editSelected
    /// The whole mood: full note, date, device, sync state.
    case showDetail
    case deleteSelected
    case undoDelete
    case showHelp
    /// The insights screen: the Year in Pixels, averages, streaks, what helps.
    case showInsights
    case startFilter
    /// Text was pasted over the list, where it means nothing: say where a paste goes.
    case explainPaste
    /// The next journal: the person's own, then each share they hold.
    case switchJournal
    case quit

    // Inside the form, the filter line, the question, the detail view or the help.
    case edit(TextEdit)
    /// Tab: the form's next field.
    case focusNext
    /// Shift-Tab: the form's previous field.
    case focusPrevious
    /// A field of the form clicked.
    case focus(MoodFormField)
    case setLevel(MoodLevel)
    case stepLevel(by: Int)
    /// Tab in the activities field: complete the activity being typed, or, with nothing to
    /// complete, the form's next field.
    case completeActivity
    /// ↑ ↓ in the activities field: another of the candidates.
    case stepActivityCandidate(by: Int)
    /// Changes the value at the cursor of the form's scales field (up is more).
    case stepScaleValue(by: Int)
    case submit
    case cancel
    case answer(Bool)

    // On the insights screen.
    /// Another year.
    case changeYear(by: Int)
    /// The selected day in the Year in Pixels, by days.
    case moveDay(by: Int)
    /// The selected day in the Year in Pixels, by months.
    case moveMonth(by: Int)

    /// The view's list area now has this many lines.
    case resize(visibleRows: Int)
}

/// A change to a text field, with readline's word and line keys.
public enum TextEdit: Hashable, Sendable {
    case insert(Character)
    /// Pasted text, inserted as it is.
    case insertText(String)
    case deleteBackward
    case deleteForward
    /// Ctrl-W, Alt-Backspace: back to the start of the word before the cursor.
    case deleteWordBackward
    /// Alt-D: to the end of the word after the cursor.
    case deleteWordForward
    /// Ctrl-U: everything before the cursor.
    case deleteToStart
    /// Ctrl-K: everything after the cursor.
    case deleteToEnd
    case moveLeft
    case moveRight
    /// Alt-B: to the start of the word before the cursor.
    case moveWordLeft
    /// Alt-F: to the end of the word after the cursor.
    case moveWordRight
    case moveToStart
    case moveToEnd
    /// ↑ in a note: the same place on the line above.
    case moveLineUp
    /// ↓ in a note: the same place on the line below.
    case moveLineDown
}
