/// The size of a drawing surface in character cells.
///
/// Views lay themselves out from this value; it changes when the terminal is resized.
public struct TerminalSize: Equatable, Sendable {
    /// Number of lines, counted from the top.
    public var rows: Int
    /// Number of terminal columns (a wide character takes two).
    public var columns: Int

    /// Creates a size; negative values are clamped to zero so layout arithmetic never traps.
    public init(rows: Int, columns: Int) {
        self.rows = max(0, rows)
        self.columns = max(0, columns)
    }
}
