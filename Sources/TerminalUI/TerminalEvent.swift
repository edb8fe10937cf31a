/// Something the UI thread must react to, returned by ``TerminalEventLoop/wait(timeout:)``.
public enum TerminalEvent: Equatable, Sendable {
    /// A key press.
    case key(KeyEvent)
    /// A click, a double click or the wheel, when the mouse is on (``TerminalOptions/mouse``).
    case mouse(MouseEvent)
    /// The terminal changed size; lay out again for the new size.
    case resize(TerminalSize)
    /// Another thread called ``TerminalEventLoop/Waker/wake()``: check your inbox.
    case wake
    /// SIGINT, SIGTERM or SIGHUP arrived: quit cleanly (the terminal gets restored).
    case signal(Int32)
    /// The app goes on after Ctrl-Z and `fg`: the terminal's modes are set again and the screen
    /// is to be drawn whole.
    case resumed
    /// The terminal went away (hung up or closed): nobody can type any more, so quit.
    case inputClosed
    /// The timeout passed to `wait` elapsed with nothing else to report.
    case timeout
}
