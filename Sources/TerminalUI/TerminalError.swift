/// Why the terminal could not be set up.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// Standard input or output is not a terminal (e.g. piped); the name says which.
    case notATerminal(stream: String)
    /// curses could not initialise the terminal, usually because `TERM` is unknown.
    case cursesInitializationFailed
    /// A system call failed; the name of the call and `errno`.
    case systemCallFailed(String, errno: Int32)

    /// A message fit to show the user.
    public var description: String {
        switch self {
        case .notATerminal(let stream):
            "moodtui needs a terminal (\(stream) is not a TTY)"
        case .cursesInitializationFailed:
            "moodtui could not initialise the terminal (is TERM set to a known terminal type?)"
        case .systemCallFailed(let call, let errno):
            "\(call) failed (errno \(errno))"
        }
    }
}
