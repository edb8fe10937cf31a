import Glibc

/// The curses-free core of ``TerminalEventLoop``: blocks in `poll()` on an input descriptor
/// and a ``WakePipe`` until one is readable, a signal interrupts, or a deadline passes.
///
/// No busy loop and no periodic timer: with no timeout it sleeps until something happens.
/// Kept separate so it can be tested with plain pipes instead of a terminal.
final class FileDescriptorPoller: Sendable {
    /// The pipe wakers and signal handlers write to.
    let wakePipe: WakePipe
    /// The descriptor to watch for input (standard input), or `nil` for none.
    let inputDescriptor: Int32?

    init(inputDescriptor: Int32?, wakePipe: WakePipe) {
        self.inputDescriptor = inputDescriptor
        self.wakePipe = wakePipe
    }

    /// Waits until there is something to report or `timeout` elapses (`nil` waits forever).
    ///
    /// Returns early, with `interrupted` set, when a signal interrupts `poll`.
    func wait(timeout: Duration?) -> PollOutcome {
        var descriptors = [pollfd(fd: wakePipe.readDescriptor, events: Int16(POLLIN), revents: 0)]
        if let inputDescriptor {
            descriptors.append(pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0))
        }
        let result = poll(&descriptors, nfds_t(descriptors.count), Self.milliseconds(timeout))
        var outcome = PollOutcome()
        if result < 0 {
            // EINTR is SIGWINCH and friends; any other error would repeat forever.
            if errno == EINTR { outcome.interrupted = true } else { outcome.inputClosed = true }
            return outcome
        }
        if result == 0 {
            outcome.timedOut = timeout != nil
            return outcome
        }
        if descriptors[0].revents != 0 {
            for byte in wakePipe.drain() {
                switch byte {
                case WakePipe.wakeByte: outcome.woken = true
                case WakePipe.signalByte: outcome.signalled = true
                case WakePipe.resumeByte: outcome.resumed = true
                default: outcome.interrupted = true
                }
            }
        }
        if descriptors.count > 1, descriptors[1].revents != 0 {
            outcome.inputReady = true
            let hangUp = Int16(POLLHUP | POLLERR | POLLNVAL)
            outcome.inputClosed = descriptors[1].revents & hangUp != 0 && descriptors[1].revents & Int16(POLLIN) == 0
        }
        return outcome
    }

    /// `poll`'s timeout argument: -1 for forever, otherwise milliseconds rounded up.
    static func milliseconds(_ timeout: Duration?) -> Int32 {
        guard let timeout else { return -1 }
        let (seconds, attoseconds) = timeout.components
        if seconds < 0 { return 0 }
        let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: total)
    }
}
