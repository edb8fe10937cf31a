import Foundation
import MoodKit

/// Why a journal operation failed, in words for the person at the keyboard.
public enum JournalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The journal file could not be opened or created.
    case cannotOpen(path: String, reason: String)
    /// No mood has this id (or it is already deleted).
    case moodNotFound(Mood.ID)
    /// A mood with this id exists already.
    case duplicateMood(Mood.ID)
    /// The deletion can no longer be undone: its undo window closed, and a sync engine may have
    /// sent it to the server.
    case undoWindowClosed(Mood.ID)
    /// No mood in the list has this activity.
    case activityNotFound(ActivityName)
    /// A rename would give an activity the name of another one that moods have: merging them
    /// is a choice a person makes with `merge`.
    case activityExists(ActivityName)
    /// No scale in use has this name.
    case scaleNotFound(ScaleName)
    /// A scale in use has this name already.
    case scaleExists(ScaleName)
    /// The journal holds as many scales in use as it may.
    case tooManyScales(limit: Int)
    /// The journal keeps as many scales as it may, removed ones included.
    case tooManyScalesKept(limit: Int)
    /// The journal holds a share from the person named: it shows their moods and takes no
    /// change from this side.
    case readOnly(sharedBy: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "cannot open journal at \(path): \(reason)"
        case .moodNotFound(let id): "no mood with id \(id.uuidString)"
        case .duplicateMood(let id): "a mood with id \(id.uuidString) exists already"
        case .activityNotFound(let name): "no mood has the activity '\(name)'"
        case .activityExists(let name):
            "moods have the activity '\(name)' already; to make both one activity, merge them"
        case .scaleNotFound(let name): "no scale is named '\(name)'; moodtui scale list shows them"
        case .scaleExists(let name): "a scale named '\(name)' exists already"
        case .tooManyScales(let limit): "a journal holds up to \(limit) scales; remove one first (moodtui scale remove NAME)"
        case .tooManyScalesKept(let limit):
            "a journal keeps up to \(limit) scales, removed ones included: bring a removed one back (the same name and kind) instead"
        case .readOnly(let owner):
            "this journal is \(owner)'s share, read-only: moods cannot be added, changed or deleted here (your own journal is the default one)"
        case .undoWindowClosed: "too late to undo: a deletion can be undone for \(JournalWriter.undoWindow.components.seconds) seconds"
        }
    }
}
