/// How much colour the running terminal can show, decided once at start.
///
/// Views never look at this; the screen uses it to degrade ``TextStyle`` colours gracefully.
public enum ColorSupport: Hashable, Sendable {
    /// No colour: a monochrome terminal, or the user set `NO_COLOR`. Attributes still work.
    case none
    /// The eight ANSI colours.
    case basic8
    /// At least 256 colours, so `.gray` can be a real gray.
    case extended256

    /// Decides colour support from what curses reports and the user's preference.
    ///
    /// A pure function so the decision is testable without a terminal.
    /// - Parameters:
    ///   - hasColors: the result of `has_colors()`.
    ///   - colors: the value of curses' `COLORS`.
    ///   - noColor: `true` when the user asked for no colour (the `NO_COLOR` convention).
    public static func decide(hasColors: Bool, colors: Int, noColor: Bool) -> ColorSupport {
        if noColor || !hasColors || colors < 8 { return .none }
        return colors >= 256 ? .extended256 : .basic8
    }

    /// This support, at most the eight basic colours when `basicOnly`.
    public func limited(basicOnly: Bool) -> ColorSupport {
        basicOnly && self == .extended256 ? .basic8 : self
    }
}
