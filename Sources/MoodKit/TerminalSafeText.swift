/// How a mood's text is shown on a terminal, the same way in the app, `moodtui list` and
/// `moodtui watch`.
///
/// Notes come from other devices, so what reaches a terminal must not steer it: an escape
/// sequence could retitle the window or hide lines, and a bidi override (U+202E) makes
/// "gnp.exe" read as "exe.png". Validation keeps controls out of new notes; this is the second
/// wall, for whatever a journal already holds and for text that is not a note (device names,
/// an error a server sent). Nothing is dropped silently: every character that cannot be shown
/// as it is becomes a visible mark, so the reader knows something is there.
public enum TerminalSafeText {
    /// Stands for a line feed in text shown on one line.
    public static let lineBreakMark: Unicode.Scalar = "↵"
    /// Stands for a control or bidi-formatting character: the Unicode replacement character.
    public static let replacementMark: Unicode.Scalar = "\u{FFFD}"

    /// `text` on one line: line feeds as ``lineBreakMark``, tabs as a space, every other
    /// control and bidi formatting character as ``replacementMark``.
    /// - Complexity: O(n) in the text's scalars; plain text is returned without a copy.
    public static func singleLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { shown($0) != $0 }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { result.append(shown(scalar)) }
        return String(result)
    }

    /// What one scalar is shown as on a single line.
    private static func shown(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar {
        case "\n": lineBreakMark
        case "\t": " "
        default: needsReplacement(scalar) ? replacementMark : scalar
        }
    }

    /// C0 and C1 controls, DEL, the line and paragraph separators, and the explicit bidi
    /// embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069).
    public static func needsReplacement(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: ControlCharacters.contains(scalar)
        }
    }
}
