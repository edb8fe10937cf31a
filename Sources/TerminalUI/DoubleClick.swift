/// Tells a double click from a click: a second press of the button on the same cell soon after
/// the first.
///
/// curses can do this itself, but only by holding every click back until no second one can come
/// (its `mouseinterval`), and a key pressed in that time made it drop the click. Here a press is
/// a click at once, and the second press makes it a double click (the first has selected, the
/// second opens), as in file managers.
public struct DoubleClick: Sendable {
    /// The longest time between the presses of a double click.
    public static let interval = Duration.milliseconds(400)

    private var lastPress: (row: Int, column: Int, at: ContinuousClock.Instant)?

    public init() {}

    /// What a press at `row`, `column` at `time` is.
    public mutating func action(ofPressAt row: Int, column: Int, time: ContinuousClock.Instant) -> MouseEvent.Action {
        if let last = lastPress, last.row == row, last.column == column, time - last.at <= Self.interval {
            lastPress = nil  // a third press starts over
            return .doubleClick
        }
        lastPress = (row, column, time)
        return .click
    }
}
