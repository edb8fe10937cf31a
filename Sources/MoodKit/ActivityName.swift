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
    public static let maximumLength = 32

    /// The largest name, in UTF-8 bytes: a character may hold any number of combining marks.
    public static let maximumBytes = 128

    private init(checked text: String) { self.text = text }

    /// What a person typed (`--activity "Sleep Bad"`, `#run` in a note, the form), in the name's
    /// one spelling: trimmed, lower case, composed, runs of spaces turned into one `-`.
    /// - Throws: ``MoodValidationError/invalidActivity(_:)`` saying what is wrong.
    public static func normalized(_ typed: String) throws(MoodValidationError) -> ActivityName {
        let words = typed.lowercased().precomposedStringWithCanonicalMapping
            .split(whereSeparator: { $0 == " " || $0 == "\t" })
        return try checked(words.joined(separator: "-"), as: typed)
    }

    /// `text` as a name, if it already is one in its one spelling: what the wire carries.
    /// - Throws: ``MoodValidationError/invalidActivity(_:)`` for anything else, such as `Run`.
    public static func validated(_ text: String) throws(MoodValidationError) -> ActivityName {
        if isPlainASCIIName(text) { return ActivityName(checked: text) }
        let name = try checked(text, as: text)
        guard text.utf8.elementsEqual(text.lowercased().precomposedStringWithCanonicalMapping.utf8) else {
            throw .invalidActivity("'\(text.prefix(40))' is not in lower case, composed form; send '\(text.lowercased())'")
        }
        return name
    }

    private static func checked(_ text: String, as typed: String) throws(MoodValidationError) -> ActivityName {
        let shown = typed.prefix(40)
        guard !text.isEmpty else { throw .invalidActivity("an activity needs a name, such as run") }
        guard text.count <= maximumLength, text.utf8.count <= maximumBytes else {
            throw .invalidActivity(
                "'\(shown)…' is \(text.count) characters (\(text.utf8.count) bytes) long; the limit is \(maximumLength) (\(maximumBytes) bytes)")
        }
        if let scalar = text.unicodeScalars.first(where: { !isNameScalar($0) }) {
            let what = ControlCharacters.contains(scalar) ? ControlCharacters.name(scalar) : "'\(scalar)'"
            throw .invalidActivity("'\(ControlCharacters.first(in: String(shown)) == nil ? String(shown) : "…")' holds \(what); "
                + "use letters, digits, - and _")
        }
        guard text.unicodeScalars.contains(where: CharacterSet.letters.contains) else {
            throw .invalidActivity("'\(shown)' has no letter; a name such as run or sleep-8h")
        }
        return ActivityName(checked: text)
    }

    /// Whether `text` is a name of lower case ASCII letters, digits, `-` and `_` (most are:
    /// `run`, `good-meal`), which is in its one spelling already. Reading a journal of 100,000
    /// moods checks a name of each; this costs a look at each byte, where composing and
    /// comparing the text cost a third of an export's time.
    private static func isPlainASCIIName(_ text: String) -> Bool {
        guard (1...maximumLength).contains(text.utf8.count) else { return false }
        var hasLetter = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): hasLetter = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): continue
            default: return false
            }
        }
        return hasLetter
    }

    /// Whether `scalar` may stand in a name: a letter, mark, digit, `-` or `_`.
    static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar)
    }

    /// Orders by the UTF-8 bytes, the same on every platform: lists of names print alike everywhere.
    public static func < (a: ActivityName, b: ActivityName) -> Bool {
        a.text.utf8.lexicographicallyPrecedes(b.text.utf8)
    }

    public var description: String { text }
}
