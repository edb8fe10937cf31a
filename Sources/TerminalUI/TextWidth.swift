import CNCurses

/// Measures text in terminal columns, which is not the same as characters.
///
/// CJK ideographs and emoji take two columns, combining marks none. Every layout decision
/// (clipping, padding, alignment) must use these functions, never `String.count`.
/// Requires a UTF-8 locale: call ``TerminalLocale/ensureUTF8()`` first.
public enum TextWidth {
    /// The number of columns `text` occupies on a terminal.
    /// - Complexity: O(n) in the number of Unicode scalars.
    public static func columns(of text: String) -> Int {
        var total = 0
        for character in text { total += columns(of: character) }
        return total
    }

    /// The number of columns one grapheme cluster occupies: 0, 1 or 2.
    ///
    /// A cluster is two columns wide if any scalar is wide or it asks for emoji presentation
    /// (U+FE0F); otherwise it is the sum of its scalars' widths, control characters counting 0.
    public static func columns(of character: Character) -> Int {
        var sum = 0
        for scalar in character.unicodeScalars {
            if scalar.value == 0xFE0F { return 2 }
            let width = Int(moodtui_wcwidth(wchar_t(bitPattern: scalar.value)))
            if width >= 2 { return 2 }
            if width > 0 { sum += width }
        }
        return min(sum, 2)
    }

    /// Shortens `text` to at most `maxColumns` columns without splitting a grapheme cluster.
    ///
    /// - Parameter ellipsis: when `true` and the text had to be cut, the last column holds "…".
    /// - Returns: `text` unchanged if it already fits.
    public static func truncate(_ text: String, toColumns maxColumns: Int, ellipsis: Bool = false) -> String {
        guard maxColumns > 0 else { return "" }
        if columns(of: text) <= maxColumns { return text }
        let budget = ellipsis ? maxColumns - 1 : maxColumns
        var result = ""
        var used = 0
        for character in text {
            let width = columns(of: character)
            if used + width > budget { break }
            result.append(character)
            used += width
        }
        if ellipsis { result.append("…") }
        return result
    }

    /// Pads `text` with trailing spaces to exactly `width` columns, truncating if it is wider.
    ///
    /// Useful for fixed-width table cells; a wide character that would straddle the edge is
    /// dropped and replaced by a space so the result is never wider than asked.
    public static func pad(_ text: String, toColumns width: Int) -> String {
        let fitted = truncate(text, toColumns: width)
        let used = columns(of: fitted)
        return used >= width ? fitted : fitted + String(repeating: " ", count: width - used)
    }
}
