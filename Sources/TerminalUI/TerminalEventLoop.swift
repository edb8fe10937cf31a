import CNCurses
import Glibc

/// The UI thread's wait: sleeps in `poll()` until a key, a resize, a wake-up from another
/// thread, a termination signal, or an optional timeout, and returns what happened.
///
/// There is no busy loop and no periodic redraw. Create it, and call ``wait(timeout:)``, on the
/// UI thread after ``Terminal/start(options:)``; hand ``waker`` to background work.
/// Only one loop should exist at a time: it owns the process's SIGINT, SIGTERM and SIGHUP handlers.
public final class TerminalEventLoop {
    /// Wakes this loop from any thread.
    public let waker: Waker
    private let poller: FileDescriptorPoller

    /// Creates the wake pipe and installs the termination signal handlers.
    /// - Throws: ``TerminalError/systemCallFailed(_:errno:)`` if the pipe cannot be created.
    public init() throws {
        let pipe = try WakePipe()
        waker = Waker(pipe: pipe)
        poller = FileDescriptorPoller(inputDescriptor: STDIN_FILENO, wakePipe: pipe)
        SignalRelay.start(writingTo: pipe)
    }

    deinit {
        SignalRelay.stop()
    }

    /// Blocks until there is at least one event, and returns all that are pending.
    ///
    /// Order: signals, then keys and resizes as typed, then one `.wake` if any waker fired.
    /// - Parameter timeout: how long to wait at most (e.g. until a status message expires);
    ///   `nil` waits forever. On expiry the result is `[.timeout]`.
    /// - Precondition: called on the UI thread with the terminal started.
    public func wait(timeout: Duration?) -> [TerminalEvent] {
        guard let window = moodtui_stdscr() else { preconditionFailure("TerminalEventLoop.wait before Terminal.start") }
        let clock = ContinuousClock()
        let deadline = timeout.map { clock.now + $0 }
        while true {
            let remaining = deadline.map { clock.now < $0 ? $0 - clock.now : .zero }
            let outcome = poller.wait(timeout: remaining)
            var events = SignalRelay.takePending().map(TerminalEvent.signal)
            if outcome.inputReady || outcome.interrupted {
                events += Self.readKeys(from: window)
            }
            if outcome.woken { events.append(.wake) }
            if outcome.inputClosed && events.isEmpty { return [.inputClosed] }
            if !events.isEmpty { return events }
            if let deadline, clock.now >= deadline { return [.timeout] }
        }
    }

    /// Drains every key curses has ready without blocking, turning `KEY_RESIZE` into a resize.
    private static func readKeys(from window: UnsafeMutablePointer<WINDOW>) -> [TerminalEvent] {
        var keys: [KeyEvent] = []
        var character: wint_t = 0
        for _ in 0..<4096 {
            let status = wget_wch(window, &character)
            if status == ERR { break }
            keys.append(KeyEvent(code: Int32(bitPattern: character), isKeyCode: status == moodtui_key_code_yes()))
        }
        return KeyEvent.combining(keys).map { key in
            key == .resize
                ? .resize(TerminalSize(rows: Int(getmaxy(window)), columns: Int(getmaxx(window))))
                : .key(key)
        }
    }
}
