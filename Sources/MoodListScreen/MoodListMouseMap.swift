import MoodInsights
import MoodListModule
import TerminalUI

/// Turns a click or a turn of the wheel into what the person meant, given what is drawn where:
/// the mouse's ``MoodListKeyMap``.
///
/// - The list: a click selects the mood on its line, a double click opens it; the wheel moves the
///   selection a few moods.
/// - The form: a click picks a level or puts the focus in a field.
/// - Insights: a click picks a day, a double click shows it in the list; the wheel changes month.
/// - A mood's detail and the help: the wheel scrolls.
/// Anything else, and anything in a window too small to draw, means nothing.
public enum MoodListMouseMap {
    /// Moods (or lines) a notch of the wheel moves.
    public static let wheelStep = 3

    /// The intents, in order, for `mouse` on `model` drawn at `size`.
    public static func intents(for mouse: MouseEvent, on model: MoodListViewModel, size: TerminalSize) -> [MoodListIntent] {
        let layout = MoodListLayout(size: size)
        guard !layout.isTooSmall else { return [] }
        let wheel: Int? = switch mouse.action {
        case .wheelUp: -1
        case .wheelDown: 1
        case .click, .doubleClick: nil
        }
        switch model.overlay {
        case nil:
            if let wheel { return [.moveSelection(by: wheel * wheelStep)] }
            guard let index = moodIndex(onLine: mouse.row - layout.firstListRow, of: model) else { return [] }
            return mouse.action == .doubleClick ? [.select(index: index), .showDetail] : [.select(index: index)]
        case .detail, .help:
            return wheel.map { [.moveSelection(by: $0 * wheelStep)] } ?? []
        case .form(let form):
            guard wheel == nil else { return [] }
            switch MoodFormRenderer.target(atRow: mouse.row, column: mouse.column, of: form, over: layout.boxArea, screenColumns: size.columns) {
            case .level(let level): return [.focus(.level), .setLevel(level)]
            case .field(let field): return [.focus(field)]
            case nil: return []
            }
        case .insights(let insights):
            if let wheel { return [.moveMonth(by: wheel)] }
            guard let day = InsightsRenderer.day(atRow: mouse.row, column: mouse.column, of: insights, size: size) else { return [] }
            let pick = MoodListIntent.moveDay(by: insights.selected.distance(to: day))
            return mouse.action == .doubleClick ? [pick, .submit] : [pick]
        case .confirmDelete, .filter:
            return []
        }
    }

    /// The list index of the mood on list line `line`; `nil` for a day heading or an empty line.
    static func moodIndex(onLine line: Int, of model: MoodListViewModel) -> Int? {
        guard model.lines.indices.contains(line), case .mood(let row) = model.lines[line], row != nil else { return nil }
        return model.firstIndex + model.lines[..<line].count { if case .mood = $0 { true } else { false } }
    }
}
