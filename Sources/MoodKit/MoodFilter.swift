import Foundation

/// Which moods a list shows: the predicate half of a list request.
///
/// It is evaluated in two places that must agree exactly: in SQL when a list is first fetched,
/// and in Swift (``matches(_:)``) when a single changed mood is checked. The store registers
/// ``noteMatches(_:query:)`` as an SQL function so both sides run the same code.
public struct MoodFilter: Hashable, Sendable {
    /// Show moods marked for deletion too. The journal list hides them, as Moody does.
    public var includesMarkedForDeletion: Bool
    /// Only moods whose note contains this text, ignoring case and diacritics; `nil` or empty for all.
    public var noteContains: String?
    /// Only moods at these levels; `nil` for all.
    public var levels: Set<MoodLevel>?
    /// Only moods that have every one of these activities; empty for all.
    public var activities: Set<ActivityName>

    public init(
        includesMarkedForDeletion: Bool = false, noteContains: String? = nil, levels: Set<MoodLevel>? = nil,
        activities: Set<ActivityName> = []
    ) {
        self.includesMarkedForDeletion = includesMarkedForDeletion
        self.noteContains = noteContains
        self.levels = levels
        self.activities = activities
    }

    /// What the journal list shows by default: every mood not waiting for deletion.
    public static let journal = MoodFilter()

    /// The search text, or `nil` when it would match everything.
    public var effectiveNoteQuery: String? {
        guard let noteContains, !noteContains.isEmpty else { return nil }
        return noteContains
    }

    /// Whether `mood` belongs in a list with this filter.
    public func matches(_ mood: Mood) -> Bool {
        if !includesMarkedForDeletion && mood.sync.markedForRemoteDeletion { return false }
        if let levels, !levels.contains(mood.level) { return false }
        if !activities.allSatisfy(mood.activities.contains) { return false }
        if let query = effectiveNoteQuery, !Self.noteMatches(mood.note, query: query) { return false }
        return true
    }

    /// The note search rule: `query` occurs in `note`, ignoring case and diacritics.
    ///
    /// Runs for every mood when a filter is typed, so plain notes and queries
    /// (``isPlainASCII(_:)``) take a byte search that gives Foundation's answer at a fraction of
    /// its cost; the store hands those to SQLite's `LIKE`, which ignores ASCII case the same way.
    /// - Complexity: O(n·m) for a note of n and a query of m characters.
    public static func noteMatches(_ note: String, query: String) -> Bool {
        guard !query.isEmpty, isPlainASCII(note), isPlainASCII(query) else {
            return note.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        }
        let haystack = note.utf8.map(asciiLowercased), needle = query.utf8.map(asciiLowercased)
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// ASCII without a carriage return or a NUL: text where ignoring case and diacritics means
    /// only ignoring the case of A–Z (a `\r\n` pair is one character, so `\r` is left out; C
    /// code would stop at a NUL).
    public static func isPlainASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x01..<0x80).contains($0) && $0 != UInt8(ascii: "\r") }
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
