import CNCurses
import Glibc

/// The terminal settings the app needs beyond curses' cbreak mode, set when it starts and again
/// after Ctrl-Z and `fg`; `endwin` gives back the shell's.
///
/// - Ctrl-S and Ctrl-Q reach the app as keys: with flow control on, Ctrl-S froze the screen
///   until Ctrl-Q, which nobody guesses.
/// - Ctrl-\\ reaches the app as a key instead of sending SIGQUIT, which dumped a backtrace and
///   left the terminal in curses mode.
/// - Bracketed paste: the terminal marks pasted text, so that it goes into the field as text
///   and is never run as commands.
enum TerminalModes {
    private static let bracketedPasteOn: StaticString = "\u{1B}[?2004h"
    private static let bracketedPasteOff: StaticString = "\u{1B}[?2004l"

    /// Sets the modes; curses' idea of "program mode" is updated too, so that it sets them again
    /// itself when the app is resumed.
    static func apply() {
        var settings = termios()
        if tcgetattr(STDIN_FILENO, &settings) == 0 {
            settings.c_iflag &= ~tcflag_t(IXON | IXOFF)
            withUnsafeMutableBytes(of: &settings.c_cc) { $0[Int(VQUIT)] = 0 }  // _POSIX_VDISABLE
            tcsetattr(STDIN_FILENO, TCSANOW, &settings)
            def_prog_mode()
        }
        write(bracketedPasteOn)
    }

    /// Turns bracketed paste off, for the shell; async-signal-safe (the restoration on a crash
    /// calls it).
    static func releaseBracketedPaste() {
        write(bracketedPasteOff)
    }

    private static func write(_ sequence: StaticString) {
        _ = sequence.withUTF8Buffer { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }
}
