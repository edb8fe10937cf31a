import Foundation

/// Mood ids on the wire: a UUID in its canonical form, 36 characters, hex digits in upper case
/// (`3F2504E0-4F89-11D3-9A0C-0305E82C3301`), the form the server answers with.
///
/// One spelling per id means a client can match the server's answers to its requests by text;
/// any other spelling (lower case, braces, no hyphens) is refused in words rather than
/// quietly answered in another form.
enum MoodIDText {
    /// The id `text` spells canonically, or `nil`.
    static func parse(_ text: String) -> UUID? {
        guard let id = UUID(uuidString: text), id.uuidString == text else { return nil }
        return id
    }

    /// Why `text` is refused, for the error the client sees.
    static func problem(_ text: String) -> String {
        let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return UUID(uuidString: text) == nil
            ? "'\(shown)' is not a UUID such as 3F2504E0-4F89-11D3-9A0C-0305E82C3301"
            : "'\(shown)' must be written in upper case, as 3F2504E0-4F89-11D3-9A0C-0305E82C3301"
    }
}

extension KeyedDecodingContainer {
    /// Decodes a mood id in canonical form.
    /// - Throws: `DecodingError.dataCorrupted` naming the key for any other text.
    func decodeMoodID(forKey key: Key) throws -> UUID {
        let text = try decode(String.self, forKey: key)
        guard let id = MoodIDText.parse(text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: MoodIDText.problem(text))
        }
        return id
    }
}
