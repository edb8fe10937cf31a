/// The rules for the id of the device that created a mood: 1 to ``maximumBytes`` bytes of
/// UTF-8, no control characters.
///
/// Every device of an account shows and compares it, so one device's odd value (empty, or a NUL
/// that a C string would cut) must be refused where it comes in, not stored.
public enum MoodCreatorID {
    /// The longest creator id, in UTF-8 bytes (so in characters, too).
    public static let maximumBytes = 200

    /// `text`, if it is a valid creator id.
    /// - Throws: ``MoodValidationError/invalidCreatorID(_:)`` saying what is wrong.
    public static func validated(_ text: String) throws(MoodValidationError) -> String {
        guard !text.isEmpty else { throw .invalidCreatorID("it is empty") }
        guard text.utf8.count <= maximumBytes else {
            throw .invalidCreatorID("it is \(text.utf8.count) bytes long; the limit is \(maximumBytes)")
        }
        if let control = ControlCharacters.first(in: text) {
            throw .invalidCreatorID("it contains the control character \(ControlCharacters.name(control))")
        }
        return text
    }
}
