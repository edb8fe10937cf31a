import MoodListModule
import TerminalUI

/// The part of a one-line text field that fits in a given width, scrolled so the cursor stays
/// visible, and where the cursor lands in columns (wide characters count two).
struct TextFieldWindow: Equatable {
    /// The visible text, at most the field's width in columns.
    var text: String
    /// The cursor's column relative to the field's first column: always `< width` (when the width
    /// is positive), so there is a cell for it even at the end of the text.
    var cursorColumn: Int

    /// Fits `field` into `width` columns.
    ///
    /// Shows the text from its start while the cursor fits; otherwise drops whole characters
    /// from the left until the cursor sits in the last column.
    /// - Complexity: O(n) in the length of the text.
    init(_ field: TextFieldViewModel, width: Int) {
        let characters = Array(field.text)
        let cursor = min(max(field.cursor, 0), characters.count)
        guard width > 0 else {
            self.init(text: "", cursorColumn: 0)
            return
        }
        var start = 0
        var beforeCursor = characters[..<cursor].reduce(0) { $0 + TextWidth.columns(of: $1) }
        while beforeCursor > width - 1, start < cursor {
            beforeCursor -= TextWidth.columns(of: characters[start])
            start += 1
        }
        let visible = TextWidth.truncate(String(characters[start...]), toColumns: width)
        self.init(text: visible, cursorColumn: beforeCursor)
    }

    private init(text: String, cursorColumn: Int) {
        self.text = text
        self.cursorColumn = cursorColumn
    }
}
