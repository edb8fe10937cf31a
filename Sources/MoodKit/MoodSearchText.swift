import Foundation

/// Text as the note search compares it: case and diacritics folded away, so that `cafe` finds
/// `Café au lait` and `RÉSUMÉ` finds `resume`. A note matches a query when the note's folded
/// UTF-8 holds the query's folded UTF-8: the rule the journal's search index (SQLite, in bytes)
/// and ``MoodFilter/matches(_:)`` (Swift) both follow, so they cannot disagree.
public enum MoodSearchText {
    /// `text` folded: lower case, without diacritics, in composed form. Plain ASCII only has
    /// A–Z lowered, exactly as SQLite's `lower()` does, which the journal relies on.
    public static func folded(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiLowercased(text) }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).precomposedStringWithCanonicalMapping
    }

    /// What the journal stores beside a note for its search: the folded note, or `nil` for plain
    /// ASCII, whose folded form SQLite's `lower(note)` gives (most notes; nothing stored twice).
    public static func stored(forNote note: String) -> String? {
        note.utf8.allSatisfy { $0 < 0x80 } ? nil : folded(note)
    }

    /// Whether `note` matches `query` (see the type's summary); an empty query matches every note.
    /// - Complexity: O(n·m) in the folded note's and query's bytes.
    public static func note(_ note: String, contains query: String) -> Bool {
        let needle = Array(folded(query).utf8)
        guard !needle.isEmpty else { return true }
        let haystack = Array(folded(note).utf8)
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    private static func asciiLowercased(_ text: String) -> String {
        guard text.utf8.contains(where: { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else { return text }
        return String(decoding: text.utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }
}
