import Foundation

/// The rules of every name a person gives moodtui — an activity, a scale — so that they read and
/// compare alike: lower case, in Unicode's composed form (NFC), 1 to ``maximumLength`` characters
/// of letters, marks, digits, `-` and `_`, with at least one letter.
enum NameRules {
    /// The longest name, in characters: a word or three, which a list row and the insights table
    /// show whole.
    static let maximumLength = 32
    /// The largest name, in UTF-8 bytes: a character may hold any number of combining marks.
    static let maximumBytes = 128

    /// What a person typed, in a name's one spelling: trimmed, lower case, composed, runs of
    /// spaces turned into one `-`. Not checked.
    static func normalized(_ typed: String) -> String {
        typed.lowercased().precomposedStringWithCanonicalMapping.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: "-")
    }

    /// Why `text` (from `typed`) is not a name of the kind `noun` (`activity`), with `examples`
    /// of good ones (`run`, `sleep-8h`); `nil` when it is one, though perhaps not in its one
    /// spelling.
    static func violation(of text: String, typed: String, noun: String, examples: (String, String)) -> String? {
        if isPlainASCIIName(text) { return nil }
        let shown = typed.prefix(40)
        guard !text.isEmpty else { return "\("aeiou".contains(noun.prefix(1)) ? "an" : "a") \(noun) needs a name, such as \(examples.0)" }
        guard text.count <= maximumLength, text.utf8.count <= maximumBytes else {
            return "'\(shown)…' is \(text.count) characters (\(text.utf8.count) bytes) long; the limit is \(maximumLength) (\(maximumBytes) bytes)"
        }
        if let scalar = text.unicodeScalars.first(where: { !isNameScalar($0) }) {
            let what = ControlCharacters.contains(scalar) ? ControlCharacters.name(scalar) : "'\(scalar)'"
            return "'\(ControlCharacters.first(in: String(shown)) == nil ? String(shown) : "…")' holds \(what); use letters, digits, - and _"
        }
        guard text.unicodeScalars.contains(where: CharacterSet.letters.contains) else {
            return "'\(shown)' has no letter; a name such as \(examples.0) or \(examples.1)"
        }
        return nil
    }

    /// Whether `text`, already a name, is in its one spelling: what the wire must carry.
    static func isInOneSpelling(_ text: String) -> Bool {
        isPlainASCIIName(text) || text.utf8.elementsEqual(text.lowercased().precomposedStringWithCanonicalMapping.utf8)
    }

    /// Whether `text` is a name of lower case ASCII letters, digits, `-` and `_` (most are:
    /// `run`, `good-meal`), which is in its one spelling already. Reading a journal of 100,000
    /// moods checks a name of each; this costs a look at each byte, where composing and
    /// comparing the text cost a third of an export's time.
    static func isPlainASCIIName(_ text: String) -> Bool {
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
}
