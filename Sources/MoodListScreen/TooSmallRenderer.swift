import TerminalUI

/// Draws the message shown instead of the list when the terminal is below the minimum size.
struct TooSmallRenderer {
    let screen: any Screen

    /// The message, split in two lines: what is needed, and the size now.
    static func message(for size: TerminalSize) -> (need: String, now: String) {
        let minimum = MoodListLayout.minimumSize
        return ("moodtui needs at least \(minimum.columns)×\(minimum.rows)", "now \(size.columns)×\(size.rows)")
    }

    /// Clears the screen and centres the message, on one line when it fits, else on two.
    func draw() {
        let size = screen.size
        screen.clear()
        guard size.rows > 0, size.columns > 0 else { return }
        let (need, now) = Self.message(for: size)
        let oneLine = "\(need) — \(now)"
        let lines = TextWidth.columns(of: oneLine) <= size.columns || size.rows < 2 ? [oneLine] : [need, now]
        let top = (size.rows - lines.count) / 2
        for (offset, line) in lines.enumerated() {
            let fitted = TextWidth.truncate(line, toColumns: size.columns, ellipsis: true)
            let column = (size.columns - TextWidth.columns(of: fitted)) / 2
            screen.write(fitted, row: top + offset, column: column, style: TextStyle(bold: true), maxColumns: size.columns - column)
        }
    }
}
