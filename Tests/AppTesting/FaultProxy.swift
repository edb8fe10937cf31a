import Foundation
import LocalProcesses
import Synchronization

/// A TCP proxy on 127.0.0.1 between sync clients and a real `moodtui serve`, which breaks chosen
/// requests the ways a network breaks them (see ``Fault``), so that tests can show the client
/// and the server still agree afterwards.
///
/// It reads HTTP/1.1 just enough to cut each connection into requests and answers, because
/// clients reuse keep-alive connections and a fault is meant for one request; after a
/// `101 Switching Protocols` the connection is a plain pipe (a WebSocket). Each connection is
/// relayed by two threads with blocking sockets: connections are few.
///
/// Call ``close()`` when done (`defer`): its threads keep it alive until then.
public final class FaultProxy: Sendable {
    /// The port clients connect to.
    public let port: Int
    /// The server's port on 127.0.0.1.
    public let upstreamPort: Int
    private let listener: ProxySocket
    private let state = Mutex(State())
    /// Every thread of the proxy, for ``close()`` to wait for.
    private let threads = DispatchGroup()

    private struct State {
        var injected: [(fault: Fault, match: Match)] = []
        var random: RandomFaults?
        var refusing = false
        var closed = false
        var connections: [ObjectIdentifier: ProxyConnection] = [:]
        var counts = Counts()
        var events: [Event] = []
    }

    /// Starts listening on a free port of 127.0.0.1, forwarding to 127.0.0.1:`upstreamPort`.
    /// - Throws: ``SetupError`` when it cannot listen.
    public init(upstreamPort: Int) throws {
        (listener, port) = try ProxySocket.listening()
        self.upstreamPort = upstreamPort
        startThread { self.acceptConnections() }
    }

    /// The base URL clients use instead of the server's.
    public var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    // MARK: - Faults

    /// Queues `fault` for the next request `match` accepts; queued faults are used first come,
    /// first served, each once, before any random fault.
    public func inject(_ fault: Fault, on match: Match = .any) {
        state.withLock { $0.injected.append((fault, match)) }
    }

    /// Faults chosen at random for requests no queued fault applies to; nil for none.
    public var randomFaults: RandomFaults? {
        get { state.withLock { $0.random } }
        set { state.withLock { $0.random = newValue } }
    }

    /// Delivers every request held by ``Fault/holdForLateDelivery`` to the server.
    public func releaseHeld() { everyConnection { $0.moveGate(from: .held, to: .released) } }

    /// Resets every connection whose request is held by ``Fault/stall``.
    public func dropStalled() { everyConnection { $0.moveGate(from: .stalled, to: .dropped) } }

    /// Resets every open connection, WebSockets included: a network blip.
    public func cutAllConnections() { everyConnection { $0.end(.reset) } }

    /// Swallows everything the open WebSockets carry, both ways, and leaves them open: a network
    /// that dropped them without a word (a router that forgot the connection).
    public func silenceWebSockets() { everyConnection { $0.silence() } }

    /// While on, new connections are reset at once and the server is not contacted, as when the
    /// network is down; open connections stay (``cutAllConnections()`` ends them).
    public func setRefusingConnections(_ refusing: Bool) { state.withLock { $0.refusing = refusing } }

    /// Resets every connection, stops listening and waits for every thread of the proxy to end.
    public func close() {
        let connections: [ProxyConnection]? = state.withLock { state in
            guard !state.closed else { return nil }
            state.closed = true
            return Array(state.connections.values)
        }
        guard let connections else { return }
        listener.hangUp()
        connections.forEach { $0.end(.reset) }
        threads.wait()
        listener.close()
    }

    // MARK: - What happened

    /// Requests seen, forwarded, and hit by each kind of fault.
    public var counts: Counts { state.withLock { $0.counts } }

    /// Every request seen, in order, with the fault chosen for it.
    public var events: [Event] { state.withLock { $0.events } }

    /// Requests held by ``Fault/holdForLateDelivery`` now, waiting for ``releaseHeld()``.
    public var heldCount: Int { state.withLock { Array($0.connections.values) }.filter(\.isHeld).count }

    // MARK: - For the connections

    /// The fault for a request (nil: none), recorded.
    func choose(for head: HTTPHead) -> Fault? {
        state.withLock { state in
            let fault: Fault?
            if let index = state.injected.firstIndex(where: { $0.match.matches(method: head.method, path: head.target) }) {
                fault = state.injected.remove(at: index).fault
            } else if state.random?.match.matches(method: head.method, path: head.target) == true {
                fault = state.random?.next()
            } else {
                fault = nil
            }
            state.counts.seen += 1
            if let fault { state.counts.faulted[fault.kind, default: 0] += 1 }
            state.events.append(Event(fault: fault, method: head.method, path: head.target))
            return fault
        }
    }

    /// A request went whole to the server.
    func countForwarded() { state.withLock { $0.counts.forwarded += 1 } }

    func connectionEnded(_ connection: ProxyConnection) {
        _ = state.withLock { $0.connections.removeValue(forKey: ObjectIdentifier(connection)) }
    }

    /// Runs `body` on a new thread named after the proxy, which ``close()`` waits for.
    func startThread(_ body: @escaping @Sendable () -> Void) {
        threads.enter()
        let name = "faultproxy\(port)"
        Thread.detachNewThread { [threads] in
            // Through /proc: Glibc's module has no pthread_setname_np, and Foundation's
            // `Thread.name` may name the thread only after it started.
            try? name.write(toFile: "/proc/thread-self/comm", atomically: false, encoding: .utf8)
            body()
            threads.leave()
        }
    }

    private func acceptConnections() {
        while let client = listener.accept() {
            let connection: ProxyConnection? = state.withLock { state in
                guard !state.closed, !state.refusing else { return nil }
                let connection = ProxyConnection(client: client, proxy: self)
                state.connections[ObjectIdentifier(connection)] = connection
                return connection
            }
            guard let connection else {
                client.armReset()
                client.close()
                continue
            }
            startThread { connection.relayRequests() }
        }
    }

    private func everyConnection(_ action: (ProxyConnection) -> Void) {
        state.withLock { Array($0.connections.values) }.forEach(action)
    }
}
