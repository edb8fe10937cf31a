import CNCurses

/// The real terminal as a ``Screen``, drawing on curses' standard screen.
///
/// Created by ``Terminal/start(options:)``. Curses is not thread-safe: every call must happen
/// on the UI thread, the one that runs ``TerminalEventLoop/wait(timeout:)``.
public final class CursesScreen: Screen {
    private let window: UnsafeMutablePointer<WINDOW>
    private let palette: CursesPalette

    /// Wraps an initialised curses window (normally `stdscr`).
    init(window: UnsafeMutablePointer<WINDOW>, colorSupport: ColorSupport) {
        self.window = window
        self.palette = CursesPalette(support: colorSupport)
    }

    /// The window's current size, which curses updates on `KEY_RESIZE`.
    public var size: TerminalSize {
        TerminalSize(rows: Int(getmaxy(window)), columns: Int(getmaxx(window)))
    }

    /// Blanks every cell and resets its style.
    public func clear() {
        moodtui_wattr_set(window, moodtui_a_normal(), 0)
        werase(window)
    }

    /// Blanks one row (ignored outside the screen).
    public func clearRow(_ row: Int) {
        guard row >= 0, row < size.rows else { return }
        moodtui_wattr_set(window, moodtui_a_normal(), 0)
        wmove(window, Int32(row), 0)
        wclrtoeol(window)
    }

    /// Draws text with the shared clipping rules (see ``Screen/write(_:row:column:style:maxColumns:)``).
    @discardableResult
    public func write(_ text: String, row: Int, column: Int, style: TextStyle, maxColumns: Int?) -> Int {
        let size = self.size
        guard row >= 0, row < size.rows else { return 0 }
        let glyphs = TextLayout.place(text, column: column, maxColumns: maxColumns, screenColumns: size.columns)
        guard !glyphs.isEmpty else { return 0 }
        let (attributes, pair) = palette.attributes(for: style)
        moodtui_wattr_set(window, attributes, pair)
        // Each cluster is placed at its own column, so a disagreement between our width and
        // curses' (emoji with U+FE0F) cannot shift the rest of the line; and it goes into one
        // cell whole, so 👍🏽 and 👩‍💻 are not cut to their first emoji. A cluster longer than a
        // cell holds (a family of four: seven scalars) is shown as U+FFFD, never as the
        // different emoji its first scalars would make.
        let cellLimit = Int(moodtui_ccharw_max())
        for glyph in glyphs {
            var scalars = glyph.text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
            if scalars.count > cellLimit { scalars = [0xFFFD] }
            // Writing the very last cell of the screen may "fail" (no room to scroll); ignore it.
            _ = moodtui_mvwadd_cluster(window, Int32(row), Int32(glyph.column), scalars, Int32(scalars.count))
        }
        moodtui_wattr_set(window, moodtui_a_normal(), 0)
        return glyphs.reduce(0) { $0 + $1.width }
    }

    /// Covers `count` columns with `character` in `style`.
    public func fill(row: Int, column: Int, count: Int, character: Character, style: TextStyle) {
        guard count > 0 else { return }
        write(String(repeating: String(character), count: count), row: row, column: column, style: style, maxColumns: count)
    }

    /// Places the cursor and shows or hides it.
    public func setCursor(row: Int, column: Int, visible: Bool) {
        if visible { wmove(window, Int32(row), Int32(column)) }
        curs_set(visible ? 1 : 0)
        leaveok(window, !visible)
    }

    /// Flushes pending drawing to the terminal (`wnoutrefresh` + `doupdate`).
    public func present() {
        wnoutrefresh(window)
        doupdate()
    }
}
