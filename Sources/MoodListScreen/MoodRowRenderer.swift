import MoodKit
import MoodListModule
import TerminalUI

/// Draws one line of the mood list: swatch, level, date, note, activities and sync marker; a row
/// that just arrived from another device gets a "↓" beside its swatch and bold text.
///
/// Columns: the swatch at 0–1, the level's word at ``levelColumn`` (``levelWidth`` wide: 5, or
/// the account's longest word), the date at ``dateColumn`` (10 wide), the note from ``noteColumn`` up to two columns before the right
/// edge, its activities (`#run #work`, in cyan, after ``scaleMark`` when the mood has scale
/// values) flush right at the end of that space and given at most half of it, a "↗" in the column before the last for a mood one of the account's
/// shares shows, and the sync marker (none in a journal that does not sync) in the last column. Everything is measured with ``TextWidth``.
struct MoodRowRenderer {
    /// Columns of the coloured swatch.
    static let swatchWidth = 2
    /// Where the level name starts.
    static let levelColumn = 3
    /// Columns the date is padded to.
    static let dateWidth = 10
    /// Columns reserved at the right edge: a gap and the one-column sync marker.
    static let markerReserve = 2
    /// Beside the sync marker, on a mood one of the account's shares shows.
    static let sharedMark = "↗"
    /// After the activities, on a mood with values of the journal's scales (the detail view
    /// shows them).
    static let scaleMark = "≡"

    let screen: any Screen
    let colorSupport: ColorSupport
    /// Columns the level's word is padded to.
    let levelWidth: Int

    init(screen: any Screen, colorSupport: ColorSupport, levelWords: LevelWords = .builtIn) {
        self.screen = screen
        self.colorSupport = colorSupport
        levelWidth = LevelColumn.width(levelWords)
    }

    /// Where the date starts.
    var dateColumn: Int { Self.levelColumn + levelWidth + 1 }
    /// Where the note starts.
    var noteColumn: Int { dateColumn + Self.dateWidth + 1 }

    /// Draws `row` (or a "still reading" placeholder for `nil`) on screen row `screenRow`.
    func draw(_ row: MoodRowViewModel?, selected: Bool, screenRow: Int) {
        let columns = screen.size.columns
        let base = TextStyle(reverse: selected)
        if selected {
            screen.fill(row: screenRow, column: 0, count: columns, character: " ", style: base)
        } else {
            screen.clearRow(screenRow)
        }
        guard let row else {
            screen.write("…", row: screenRow, column: Self.levelColumn, style: TextStyle(dim: true, reverse: selected), maxColumns: 1)
            return
        }
        drawSwatch(for: row.level, selected: selected, screenRow: screenRow)
        if row.isHighlighted {
            screen.write("↓", row: screenRow, column: Self.swatchWidth, style: TextStyle(foreground: .cyan, bold: true, reverse: selected), maxColumns: 1)
        }
        let level = TextWidth.pad(row.levelName, toColumns: levelWidth)
        screen.write(level, row: screenRow, column: Self.levelColumn, style: TextStyle(bold: true, reverse: selected), maxColumns: levelWidth)
        let text = row.isHighlighted ? TextStyle(bold: true, reverse: selected) : base
        let date = TextWidth.pad(row.dateText, toColumns: Self.dateWidth)
        screen.write(date, row: screenRow, column: dateColumn, style: text, maxColumns: Self.dateWidth)
        let space = noteWidth(screenColumns: columns)
        let marked = row.hasScaleValues ? [Self.scaleMark, row.activities].filter { !$0.isEmpty }.joined(separator: " ") : row.activities
        let tagsWidth = marked.isEmpty || space < 8 ? 0 : min(TextWidth.columns(of: marked), space / 2)
        let noteWidth = tagsWidth > 0 ? space - tagsWidth - 1 : space
        if noteWidth > 0 {
            let note = TextWidth.truncate(row.note, toColumns: noteWidth, ellipsis: true)
            screen.write(note, row: screenRow, column: noteColumn, style: text, maxColumns: noteWidth)
        }
        if tagsWidth > 0 {
            let tags = TextWidth.truncate(marked, toColumns: tagsWidth, ellipsis: true)
            let style = TextStyle(foreground: colorSupport == .none ? nil : .cyan, reverse: selected)
            screen.write(tags, row: screenRow, column: noteColumn + space - TextWidth.columns(of: tags), style: style, maxColumns: tagsWidth)
        }
        if row.isShared {
            screen.write(Self.sharedMark, row: screenRow, column: columns - 2, style: TextStyle(foreground: .magenta, reverse: selected), maxColumns: 1)
        }
        if let sync = row.sync {
            screen.write(sync.marker, row: screenRow, column: columns - 1, style: markerStyle(sync, selected: selected), maxColumns: 1)
        }
    }

    /// Columns left for the note on a screen `screenColumns` wide.
    func noteWidth(screenColumns: Int) -> Int {
        max(0, screenColumns - Self.markerReserve - noteColumn)
    }

    /// The swatch: a coloured block, or a level-high bar without colour. On the selected line a
    /// reversed coloured blank keeps the colour visible inside the reverse-video bar.
    private func drawSwatch(for level: MoodLevel, selected: Bool, screenRow: Int) {
        if colorSupport == .none {
            screen.write(level.monoGlyph, row: screenRow, column: 0, style: TextStyle(reverse: selected), maxColumns: Self.swatchWidth)
        } else if selected {
            let style = TextStyle(foreground: level.terminalColor, reverse: true)
            screen.fill(row: screenRow, column: 0, count: Self.swatchWidth, character: " ", style: style)
        } else {
            let style = TextStyle(foreground: level.terminalColor)
            screen.fill(row: screenRow, column: 0, count: Self.swatchWidth, character: "█", style: style)
        }
    }

    private func markerStyle(_ sync: MoodSyncState.Summary, selected: Bool) -> TextStyle {
        switch sync {
        case .waiting: TextStyle(dim: true, reverse: selected)
        case .synced: TextStyle(foreground: .green, reverse: selected)
        case .failed: TextStyle(foreground: .red, bold: true, reverse: selected)
        }
    }
}
