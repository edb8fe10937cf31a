import CNCurses
import Foundation
import Glibc

/// Owns the terminal for the app's lifetime: puts it into curses mode and always gives it back.
///
/// Use from the UI thread only. The terminal is restored by ``restore()``, when the object is
/// deallocated, at `exit`, and on fatal signals (SIGSEGV, SIGABRT, …).
public final class Terminal {
    /// How much colour is in use; decided by ``start(options:)``.
    public private(set) var colorSupport: ColorSupport = .none
    private var cursesScreen: CursesScreen?

    /// Creates a terminal that is not yet in curses mode.
    public init() {}

    deinit {
        restore()
    }

    /// The screen to draw on.
    ///
    /// - Precondition: ``start(options:)`` succeeded.
    public var screen: CursesScreen {
        guard let cursesScreen else { preconditionFailure("Terminal.screen used before Terminal.start(options:)") }
        return cursesScreen
    }

    /// Switches the terminal to full-screen curses mode.
    ///
    /// Sets a UTF-8 locale, keeps Ctrl-C as SIGINT (cbreak, not raw), sets ``TerminalModes``
    /// (Ctrl-S and Ctrl-\\ as keys, bracketed paste), hides the cursor, turns on keypad decoding,
    /// non-blocking input and the mouse (unless `options` say not), and picks colours per
    /// ``ColorSupport``.
    /// Calling it again after a successful start does nothing.
    /// - Throws: ``TerminalError/notATerminal(stream:)`` when stdin or stdout is not a TTY,
    ///   ``TerminalError/cursesInitializationFailed`` when curses cannot drive the terminal,
    ///   ``TerminalError/cannotMoveTheCursor(term:)`` on a terminal without cursor addressing.
    public func start(options: TerminalOptions = TerminalOptions()) throws {
        guard cursesScreen == nil else { return }
        if isatty(STDIN_FILENO) == 0 { throw TerminalError.notATerminal(stream: "stdin") }
        if isatty(STDOUT_FILENO) == 0 { throw TerminalError.notATerminal(stream: "stdout") }
        TerminalLocale.ensureUTF8()
        // newterm, unlike initscr, reports failure instead of exiting the process.
        guard moodtui_newterm() != nil, let window = moodtui_stdscr() else {
            throw TerminalError.cursesInitializationFailed
        }
        guard moodtui_can_address_cursor() != 0 else {
            endwin()
            throw TerminalError.cannotMoveTheCursor(term: ProcessInfo.processInfo.environment["TERM"] ?? "")
        }
        TerminalRestoration.activate()
        SignalRelay.chainCursesHandlers()
        cbreak()
        noecho()
        TerminalModes.apply(mouse: options.mouse)
        keypad(window, true)
        moodtui_leave_mouse_reports_to_the_app()
        nodelay(window, true)
        set_escdelay(Int32(clamping: options.escapeDelayMilliseconds))
        curs_set(0)
        colorSupport = Self.startColors(noColor: options.noColor).limited(basicOnly: options.basicColorsOnly)
        cursesScreen = CursesScreen(window: window, colorSupport: colorSupport)
    }

    /// Gives the terminal back to the shell (`endwin`). Idempotent; after it, drawing stops.
    public func restore() {
        _ = TerminalRestoration.restore()
    }

    private static func startColors(noColor: Bool) -> ColorSupport {
        guard !noColor, has_colors() else { return .none }
        start_color()
        use_default_colors()
        return ColorSupport.decide(hasColors: true, colors: Int(moodtui_colors()), noColor: false)
    }
}
