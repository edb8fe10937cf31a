/// The characters that never belong in a mood's text: C0 controls (U+0000–U+001F), DEL (U+007F)
/// and C1 controls (U+0080–U+009F).
///
/// They are invisible, and some are worse: NUL cuts a C string (SQLite and the terminal both see
/// one), and ESC or the C1 controls steer the terminal that shows another device's note. Notes
/// may hold tab and line feed, which the editor and the list know how to show; nothing else.
public enum ControlCharacters {
    /// Whether `scalar` is a C0 control, DEL or a C1 control.
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The first control character of `text` that is not in `allowed`, if any.
    /// - Complexity: O(n) in the text's UTF-8 bytes; plain text with no byte below 0x20, no DEL
    ///   and no C2 lead byte (which starts every C1 control) is answered without decoding.
    public static func first(in text: String, allowing allowed: Set<Unicode.Scalar> = []) -> Unicode.Scalar? {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return nil }
        return text.unicodeScalars.first { contains($0) && !allowed.contains($0) }
    }

    /// A scalar the way a person can look it up: `U+0000`.
    public static func name(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
