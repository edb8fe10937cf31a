import MoodListModule
import TerminalUI

/// The mood list drawn on a terminal ``Screen``: the `MoodListView` the presenter talks to.
///
/// It keeps the last view model and redraws only the parts a `MoodListViewChanges` names, then
/// presents once. It draws only through ``Screen``, so tests use a `BufferScreen` and the app a
/// `CursesScreen`. Like the screen, use it on the UI thread only. Layout: see ``MoodListLayout``.
public final class MoodListScreenView: MoodListView {
    private let screen: any Screen
    private let colorSupport: ColorSupport
    /// The model last displayed.
    private var model: MoodListViewModel?
    /// The size of the last full draw; a different size forces a full draw.
    private var drawnSize: TerminalSize?
    /// Screen rows covered by the box overlay last drawn, restored when it changes or closes.
    private var boxRows: Range<Int>?
    /// Where the text cursor belongs (form note or filter field), if anything is being typed.
    private var cursor: (row: Int, column: Int)?

    /// Creates a view drawing on `screen`; `colorSupport` chooses coloured swatches or mono bars.
    public init(screen: any Screen, colorSupport: ColorSupport) {
        self.screen = screen
        self.colorSupport = colorSupport
    }

    /// What is open over the list now, which decides what keys mean (see ``MoodListKeyMap``).
    public var overlay: MoodListOverlay? { model?.overlay }

    /// How far the help or a detail view can scroll at the screen's current size.
    public func scrollLimit(for overlay: MoodListOverlay) -> Int {
        let layout = MoodListLayout(size: screen.size)
        let area = layout.boxArea
        switch overlay {
        case .help(let lines, _):
            return HelpRenderer.box(for: lines, over: area, screenColumns: layout.size.columns).scrollLimit(of: lines.count)
        case .detail(let detail):
            return MoodDetailRenderer.scrollLimit(for: detail, over: area, screenColumns: layout.size.columns)
        case .form, .confirmDelete, .filter, .insights:
            return 0
        }
    }

    /// What a click or the wheel at `mouse` means on what is drawn now (``MoodListMouseMap``).
    public func intents(for mouse: MouseEvent) -> [MoodListIntent] {
        model.map { MoodListMouseMap.intents(for: mouse, on: $0, size: screen.size) } ?? []
    }

    /// How many list lines fit at the screen's current size; the app sends it to the presenter
    /// as `.resize(visibleRows:)`.
    public var listRowCount: Int { MoodListLayout(size: screen.size).listRowCount }

    /// Draws `model`, redrawing only what `changes` names (everything after a size change), then
    /// presents the screen once.
    public func display(_ model: MoodListViewModel, changes: MoodListViewChanges) {
        self.model = model
        let layout = MoodListLayout(size: screen.size)
        if layout.isTooSmall {
            TooSmallRenderer(screen: screen).draw()
            forgetDrawing()
        } else if case .insights(let insights) = model.overlay {
            // Over the whole screen, drawn whole: it is small, and every part may change together.
            InsightsRenderer(screen: screen, colorSupport: colorSupport).draw(insights, footer: model.footer, message: model.message)
            forgetDrawing()
        } else if changes.everything || drawnSize != layout.size {
            drawEverything(model, layout: layout)
        } else {
            drawChanges(changes, of: model, layout: layout)
        }
        if let cursor {
            screen.setCursor(row: cursor.row, column: cursor.column, visible: true)
        } else {
            screen.setCursor(row: 0, column: 0, visible: false)
        }
        screen.present()
    }

    /// Nothing of the list is on screen: the next display draws it all.
    private func forgetDrawing() {
        drawnSize = nil
        boxRows = nil
        cursor = nil
    }

    private func drawEverything(_ model: MoodListViewModel, layout: MoodListLayout) {
        screen.clear()
        drawnSize = layout.size
        boxRows = nil
        chrome.drawHeader(model.header, row: layout.headerRow)
        let selectedLine = model.selectedLine
        for line in 0..<layout.listRowCount { drawListLine(line, of: model, selectedLine: selectedLine, layout: layout) }
        chrome.drawFooter(model.footer, row: layout.footerRow)
        drawOverlay(model, layout: layout)
    }

    private func drawChanges(_ changes: MoodListViewChanges, of model: MoodListViewModel, layout: MoodListLayout) {
        if changes.header { chrome.drawHeader(model.header, row: layout.headerRow) }
        if changes.footer { chrome.drawFooter(model.footer, row: layout.footerRow) }
        var lines = changes.lines.filter { $0 >= 0 && $0 < layout.listRowCount }
        if changes.overlay, let boxRows {
            // Whatever the old box covered shows again unless the new overlay covers it.
            lines.formUnion(boxRows.map { $0 - layout.firstListRow }.filter { $0 >= 0 && $0 < layout.listRowCount })
        }
        let selectedLine = model.selectedLine
        for line in lines.sorted() { drawListLine(line, of: model, selectedLine: selectedLine, layout: layout) }
        let underBox = boxRows.map { rows in lines.contains { rows.contains(layout.screenRow(ofListLine: $0)) } } ?? false
        if changes.overlay {
            drawOverlay(model, layout: layout)
        } else if underBox {
            drawBox(model, layout: layout)
        }
    }

    /// The message line, then any box over the list; records where the cursor belongs.
    private func drawOverlay(_ model: MoodListViewModel, layout: MoodListLayout) {
        cursor = MessageLineRenderer(screen: screen).draw(model, row: layout.messageRow)
        boxRows = nil
        drawBox(model, layout: layout)
    }

    private func drawBox(_ model: MoodListViewModel, layout: MoodListLayout) {
        let area = layout.boxArea
        switch model.overlay {
        case .form(let form):
            cursor = MoodFormRenderer(screen: screen, colorSupport: colorSupport).draw(form, over: area)
            boxRows = MoodFormRenderer.box(for: form, over: area, screenColumns: layout.size.columns).rows
        case .detail(let detail):
            MoodDetailRenderer(screen: screen, colorSupport: colorSupport).draw(detail, over: area)
            boxRows = MoodDetailRenderer.box(for: detail, over: area, screenColumns: layout.size.columns).rows
        case .help(let lines, let scroll):
            HelpRenderer(screen: screen).draw(lines, scroll: scroll, over: area)
            boxRows = HelpRenderer.box(for: lines, over: area, screenColumns: layout.size.columns).rows
        case .confirmDelete, .filter, .insights, nil:
            break
        }
    }

    private func drawListLine(_ line: Int, of model: MoodListViewModel, selectedLine: Int?, layout: MoodListLayout) {
        let row = layout.screenRow(ofListLine: line)
        if model.lines.isEmpty {
            screen.clearRow(row)
            guard line == (layout.listRowCount - 1) / 2 else { return }
            let columns = layout.size.columns
            let text = TextWidth.truncate(model.emptyText, toColumns: columns, ellipsis: true)
            let column = (columns - TextWidth.columns(of: text)) / 2
            screen.write(text, row: row, column: column, style: TextStyle(dim: true), maxColumns: columns - column)
        } else if line < model.lines.count {
            switch model.lines[line] {
            case .day(let heading):
                DayHeadingRenderer(screen: screen, colorSupport: colorSupport).draw(heading, screenRow: row)
            case .mood(let mood):
                MoodRowRenderer(screen: screen, colorSupport: colorSupport, levelWords: model.levelWords)
                    .draw(mood, selected: line == selectedLine, screenRow: row)
            }
        } else {
            screen.clearRow(row)
        }
    }

    private var chrome: MoodListChromeRenderer { MoodListChromeRenderer(screen: screen) }
}
