import Foundation
import MoodKit

/// One line of the mood list, ready to draw: plain strings and the level for the colour.
public struct MoodRowViewModel: Hashable, Sendable {
    public var id: Mood.ID
    public var level: MoodLevel
    /// "great", "meh", …
    public var levelName: String
    /// Relative for recent moods ("5 min ago"), the time of day otherwise ("21:04"): the day is in
    /// the heading above.
    public var dateText: String
    /// The note on one line, made safe to show (``TerminalSafeText/singleLine(_:)``: a line feed reads ↵).
    public var note: String
    /// The mood's activities as hashtags, `#run #work`; empty when it has none.
    public var activities = ""
    /// Whether the mood has a value of any scale (hours slept, anxiety): marked on its row.
    public var hasScaleValues = false
    /// Where the mood stands with the server; `nil` in a journal that does not sync.
    public var sync: MoodSyncState.Summary?
    /// When the mood was felt, kept so that ``dateText`` can be rewritten as time passes.
    public var date: Date = .distantPast
    /// Arrived or changed from another device a moment ago.
    public var isHighlighted = false
    /// In one of the account's shares: someone else sees it.
    public var isShared = false

    public init(id: Mood.ID, level: MoodLevel, levelName: String, dateText: String, note: String, sync: MoodSyncState.Summary?) {
        self.id = id
        self.level = level
        self.levelName = levelName
        self.dateText = dateText
        self.note = note
        self.sync = sync
    }
}
