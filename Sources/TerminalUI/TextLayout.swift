/// One grapheme cluster placed at a column, as both screens draw it.
struct PlacedGlyph: Equatable, Sendable {
    /// The grapheme cluster (or a single space standing in for a clipped wide character).
    var text: String
    /// The first column it occupies.
    var column: Int
    /// Columns it occupies: 1 or 2.
    var width: Int
}

/// The clipping rules shared by every ``Screen``, so the in-memory and curses screens agree.
enum TextLayout {
    /// Places `text` on a row starting at `column`.
    ///
    /// Zero-width clusters (control characters, lone combining marks) are dropped. Text is
    /// clipped to `maxColumns` and to the row's end (`screenColumns`); a wide character that
    /// would be split by either edge is replaced by a space.
    static func place(_ text: String, column: Int, maxColumns: Int?, screenColumns: Int) -> [PlacedGlyph] {
        var limit = screenColumns
        if let maxColumns { limit = min(limit, column + max(0, maxColumns)) }
        var glyphs: [PlacedGlyph] = []
        var x = column
        for character in text {
            let width = TextWidth.columns(of: character)
            if width == 0 { continue }
            if x >= limit { break }
            if x + width <= 0 {
                x += width
                continue
            }
            if x + width > limit || x < 0 {
                // Straddles an edge: show blanks for the visible part only.
                for blank in max(x, 0)..<min(x + width, limit) where blank >= 0 {
                    glyphs.append(PlacedGlyph(text: " ", column: blank, width: 1))
                }
                x += width
                continue
            }
            glyphs.append(PlacedGlyph(text: String(character), column: x, width: width))
            x += width
        }
        return glyphs
    }
}
