/// What the mouse did, where: a cell of the screen (row 0 is the top, column 0 the left edge).
public struct MouseEvent: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        /// The left button pressed.
        case click
        /// The left button pressed again on the same cell soon after (``DoubleClick``).
        case doubleClick
        case wheelUp
        case wheelDown
    }

    public let action: Action
    public let row: Int
    public let column: Int

    public init(_ action: Action, row: Int, column: Int) {
        (self.action, self.row, self.column) = (action, row, column)
    }

    /// What a terminal's report of button code `button` at a cell stands for, Shift, Alt and Ctrl
    /// aside; `nil` for a release, another button or a drag, which the app does not use.
    static func reported(button: Int, row: Int, column: Int) -> MouseEvent? {
        // No terminal is that large: a report out of range is garbage (and must not overflow).
        guard (0..<100_000).contains(row), (0..<100_000).contains(column) else { return nil }
        let action: Action
        switch button & ~(4 | 8 | 16) {
        case 0: action = .click
        case 64: action = .wheelUp
        case 65: action = .wheelDown
        default: return nil
        }
        return MouseEvent(action, row: row, column: column)
    }
}
