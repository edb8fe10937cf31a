/// The drawing surface views draw on, so they can be tested without a terminal.
///
/// Coordinates are zero-based rows and *terminal columns*. Implementations clip everything to
/// their size; drawing outside it is harmless. ``CursesScreen`` draws on the real terminal and
/// must be used on the UI thread only; ``BufferScreen`` records cells for tests.
public protocol Screen: AnyObject {
    /// The current size; views lay out from it on every draw.
    var size: TerminalSize { get }

    /// Blanks the whole surface.
    func clear()

    /// Blanks one row.
    func clearRow(_ row: Int)

    /// Draws `text` at a row and column, measured in terminal columns.
    ///
    /// Clipped to `maxColumns` (when given) and to the screen's edge; a wide character never
    /// gets split — a space is drawn in its place. Control characters are not drawn.
    /// - Returns: the number of columns drawn.
    @discardableResult
    func write(_ text: String, row: Int, column: Int, style: TextStyle, maxColumns: Int?) -> Int

    /// Covers `count` columns with `character` (swatches, bars, highlighted blank space).
    ///
    /// A wide `character` is repeated to cover `count` columns, with a space in an odd last one.
    func fill(row: Int, column: Int, count: Int, character: Character, style: TextStyle)

    /// Places (and shows or hides) the text cursor, e.g. in an input field.
    func setCursor(row: Int, column: Int, visible: Bool)

    /// Makes what was drawn visible: a flush to the terminal for curses.
    func present()
}

extension Screen {
    /// Draws `text` without a column limit other than the screen's edge.
    @discardableResult
    public func write(_ text: String, row: Int, column: Int, style: TextStyle = .plain) -> Int {
        write(text, row: row, column: column, style: style, maxColumns: nil)
    }
}
