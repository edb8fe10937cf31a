import MoodKit
import MoodListModule
import TerminalUI

/// Draws the whole of one mood in a box over the list: its facts (level, date, last change,
/// device, sync) and then the full note, wrapped, from the wrapped line it is scrolled to.
struct MoodDetailRenderer {
    /// The box's title.
    static let title = "Mood"
    /// The widest the box gets, so lines stay readable on very wide terminals.
    static let maximumWidth = 76
    /// Columns between a fact's label and its value.
    static let labelGap = 2

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
        let labelWidth = (detail.facts.map { TextWidth.columns(of: $0.label) }.max() ?? 0) + Self.labelGap
        for (index, fact) in detail.facts.enumerated() {
            let start = box.drawLine(index, "", on: screen)
            guard index < box.innerHeight else { break }
            let label = TextWidth.pad(fact.label, toColumns: labelWidth)
            screen.write(label, row: start.row, column: start.column, style: TextStyle(bold: true), maxColumns: box.innerWidth)
            let style = index == 0 && colorSupport != .none ? TextStyle(foreground: detail.level.terminalColor, bold: true) : .plain
            let room = max(0, box.innerWidth - labelWidth)
            screen.write(TextWidth.truncate(fact.value, toColumns: room, ellipsis: true), row: start.row, column: start.column + labelWidth, style: style, maxColumns: room)
        }
        guard !detail.note.isEmpty else { return }
        let note = WrappedText(detail.note, width: box.innerWidth)
        box.drawScrolled(note.lines.indices.map(note.text(ofLine:)), scroll: detail.scroll, from: Self.noteRow(detail), on: screen)
    }

    /// How far the note can scroll in the box over `area`.
    static func scrollLimit(for detail: MoodDetailViewModel, over area: Range<Int>, screenColumns: Int) -> Int {
        let box = box(for: detail, over: area, screenColumns: screenColumns)
        return box.scrollLimit(of: WrappedText(detail.note, width: box.innerWidth).lines.count, from: noteRow(detail))
    }

    /// The content line where the note starts: after the facts and a blank line.
    private static func noteRow(_ detail: MoodDetailViewModel) -> Int { detail.facts.count + 1 }
}
