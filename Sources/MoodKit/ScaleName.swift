/// The name of a scale (`sleep`, `anxiety`, `meds`): what values are given, filtered and shown by,
/// so one spelling per scale. Scales follow the rules of activity names (``ActivityName``): lower
/// case, composed, 1 to 32 letters, marks, digits, `-` and `_`, with at least one letter.
public struct ScaleName: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The name, in its one spelling.
    public let text: String
    /// The longest name, in characters.
    public static let maximumLength = NameRules.maximumLength

    private init(checked text: String) { self.text = text }

    /// What a person typed (`moodtui scale add "Hours Slept"`, `--scale Sleep=7`), in the name's
    /// one spelling: `hours-slept`, `sleep`.
    /// - Throws: ``MoodValidationError/invalidScale(_:)`` saying what is wrong.
    public static func normalized(_ typed: String) throws(MoodValidationError) -> ScaleName {
        let text = NameRules.normalized(typed)
        if let violation = NameRules.violation(of: text, typed: typed, noun: "scale", examples: ("sleep", "pain-2")) { throw .invalidScale(violation) }
        return ScaleName(checked: text)
    }

    /// `text` as a name, if it already is one in its one spelling: what the wire carries.
    /// - Throws: ``MoodValidationError/invalidScale(_:)`` for anything else, such as `Sleep`.
    public static func validated(_ text: String) throws(MoodValidationError) -> ScaleName {
        if let violation = NameRules.violation(of: text, typed: text, noun: "scale", examples: ("sleep", "pain-2")) { throw .invalidScale(violation) }
        guard NameRules.isInOneSpelling(text) else {
            throw .invalidScale("'\(text.prefix(40))' is not in lower case, composed form; send '\(text.lowercased())'")
        }
        return ScaleName(checked: text)
    }

    /// Orders by the UTF-8 bytes, the same on every platform.
    public static func < (a: ScaleName, b: ScaleName) -> Bool {
        a.text.utf8.lexicographicallyPrecedes(b.text.utf8)
    }

    public var description: String { text }
}
