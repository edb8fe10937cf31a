import Foundation

/// The rules for a mood's free-text note, in one place for every way a note comes in
/// (keyboard, command line, sync).
public enum MoodNote {
    /// The longest note accepted, in characters (grapheme clusters, so an emoji counts once).
    ///
    /// Long enough for a paragraph, short enough that one row never dominates storage or a sync batch.
    public static let maximumLength = 1_000

    /// Trims surrounding white space and new lines and checks the length.
    ///
    /// - Throws: `MoodValidationError.noteTooLong` past ``maximumLength``.
    public static func normalized(_ text: String) throws(MoodValidationError) -> String {
        let blank = CharacterSet.whitespacesAndNewlines
        // Most notes need no trimming, and a download checks thousands: skip the copy then.
        let ends = [text.unicodeScalars.first, text.unicodeScalars.last].compactMap { $0 }
        let trimmed = ends.contains(where: blank.contains) ? text.trimmingCharacters(in: blank) : text
        // A character is at least one byte: a short note needs no grapheme count.
        guard trimmed.utf8.count <= maximumLength || trimmed.count <= maximumLength else {
            throw .noteTooLong(characters: trimmed.count, limit: maximumLength)
        }
        return trimmed
    }
}
