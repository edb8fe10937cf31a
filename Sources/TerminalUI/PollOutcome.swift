/// What one wait of ``FileDescriptorPoller`` saw, before curses is consulted.
struct PollOutcome: Equatable, Sendable {
    /// The input descriptor (the terminal) has bytes to read.
    var inputReady = false
    /// A ``TerminalEventLoop/Waker`` wrote to the pipe.
    var woken = false
    /// A termination signal handler wrote to the pipe.
    var signalled = false
    /// `poll` was interrupted or the SIGWINCH handler wrote: curses may have a `KEY_RESIZE`.
    var interrupted = false
    /// The SIGCONT handler wrote: the process was stopped and goes on.
    var resumed = false
    /// The input can never be read again (hung up, closed, or `poll` failed for good).
    var inputClosed = false
    /// The deadline passed with nothing to report.
    var timedOut = false
}
