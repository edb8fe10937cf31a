import MoodKit

/// What the person asked for, as the view understood it from the keys. The view maps keys to
/// intents (which depend on what is open); the presenter decides what they do.
public enum MoodListIntent: Hashable, Sendable {
    // Moving around the list.
    case moveSelection(by: Int)
    case movePage(by: Int)
    case moveToTop
    case moveToBottom

    // Acting on moods.
    case add
    case editSelected
    case deleteSelected
    case undoDelete
    case showHelp
    case startFilter
    case quit

    // Inside the form, the filter line, the question or the help.
    case edit(TextEdit)
    case setLevel(MoodLevel)
    case stepLevel(by: Int)
    case submit
    case cancel
    case answer(Bool)

    /// The view's list area now has this many lines.
    case resize(visibleRows: Int)
}

/// A change to a one-line text field.
public enum TextEdit: Hashable, Sendable {
    case insert(Character)
    case deleteBackward
    case deleteForward
    case moveLeft
    case moveRight
    case moveToStart
    case moveToEnd
}
