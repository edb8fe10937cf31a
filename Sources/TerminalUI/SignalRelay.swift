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

    /// Puts our SIGWINCH handler in front of the one curses installed during initialisation.
    ///
    /// Call after curses is initialised, on the thread that starts the terminal.
    static func chainResizeHandler() {
        var current = sigaction()
        sigaction(SIGWINCH, nil, &current)
        let handler = current.__sigaction_handler.sa_handler
        let bits = handler.map { unsafeBitCast($0, to: Int.self) } ?? 0
        let ours = unsafeBitCast(relayResizeSignal as @convention(c) (Int32) -> Void, to: Int.self)
        guard bits != ours else { return }
        let isRealHandler = bits > 1 && current.sa_flags & SA_SIGINFO == 0 // not SIG_DFL / SIG_IGN
        cursesResizeHandler.store(isRealHandler ? bits : 0, ordering: .releasing)
        install(relayResizeSignal, for: SIGWINCH)
    }

    private static func install(_ handler: @convention(c) (Int32) -> Void, for signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(signal, &action, nil)
    }
}
