import Glibc
import Synchronization

// Signal handlers are plain C functions: they cannot capture context, so the little state
// they need lives in these private globals. Only lock-free atomics are touched, which keeps
// the handlers async-signal-safe.

/// Write end of the event loop's wake pipe, or -1 when no loop is listening.
private let relayDescriptor = Atomic<Int32>(-1)
/// One bit per signal number received and not yet taken by the event loop.
private let pendingSignals = Atomic<UInt64>(0)
/// curses' own SIGWINCH handler (as a bit pattern), which ours calls first; 0 for none.
private let cursesResizeHandler = Atomic<Int>(0)
/// curses' own SIGTSTP handler (as a bit pattern), which ours calls after giving the shell its
/// modes back; 0 for none.
private let cursesSuspendHandler = Atomic<Int>(0)

private func relayTerminationSignal(_ signal: Int32) {
    let savedErrno = errno
    pendingSignals.bitwiseOr(1 << UInt64(signal), ordering: .sequentiallyConsistent)
    post(WakePipe.signalByte)
    errno = savedErrno
}

private func relayResizeSignal(_ signal: Int32) {
    let savedErrno = errno
    let previous = cursesResizeHandler.load(ordering: .acquiring)
    if previous != 0 {
        unsafeBitCast(previous, to: (@convention(c) (Int32) -> Void).self)(signal)
    }
    post(WakePipe.resizeByte)
    errno = savedErrno
}

/// Ctrl-Z: curses' `endwin` gives the shell its terminal settings back, but not the modes it did
/// not set (the mouse reports, bracketed paste): those go first, then curses stops the process.
private func relaySuspendSignal(_ signal: Int32) {
    let savedErrno = errno
    TerminalModes.release()
    let previous = cursesSuspendHandler.load(ordering: .acquiring)
    if previous != 0 {
        unsafeBitCast(previous, to: (@convention(c) (Int32) -> Void).self)(signal)
    } else {
        // No curses handler: stop as the default action would, and take the signal again after.
        Glibc.signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        Glibc.signal(SIGTSTP, relaySuspendSignal)
    }
    errno = savedErrno
}

private func relayResumeSignal(_ signal: Int32) {
    let savedErrno = errno
    post(WakePipe.resumeByte)
    errno = savedErrno
}

private func post(_ byte: UInt8) {
    let descriptor = relayDescriptor.load(ordering: .acquiring)
    guard descriptor >= 0 else { return }
    var byte = byte
    _ = write(descriptor, &byte, 1)
}

/// Turns asynchronous signals into bytes on the event loop's wake pipe.
///
/// SIGINT, SIGTERM and SIGHUP are recorded and reported as ``TerminalEvent/signal(_:)`` so the
/// app can quit cleanly; SIGWINCH is passed on to curses (which then yields `KEY_RESIZE`) and
/// also wakes `poll`, whichever thread the kernel delivered it to; SIGCONT (after Ctrl-Z and
/// `fg`) is reported as ``TerminalEvent/resumed``.
enum SignalRelay {
    /// The signals reported to the app as ``TerminalEvent/signal(_:)``.
    static let terminationSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Starts relaying termination signals to `pipe`. The caller keeps `pipe` alive until ``stop()``.
    static func start(writingTo pipe: WakePipe) {
        relayDescriptor.store(pipe.writeDescriptor, ordering: .releasing)
        for signal in terminationSignals { install(relayTerminationSignal, for: signal) }
        install(relayResumeSignal, for: SIGCONT)
    }

    /// Stops relaying and restores the default action for the termination signals.
    static func stop() {
        for signal in terminationSignals + [SIGCONT] { Glibc.signal(signal, SIG_DFL) }
        relayDescriptor.store(-1, ordering: .releasing)
    }

    /// Returns (and forgets) the termination signals received since the last call, in number order.
    static func takePending() -> [Int32] {
        let bits = pendingSignals.exchange(0, ordering: .sequentiallyConsistent)
        return (1..<64).filter { bits & (1 << UInt64($0)) != 0 }.map(Int32.init)
    }

    /// Puts our SIGWINCH and SIGTSTP handlers in front of those curses installed during
    /// initialisation.
    ///
    /// Call after curses is initialised, on the thread that starts the terminal.
    static func chainCursesHandlers() {
        chain(relayResizeSignal, for: SIGWINCH, keepingPrevious: cursesResizeHandler)
        chain(relaySuspendSignal, for: SIGTSTP, keepingPrevious: cursesSuspendHandler)
    }

    /// Installs `handler` for `signal`, keeping the handler it replaces in `previous` for it to
    /// call; installing it twice keeps the first one found.
    private static func chain(_ handler: @convention(c) (Int32) -> Void, for signal: Int32, keepingPrevious previous: borrowing Atomic<Int>) {
        var current = sigaction()
        sigaction(signal, nil, &current)
        let bits = current.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) } ?? 0
        guard bits != unsafeBitCast(handler, to: Int.self) else { return }
        let isRealHandler = bits > 1 && current.sa_flags & SA_SIGINFO == 0 // not SIG_DFL / SIG_IGN
        previous.store(isRealHandler ? bits : 0, ordering: .releasing)
        install(handler, for: signal)
    }

    private static func install(_ handler: @convention(c) (Int32) -> Void, for signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(signal, &action, nil)
    }
}
