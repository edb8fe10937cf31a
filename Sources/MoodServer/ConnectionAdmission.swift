import Synchronization

/// Counts the connections being served, overall and per client address, and decides whether one
/// more is: the caps of ``ConnectionLimits`` that a client cannot get around by opening more.
final class ConnectionAdmission: Sendable {
    /// Whether a new connection is served.
    enum Decision: Sendable {
        case admitted
        /// Answered with this error (503) and closed.
        case refused(ServerError)
    }

    private struct Counts {
        var total = 0
        var byAddress: [String: Int] = [:]
    }

    private let counts = Mutex(Counts())
    private let maximum: Int
    private let maximumPerAddress: Int

    init(maximum: Int, maximumPerAddress: Int) {
        self.maximum = maximum
        self.maximumPerAddress = maximumPerAddress
    }

    /// Takes a place for a connection from `ipAddress` (`nil`: not an IP socket), or refuses it.
    /// An admitted connection gives its place back with ``release(_:)`` when it closes.
    func admit(_ ipAddress: String?) -> Decision {
        counts.withLock { counts in
            guard counts.total < maximum else { return .refused(.serverBusy) }
            if let ipAddress {
                let fromAddress = counts.byAddress[ipAddress, default: 0]
                guard fromAddress < maximumPerAddress else { return .refused(.tooManyConnectionsFromAddress) }
                counts.byAddress[ipAddress] = fromAddress + 1
            }
            counts.total += 1
            return .admitted
        }
    }

    /// Gives back the place of a connection ``admit(_:)`` admitted.
    func release(_ ipAddress: String?) {
        counts.withLock { counts in
            counts.total -= 1
            guard let ipAddress, let fromAddress = counts.byAddress[ipAddress] else { return }
            counts.byAddress[ipAddress] = fromAddress > 1 ? fromAddress - 1 : nil
        }
    }
}
