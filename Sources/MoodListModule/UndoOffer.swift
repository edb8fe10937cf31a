import Foundation
import MoodKit

/// The deletion `u` can undo: which mood, and when the offer ends (with the journal's undo window).
struct UndoOffer: Hashable, Sendable {
    let id: Mood.ID
    let ends: Date
}
