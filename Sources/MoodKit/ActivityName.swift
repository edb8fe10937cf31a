import Foundation

/// The name of something a person did around a mood (`run`, `work`, `sleep-bad`): what activities
/// are counted, filtered and compared by, so one spelling per activity.
///
/// A name is lower case, in Unicode's composed form (NFC), 1 to ``maximumLength`` characters of
/// letters, marks, digits, `-` and `_`, with at least one letter. A person's input is brought to
/// that form by ``normalized(_:)`` (`Sleep Bad` becomes `sleep-bad`, as the help says); what
/// arrives from the wire must already be in it (``validated(_:)``), so that a device never stores
/// one name and shows another.
public struct ActivityName: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The name, in its one spelling.
    public let text: String

    /// The longest name, in characters: a word or three, which the list row and the insights
    /// table show whole.
    public static let maximumLength = NameRules.maximumLength

    /// The largest name, in UTF-8 bytes: a character may hold any number of combining marks.
    public static let maximumBytes = NameRules.maximumBytes

    private init(checked text: String) { self.text = text }

    /// What a person typed (`--activity "Sleep Bad"`, `#run` in a note, the form), in the name's
    /// one spelling: trimmed, lower case, composed, runs of spaces turned into one `-`.
    /// - Throws: ``MoodValidationError/invalidActivity(_:)`` saying what is wrong.
    public static func normalized(_ typed: String) throws(MoodValidationError) -> ActivityName {
        let text = NameRules.normalized(typed)
        if let violation = NameRules.violation(of: text, typed: typed, noun: "activity", examples: ("run", "sleep-8h")) { throw .invalidActivity(violation) }
        return ActivityName(checked: text)
    }

    /// `text` as a name, if it already is one in its one spelling: what the wire carries.
    /// - Throws: ``MoodValidationError/invalidActivity(_:)`` for anything else, such as `Run`.
    public static func validated(_ text: String) throws(MoodValidationError) -> ActivityName {
        if let violation = NameRules.violation(of: text, typed: text, noun: "activity", examples: ("run", "sleep-8h")) { throw .invalidActivity(violation) }
        guard NameRules.isInOneSpelling(text) else {
            throw .invalidActivity("'\(text.prefix(40))' is not in lower case, composed form; send '\(text.lowercased())'")
        }
        return ActivityName(checked: text)
    }

    /// Whether `scalar` may stand in a name: a letter, mark, digit, `-` or `_`.
    static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool { NameRules.isNameScalar(scalar) }

    /// Orders by the UTF-8 bytes, the same on every platform: lists of names print alike everywhere.
    public static func < (a: ActivityName, b: ActivityName) -> Bool {
        a.text.utf8.lexicographicallyPrecedes(b.text.utf8)
    }

    public var description: String { text }
}
