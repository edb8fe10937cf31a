import Foundation

/// The rules for a mood's free-text note, in one place for every way a note comes in
/// (keyboard, command line, sync).
///
/// A note is trimmed of surrounding white space, holds at most ``maximumLength`` characters and
/// ``maximumBytes`` bytes of UTF-8, and no control character but tab and line feed.
public enum MoodNote {
    /// The longest note accepted, in characters (grapheme clusters, so an emoji counts once).
    ///
    /// Long enough for a paragraph, short enough that one row never dominates storage or a sync batch.
    public static let maximumLength = 1_000

    /// The largest note accepted, in UTF-8 bytes.
    ///
    /// A character can hold any number of combining marks: without a byte limit one "character"
    /// could be 100,000 of them. 8 KiB leaves room for a thousand emoji with skin tones.
    public static let maximumBytes = 8_192

    /// The control characters a note may hold: tab and line feed.
    public static let allowedControls: Set<Unicode.Scalar> = ["\t", "\n"]

    /// What a person typed, trimmed of surrounding white space and new lines, once it is known
    /// to follow the rules.
    ///
    /// - Throws: `MoodValidationError` past a limit or for a control character.
    public static func normalized(_ text: String) throws(MoodValidationError) -> String {
        let blank = CharacterSet.whitespacesAndNewlines
        // Most notes need no trimming, and a download checks thousands: skip the copy then.
        let ends = [text.unicodeScalars.first, text.unicodeScalars.last].compactMap { $0 }
        let trimmed = ends.contains(where: blank.contains) ? text.trimmingCharacters(in: blank) : text
        return try checked(trimmed)
    }

    /// `text` unchanged, if it already is a normalized note: what the wire carries, where a
    /// silent change would make the server acknowledge one note and store another.
    ///
    /// - Throws: `MoodValidationError` as ``normalized(_:)`` does, and
    ///   ``MoodValidationError/notTrimmed`` when trimming would change it.
    public static func validated(_ text: String) throws(MoodValidationError) -> String {
        guard try normalized(text) == text else { throw .notTrimmed }
        return text
    }

    private static func checked(_ note: String) throws(MoodValidationError) -> String {
        if let control = ControlCharacters.first(in: note, allowing: allowedControls) {
            throw .controlCharacter(.note, control)
        }
        guard note.utf8.count <= maximumBytes else { throw .noteTooLarge(bytes: note.utf8.count, limit: maximumBytes) }
        // A character is at least one byte: a short note needs no grapheme count.
        guard note.utf8.count <= maximumLength || note.count <= maximumLength else {
            throw .noteTooLong(characters: note.count, limit: maximumLength)
        }
        return note
    }
}
