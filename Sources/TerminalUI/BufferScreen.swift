/// An in-memory ``Screen`` that records every cell, for fast, exact tests of views.
///
/// It applies the same clipping rules as ``CursesScreen``. Not thread-safe: use it from one
/// thread at a time, like the real screen.
public final class BufferScreen: Screen {
    /// Where the cursor was last placed with ``setCursor(row:column:visible:)``.
    public struct Cursor: Equatable, Sendable {
        /// Zero-based row.
        public var row: Int
        /// Zero-based column.
        public var column: Int
        /// Whether it is shown.
        public var visible: Bool

        /// Creates a cursor state, e.g. to compare with ``BufferScreen/cursor``.
        public init(row: Int, column: Int, visible: Bool) {
            self.row = row
            self.column = column
            self.visible = visible
        }
    }

    /// The current size; change it with ``resize(to:)``.
    public private(set) var size: TerminalSize
    /// The cursor as last set (hidden at the origin initially).
    public private(set) var cursor = Cursor(row: 0, column: 0, visible: false)
    /// How many times ``present()`` was called, to check that views flush once per update.
    public private(set) var presentCount = 0
    private var cells: [[BufferCell]]

    /// Creates a blank screen of the given size.
    public init(size: TerminalSize) {
        self.size = size
        cells = Array(repeating: Array(repeating: .blank, count: size.columns), count: size.rows)
    }

    /// Changes the size like a terminal resize: the overlapping content stays, new cells are blank.
    public func resize(to newSize: TerminalSize) {
        var resized = Array(repeating: Array(repeating: BufferCell.blank, count: newSize.columns), count: newSize.rows)
        for row in 0..<min(size.rows, newSize.rows) {
            for column in 0..<min(size.columns, newSize.columns) {
                resized[row][column] = cells[row][column]
            }
            // A wide character cut in half by the new right edge becomes a blank.
            if let last = resized[row].last, newSize.columns < size.columns,
               !last.isContinuation, TextWidth.columns(of: last.text) == 2 {
                resized[row][newSize.columns - 1] = .blank
            }
        }
        size = newSize
        cells = resized
    }

    /// Each row as text, with trailing spaces trimmed; a wide character appears once.
    public var lines: [String] {
        cells.map { row in
            var line = ""
            for cell in row where !cell.isContinuation { line += cell.text }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// All ``lines`` joined with newlines, handy for snapshot-style expectations.
    public var text: String { lines.joined(separator: "\n") }

    /// The style at a cell (the right half of a wide character reports its left half's style).
    /// Outside the screen it is ``TextStyle/plain``.
    public func style(row: Int, column: Int) -> TextStyle {
        guard contains(row: row, column: column) else { return .plain }
        var column = column
        while column > 0, cells[row][column].isContinuation { column -= 1 }
        return cells[row][column].style
    }

    /// Blanks every cell and resets its style.
    public func clear() {
        for row in 0..<size.rows { clearRow(row) }
    }

    /// Blanks one row (ignored outside the screen).
    public func clearRow(_ row: Int) {
        guard row >= 0, row < size.rows else { return }
        cells[row] = Array(repeating: .blank, count: size.columns)
    }

    /// Draws text with the shared clipping rules (see ``Screen/write(_:row:column:style:maxColumns:)``).
    @discardableResult
    public func write(_ text: String, row: Int, column: Int, style: TextStyle, maxColumns: Int?) -> Int {
        guard row >= 0, row < size.rows else { return 0 }
        let glyphs = TextLayout.place(text, column: column, maxColumns: maxColumns, screenColumns: size.columns)
        for glyph in glyphs { put(glyph, row: row, style: style) }
        return glyphs.reduce(0) { $0 + $1.width }
    }

    /// Covers `count` columns with `character` in `style`.
    public func fill(row: Int, column: Int, count: Int, character: Character, style: TextStyle) {
        guard count > 0 else { return }
        write(String(repeating: String(character), count: count), row: row, column: column, style: style, maxColumns: count)
    }

    /// Places the cursor and shows or hides it.
    public func setCursor(row: Int, column: Int, visible: Bool) {
        cursor = Cursor(row: row, column: column, visible: visible)
    }

    /// Counts the flush; nothing else to do in memory.
    public func present() {
        presentCount += 1
    }

    private func contains(row: Int, column: Int) -> Bool {
        row >= 0 && row < size.rows && column >= 0 && column < size.columns
    }

    /// Writes one glyph, blanking any wide character it partly overwrites.
    private func put(_ glyph: PlacedGlyph, row: Int, style: TextStyle) {
        let first = glyph.column, last = glyph.column + glyph.width - 1
        if cells[row][first].isContinuation, first > 0 { cells[row][first - 1] = .blank }
        if last + 1 < size.columns, cells[row][last + 1].isContinuation { cells[row][last + 1] = .blank }
        cells[row][first] = BufferCell(text: glyph.text, style: style, isContinuation: false)
        if glyph.width == 2 {
            cells[row][first + 1] = BufferCell(text: "", style: style, isContinuation: true)
        }
    }
}
