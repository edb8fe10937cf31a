import CNCurses
import Glibc
import Synchronization

/// The terminal settings the app needs beyond curses' cbreak mode, set when it starts and again
/// after Ctrl-Z and `fg`. `endwin` gives the shell back its terminal settings; the modes written
/// here are turned off by ``release()``, on the way out and on Ctrl-Z (``SignalRelay``).
///
/// - Ctrl-S and Ctrl-Q reach the app as keys: with flow control on, Ctrl-S froze the screen
///   until Ctrl-Q, which nobody guesses.
/// - Ctrl-\\ reaches the app as a key instead of sending SIGQUIT, which dumped a backtrace and
///   left the terminal in curses mode.
/// - Bracketed paste: the terminal marks pasted text, so that it goes into the field as text
///   and is never run as commands.
/// - The mouse, when wanted: presses and the wheel reported (1000) in SGR form (1006), which has
///   no limit on the column and tells a release apart.
enum TerminalModes {
    private static let bracketedPasteOn: StaticString = "\u{1B}[?2004h"
    private static let mouseReportsOn: StaticString = "\u{1B}[?1000h\u{1B}[?1006h"
    /// Both off, whatever was on: async-signal-safe, for the crash path too.
    private static let released: StaticString = "\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1000l"
    /// Whether the app asked for the mouse, for when the modes are set again.
    private static let mouseReports = Atomic<Bool>(false)

    /// Sets the modes, the mouse reports only when `mouse`; curses' idea of "program mode" is
    /// updated too, so that it sets them again itself when the app is resumed.
    static func apply(mouse: Bool) {
        mouseReports.store(mouse, ordering: .relaxed)
        reapply()
    }

    /// Whether the app asked for the mouse: reports that come without (the terminal left in mouse
    /// mode by another program) are not the person's doing here.
    static var reportsMouse: Bool { mouseReports.load(ordering: .relaxed) }

    /// Sets the modes again after the app was stopped (Ctrl-Z) and resumed.
    static func reapply() {
        var settings = termios()
        if tcgetattr(STDIN_FILENO, &settings) == 0 {
            settings.c_iflag &= ~tcflag_t(IXON | IXOFF)
            withUnsafeMutableBytes(of: &settings.c_cc) { $0[Int(VQUIT)] = 0 }  // _POSIX_VDISABLE
            tcsetattr(STDIN_FILENO, TCSANOW, &settings)
            def_prog_mode()
        }
        write(bracketedPasteOn)
        if mouseReports.load(ordering: .relaxed) { write(mouseReportsOn) }
    }

    /// Turns bracketed paste and the mouse reports off, for the shell; async-signal-safe (the
    /// restoration on a crash calls it).
    static func release() {
        write(released)
    }

    private static func write(_ sequence: StaticString) {
        _ = sequence.withUTF8Buffer { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }
}
