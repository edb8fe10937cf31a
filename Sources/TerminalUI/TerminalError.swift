/// Why the terminal could not be set up.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// Standard input or output is not a terminal (e.g. piped); the name says which.
    case notATerminal(stream: String)
    /// curses could not initialise the terminal, usually because `TERM` is unknown.
    case cursesInitializationFailed
    /// The terminal cannot move the cursor (`TERM=dumb`, a printing terminal): the list cannot
    /// be drawn on it. The value of `TERM`.
    case cannotMoveTheCursor(term: String)
    /// A system call failed; the name of the call and `errno`.
    case systemCallFailed(String, errno: Int32)

    /// A message fit to show the user, after `moodtui: `.
    public var description: String {
        switch self {
        case .notATerminal(let stream):
            "the app needs a terminal and \(stream) is not one; moodtui add, list and watch work without"
        case .cursesInitializationFailed:
            "cannot start the terminal (is TERM set to a known terminal type?)"
        case .cannotMoveTheCursor(let term):
            "TERM=\(term) cannot move the cursor, which the app needs; run it in another terminal (xterm, tmux) "
                + "or use moodtui add, list and watch"
        case .systemCallFailed(let call, let errno):
            "\(call) failed (errno \(errno))"
        }
    }
}
