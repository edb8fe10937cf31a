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
    /// Keys from what curses reads; keeps an escape sequence cut between two reads.
    private var decoder = KeyDecoder(mouseReports: TerminalModes.reportsMouse)
    /// Pastes the terminal did not mark, from the keys of each read.
    private var pasteBurst = PasteBurst()
    /// Double clicks, from the presses of the left button.
    private var doubleClick = DoubleClick()
    /// When input last came, from which an unfinished sequence's wait is counted.
    private var lastInput = ContinuousClock.now

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
    /// Order: signals, then keys and resizes as typed, then `.resumed`, then one `.wake` if any
    /// waker fired.
    /// - Parameter timeout: how long to wait at most (e.g. until a status message expires);
    ///   `nil` waits forever. On expiry the result is `[.timeout]`.
    /// - Precondition: called on the UI thread with the terminal started.
    public func wait(timeout: Duration?) -> [TerminalEvent] {
        guard let window = moodtui_stdscr() else { preconditionFailure("TerminalEventLoop.wait before Terminal.start") }
        let clock = ContinuousClock()
        let deadline = timeout.map { clock.now + $0 }
        while true {
            // An unfinished escape sequence or paste is ended when the rest does not come in time.
            let flushTime = decoder.pendingTimeout.map { lastInput + $0 }
            let wakeTime = [deadline, flushTime].compactMap { $0 }.min()
            let outcome = poller.wait(timeout: wakeTime.map { clock.now < $0 ? $0 - clock.now : .zero })
            var events = SignalRelay.takePending().map(TerminalEvent.signal)
            if outcome.inputReady || outcome.interrupted {
                lastInput = clock.now
                events += readKeys(from: window, at: lastInput)
            } else if let flushTime, clock.now >= flushTime {
                events += decoder.flush().map(TerminalEvent.key)
            }
            if outcome.resumed {
                TerminalModes.reapply()
                clearok(moodtui_curscr(), true)
                events.append(.resumed)
            }
            if outcome.woken { events.append(.wake) }
            if outcome.inputClosed && events.isEmpty { return [.inputClosed] }
            if !events.isEmpty { return events }
            if let deadline, clock.now >= deadline { return [.timeout] }
        }
    }

    /// Drains every key curses has ready without blocking, turning `KEY_RESIZE` into a resize
    /// and an unmarked paste into one (``PasteBurst``), and a second click on a cell into a double
    /// click (``DoubleClick``).
    private func readKeys(from window: UnsafeMutablePointer<WINDOW>, at time: ContinuousClock.Instant) -> [TerminalEvent] {
        var inputs: [KeyInput] = []
        var character: wint_t = 0
        for _ in 0..<4096 {
            let status = wget_wch(window, &character)
            if status == ERR { break }
            let code = Int32(bitPattern: character)
            inputs.append(status == moodtui_key_code_yes() ? .keyCode(code) : .scalar(character))
        }
        return pasteBurst.keys(decoder.decode(inputs), readAt: time).compactMap { key -> TerminalEvent? in
            switch key {
            case .resize: .resize(TerminalSize(rows: Int(getmaxy(window)), columns: Int(getmaxx(window))))
            case .mouse where !TerminalModes.reportsMouse: nil
            case .mouse(let mouse) where mouse.action == .click:
                .mouse(MouseEvent(doubleClick.action(ofPressAt: mouse.row, column: mouse.column, time: time), row: mouse.row, column: mouse.column))
            case .mouse(let mouse): .mouse(mouse)
            default: .key(key)
            }
        }
    }
}
