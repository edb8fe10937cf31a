import Synchronization

/// Writes one socket's pushes in order, each write on a short task of its own: a socket that
/// waits for news holds no task, so ten thousand idle sockets cost only their connections.
///
/// Only the latest event waits: a slow socket never queues more than one message, and a
/// revocation or the server's stop replaces a waiting message and ends the socket's pushes. The
/// first such event also calls `whenEnding` at once, whatever write is under way: a client that
/// reads nothing holds its writes for ever, and must be dropped all the same.
final class PushSender: Sendable {
    /// Writes one event to the socket; `false` when the socket takes no more (a write failed,
    /// or the event closed it).
    typealias Write = @Sendable (PushEvent) async -> Bool

    private enum State {
        case idle
        /// A write is under way; `next` waits for it.
        case writing(next: PushEvent?)
        /// The socket takes no more events.
        case ended
    }

    private let state = Mutex(State.idle)
    private let endingAsked = Mutex(false)
    private let write: Write
    private let whenEnding: @Sendable () -> Void

    init(write: @escaping Write, whenEnding: @escaping @Sendable () -> Void) {
        self.write = write
        self.whenEnding = whenEnding
    }

    /// Writes `event` once the write under way, if any, is done; an event still waiting is dropped.
    func send(_ event: PushEvent) {
        if event.endsTheSocket, endingAsked.withLock({ asked in defer { asked = true }; return !asked }) { whenEnding() }
        let start = state.withLock { state -> Bool in
            switch state {
            case .idle:
                state = .writing(next: nil)
                return true
            case .writing(let waiting?) where waiting.endsTheSocket:
                return false
            case .writing:
                state = .writing(next: event)
                return false
            case .ended:
                return false
            }
        }
        if start { Task { await writeInTurn(event) } }
    }

    /// Sends nothing more: the socket closed.
    func end() {
        state.withLock { $0 = .ended }
    }

    private func writeInTurn(_ first: PushEvent) async {
        var event = first
        while true {
            let open = await write(event)
            let next = state.withLock { state -> PushEvent? in
                switch state {
                case .writing(let next?) where open:
                    state = .writing(next: nil)
                    return next
                case .writing:
                    state = open ? .idle : .ended
                    return nil
                case .idle, .ended:
                    return nil
                }
            }
            guard let next else { return }
            event = next
        }
    }
}
