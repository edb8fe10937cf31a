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
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count <= maximumLength else {
            throw .noteTooLong(characters: trimmed.count, limit: maximumLength)
        }
        return trimmed
    }
}
