import CNCurses
import Glibc
import Synchronization

// The terminal must be restored at exit and on crashes, where no object is reachable:
// `atexit` and signal handlers are C functions without context, hence these private globals.

/// Whether curses currently owns the terminal (so `endwin` is due).
private let cursesActive = Atomic<Bool>(false)
/// Whether the terminal has an alternate screen, which takes the app's screen away on `endwin`.
private let hasAlternateScreen = Atomic<Bool>(true)
/// Whether the process-wide hooks have been installed (they are installed once).
private let hooksInstalled = Atomic<Bool>(false)
/// The actions that were in place for each fatal signal before ours, indexed by signal number.
/// Written once before our handlers are installed, then only read.
nonisolated(unsafe) private let previousFatalActions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)

private func restoreAtExit() {
    _ = TerminalRestoration.restore()
}

private func restoreOnFatalSignal(_ signal: Int32) {
    _ = TerminalRestoration.restore()
    // Hand the signal to whoever had it before (the Swift backtracer, or the default action).
    sigaction(signal, previousFatalActions + Int(signal), nil)
    raise(signal)
}

/// Process-wide safety net that gives the terminal back (`endwin`) exactly once:
/// on ``Terminal/restore()``, at `exit`, or when the process crashes.
enum TerminalRestoration {
    /// Signals after which the process is going down anyway.
    static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGQUIT, SIGSYS]

    /// Records that curses now owns the terminal, installing the hooks on first use.
    static func activate() {
        hasAlternateScreen.store(moodtui_has_alternate_screen() != 0, ordering: .sequentiallyConsistent)
        cursesActive.store(true, ordering: .sequentiallyConsistent)
        guard !hooksInstalled.exchange(true, ordering: .sequentiallyConsistent) else { return }
        atexit(restoreAtExit)
        for signal in fatalSignals {
            sigaction(signal, nil, previousFatalActions + Int(signal))
            var action = sigaction()
            action.__sigaction_handler.sa_handler = restoreOnFatalSignal
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
    }

    /// Calls `endwin` if curses owns the terminal; safe to call any number of times. Without an
    /// alternate screen the app's last screen stays, with the cursor on its footer line: a new
    /// line then keeps the shell's prompt from printing over it.
    /// - Returns: `true` if this call restored the terminal.
    static func restore() -> Bool {
        guard cursesActive.exchange(false, ordering: .sequentiallyConsistent) else { return false }
        TerminalModes.release()
        endwin()
        if !hasAlternateScreen.load(ordering: .sequentiallyConsistent) {
            _ = write(STDOUT_FILENO, "\r\n", 2)  // async-signal-safe, for the crash path
        }
        return true
    }
}
