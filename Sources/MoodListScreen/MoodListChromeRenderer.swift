import MoodListModule
import TerminalUI

/// Draws the header and the footer around the list.
struct MoodListChromeRenderer {
    let screen: any Screen

    /// The header on `row`: the title left, the count after it and the sync status right-aligned,
    /// all in reverse video. The status gives way first, then the count is shortened.
    func drawHeader(_ header: MoodListHeader, row: Int) {
        let columns = screen.size.columns
        let bar = TextStyle(reverse: true)
        screen.fill(row: row, column: 0, count: columns, character: " ", style: bar)
        let title = TextWidth.truncate(" " + header.title, toColumns: columns, ellipsis: true)
        var used = screen.write(title, row: row, column: 0, style: TextStyle(bold: true, reverse: true), maxColumns: columns)
        let status = header.status.isEmpty ? "" : header.status + " "
        let statusWidth = TextWidth.columns(of: status)
        var right = columns
        if statusWidth > 0, used + 2 + statusWidth <= columns {
            right = columns - statusWidth
            screen.write(status, row: row, column: right, style: bar, maxColumns: statusWidth)
        }
        guard !header.countText.isEmpty else { return }
        used += 2
        let room = right - used - 1
        if room > 0 {
            let count = TextWidth.truncate(header.countText, toColumns: room, ellipsis: true)
            screen.write(count, row: row, column: used, style: bar, maxColumns: room)
        }
    }

    /// The footer on `row`: the key hints, dimmed and shortened with "…" to fit.
    func drawFooter(_ footer: String, row: Int) {
        let columns = screen.size.columns
        screen.clearRow(row)
        let text = TextWidth.truncate(footer, toColumns: columns, ellipsis: true)
        screen.write(text, row: row, column: 0, style: TextStyle(dim: true), maxColumns: columns)
    }
}
