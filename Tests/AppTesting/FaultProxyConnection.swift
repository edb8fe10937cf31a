import Dispatch
import Synchronization

/// One client connection and its twin to the server, relayed by two threads, one per direction
/// (requests in `FaultProxyRequestRelay.swift`, answers in `FaultProxyAnswerRelay.swift`).
///
/// The upstream twin is opened when the first request is forwarded, so a connection refused or
/// reset before its first request never reaches the server. The descriptors are closed by the
/// last relay thread to finish, and only under the lock: another thread ending the connection
/// never touches a descriptor that could have been closed and reused.
final class ProxyConnection: Sendable {
    /// How a connection is ended by a fault or the test.
    enum Ending: Sendable {
        /// Both sides see a reset (RST).
        case reset
        /// Both sides see the stream end (FIN).
        case hangUp
    }

    /// Where the request relay stands with a request it keeps from the server.
    enum Gate: Sendable, Equatable {
        case open, held, released, stalled, dropped
    }

    /// Whether the connection is becoming a plain byte pipe (a WebSocket).
    enum Upgrade: Sendable, Equatable {
        case notAsked, awaited, granted, refused
    }

    /// A forwarded request whose answer has not come yet.
    struct Awaited: Sendable {
        let method: String
        let fault: FaultProxy.Fault?
        let asksUpgrade: Bool
    }

    struct State: Sendable {
        var upstream: ProxySocket?
        var ending: Ending?
        var gate = Gate.open
        var upgrade = Upgrade.notAsked
        var awaited: [Awaited] = []
        /// Whether bytes of the plain pipe are swallowed instead of passed on.
        var silenced = false
        /// Relay threads still running; at zero the descriptors are closed.
        var relays = 1
    }

    let client: ProxySocket
    let proxy: FaultProxy
    let state = Mutex(State())
    /// Signalled whenever the request relay may stop waiting: a release, a drop, an upgrade's
    /// answer, the end.
    private let wakeUp = DispatchSemaphore(value: 0)

    init(client: ProxySocket, proxy: FaultProxy) {
        self.client = client
        self.proxy = proxy
    }

    var isOpen: Bool { state.withLock { $0.ending == nil } }
    var isHeld: Bool { state.withLock { $0.gate == .held } }
    private var isSilenced: Bool { state.withLock { $0.silenced } }

    /// From now on swallows what the plain pipe carries, both ways, without ending it.
    func silence() { state.withLock { $0.silenced = true } }

    /// Ends the connection (once; later calls do nothing) and wakes its threads.
    func end(_ ending: Ending) {
        state.withLock { state in
            guard state.ending == nil, state.relays > 0 else { return }
            state.ending = ending
            for socket in [client] + (state.upstream.map { [$0] } ?? []) {
                switch ending {
                case .reset: socket.armReset(); socket.stopReceiving()
                case .hangUp: socket.hangUp()
                }
            }
        }
        wakeUp.signal()
    }

    /// Moves the gate from `from` to `to`, waking the request relay if it was there.
    func moveGate(from: Gate, to: Gate) {
        let moved = state.withLock { state in
            guard state.gate == from else { return false }
            state.gate = to
            return true
        }
        if moved { wakeUp.signal() }
    }

    /// Blocks until `condition` holds (true) or the connection ends (false); with a deadline,
    /// reaching it counts as the condition holding.
    func wait(until deadline: DispatchTime = .distantFuture, for condition: (State) -> Bool = { _ in false }) -> Bool {
        while true {
            let (ended, holds) = state.withLock { ($0.ending != nil, condition($0)) }
            if ended { return false }
            if holds { return true }
            if wakeUp.wait(timeout: deadline) == .timedOut { return isOpen }
        }
    }

    /// Records the answer to an upgrade request and wakes the request relay waiting for it.
    func settleUpgrade(granted: Bool) {
        state.withLock { $0.upgrade = granted ? .granted : .refused }
        wakeUp.signal()
    }

    /// The connection to the server, opened (and its answer relay started) on first use; nil when
    /// the server cannot be reached or the connection ended meanwhile.
    func upstream() -> ProxySocket? {
        if let upstream = state.withLock({ $0.upstream }) { return upstream }
        guard let socket = ProxySocket.connected(toPort: proxy.upstreamPort) else { return nil }
        let kept = state.withLock { state in
            guard state.ending == nil else { return false }
            state.upstream = socket
            state.relays += 1
            return true
        }
        guard kept else {
            socket.armReset()
            socket.close()
            return nil
        }
        proxy.startThread { self.relayAnswers(from: socket) }
        return socket
    }

    /// Copies whatever `reader` gets to `destination` until the stream ends: the connection became
    /// a plain pipe. Once silenced, the bytes are read and dropped.
    func pipe(_ reader: inout MessageReader, to destination: ProxySocket) {
        let passOn = { (bytes: ArraySlice<UInt8>) in self.isSilenced || destination.send(bytes, while: { self.isOpen }) }
        guard reader.readBody(.untilClose, into: passOn) else { return end(.reset) }
        passOnEnd(to: destination)
    }

    /// Tells `destination` its peer finished sending, as the other side did (unless the
    /// connection is being reset, where a FIN would come before the RST).
    func passOnEnd(to destination: ProxySocket?) {
        state.withLock { state in
            if state.ending == nil { destination?.finishSending() }
        }
    }

    /// Called by each relay thread as it finishes: the last one closes the descriptors.
    func relayEnded() {
        let last = state.withLock { state in
            state.relays -= 1
            guard state.relays == 0 else { return false }
            client.close()
            state.upstream?.close()
            return true
        }
        if last { proxy.connectionEnded(self) }
    }
}
