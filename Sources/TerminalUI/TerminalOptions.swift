/// Choices the executable makes for the terminal, usually from the environment or flags.
///
/// Library types never read environment variables themselves; the composition root fills
/// this in, e.g. `noColor` from a non-empty `NO_COLOR`.
public struct TerminalOptions: Equatable, Sendable {
    /// Turn colour off even when the terminal supports it.
    public var noColor: Bool
    /// Use only the terminal's eight basic colours, as its own colour scheme draws them, even
    /// where it has 256.
    public var basicColorsOnly: Bool
    /// Milliseconds curses waits after ESC to tell a lone Escape from an escape sequence.
    public var escapeDelayMilliseconds: Int
    /// Whether the app takes the mouse (clicks, the wheel); without it the terminal keeps it for
    /// selecting and copying text.
    public var mouse: Bool

    /// Creates options; the defaults suit an interactive session.
    public init(noColor: Bool = false, basicColorsOnly: Bool = false, escapeDelayMilliseconds: Int = 25, mouse: Bool = true) {
        self.noColor = noColor
        self.basicColorsOnly = basicColorsOnly
        self.escapeDelayMilliseconds = escapeDelayMilliseconds
        self.mouse = mouse
    }

    /// Reads the `NO_COLOR` convention from an environment dictionary.
    ///
    /// For the executable's use: any non-empty value turns colour off.
    public static func noColor(fromEnvironment environment: [String: String]) -> Bool {
        !(environment["NO_COLOR"] ?? "").isEmpty
    }
}
