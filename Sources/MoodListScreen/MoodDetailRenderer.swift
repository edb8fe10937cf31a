import MoodKit
import MoodListModule
import TerminalUI

/// Draws the whole of one mood in a box over the list: its facts (level, date, last change,
/// device, sync) and then the full note, wrapped, from the line it is scrolled to.
struct MoodDetailRenderer {
    /// The box's title.
    static let title = "Mood"
    /// The widest the box gets, so lines stay readable on very wide terminals.
    static let maximumWidth = 76
    /// Columns the fact labels are padded to.
    static let labelWidth = 9

    let screen: any Screen
    let colorSupport: ColorSupport

    /// The box: as wide as the screen allows up to ``maximumWidth``, as tall as the content
    /// needs up to the whole of `area`.
    static func box(for detail: MoodDetailViewModel, over area: Range<Int>, screenColumns: Int) -> TextBox {
        let width = min(screenColumns - 4, maximumWidth)
        let noteLines = WrappedText(detail.note, width: max(1, width - 4)).lines.count
        let height = detail.facts.count + (detail.note.isEmpty ? 0 : 1 + noteLines) + 2
        return TextBox(width: width, height: height, centredIn: area, screenColumns: screenColumns)
    }

    func draw(_ detail: MoodDetailViewModel, over area: Range<Int>) {
        let box = Self.box(for: detail, over: area, screenColumns: screen.size.columns)
        box.drawFrame(title: Self.title, on: screen)
        for (index, fact) in detail.facts.enumerated() {
            let start = box.drawLine(index, "", on: screen)
            guard index < box.innerHeight else { break }
            let label = TextWidth.pad(fact.label, toColumns: Self.labelWidth)
            screen.write(label, row: start.row, column: start.column, style: TextStyle(bold: true), maxColumns: box.innerWidth)
            let style = index == 0 && colorSupport != .none ? TextStyle(foreground: detail.level.terminalColor, bold: true) : .plain
            let room = box.innerWidth - Self.labelWidth
            screen.write(TextWidth.truncate(fact.value, toColumns: room, ellipsis: true), row: start.row, column: start.column + Self.labelWidth, style: style, maxColumns: room)
        }
        guard !detail.note.isEmpty else { return }
        let note = WrappedText(detail.note, width: box.innerWidth)
        let firstContentLine = detail.facts.count + 1
        let shown = max(0, box.innerHeight - firstContentLine)
        let first = firstLine(ofNoteLine: detail.scroll, in: note)
        for offset in 0..<shown where first + offset < note.lines.count {
            let last = offset == shown - 1 && first + offset < note.lines.count - 1
            box.drawLine(firstContentLine + offset, last ? "…" : note.text(ofLine: first + offset), on: screen)
        }
    }

    /// The wrapped line where the note's line `scroll` (counted between line feeds) starts.
    private func firstLine(ofNoteLine scroll: Int, in note: WrappedText) -> Int {
        guard scroll > 0 else { return 0 }
        var breaks = 0
        for (index, line) in note.lines.enumerated().dropFirst() where line.lowerBound > 0 && note.characters[line.lowerBound - 1] == "\n" {
            breaks += 1
            if breaks == scroll { return index }
        }
        return max(0, note.lines.count - 1)
    }
}
