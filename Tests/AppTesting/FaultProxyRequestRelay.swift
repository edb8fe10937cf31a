import Dispatch
import SyncProtocol

extension ProxyConnection {
    /// Relays the client's requests to the server one by one, each with the fault the proxy chose
    /// for it; runs on its own thread until the client stops or the connection ends.
    func relayRequests() {
        defer { relayEnded() }
        var reader = MessageReader(socket: client)
        while let bytes = reader.nextHead() {
            guard let head = HTTPHead(bytes), head.status == nil else { return end(.reset) }
            guard relay(head, bytes, fault: proxy.choose(for: head), from: &reader) else { return }
            if head.asksUpgrade, upgradeGranted(), let upstream = state.withLock({ $0.upstream }) {
                return pipe(&reader, to: upstream)
            }
        }
        passOnEnd(to: state.withLock { $0.upstream })
    }

    /// Applies `fault` to the request whose head is `bytes`; false when the connection is over.
    private func relay(_ head: HTTPHead, _ bytes: [UInt8], fault: FaultProxy.Fault?, from reader: inout MessageReader) -> Bool {
        switch fault {
        case nil, .loseAnswer, .truncateAnswer, .dropAnswerHeader:
            return forward(head, bytes, fault: fault, from: &reader)
        case .delay(let duration):
            let (seconds, attoseconds) = duration.components
            let deadline = DispatchTime.now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
            return wait(until: deadline) && forward(head, bytes, fault: fault, from: &reader)
        case .forgeAnswer(let status, let json, let headers):
            guard reader.wholeBody(head.requestBody) != nil else { break }
            let body = Array(json.utf8)
            let answer = "HTTP/1.1 \(status) Forged\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n"
                + "\(ProtocolVersion.header): \(ProtocolVersion.current)\r\n" + headers.map { "\($0): \($1)\r\n" }.joined() + "\r\n"
            return client.send(Array(answer.utf8) + body, while: { self.isOpen })
        case .resetBeforeRequest:
            end(.reset)
        case .resetMidRequest:
            if let body = reader.wholeBody(head.requestBody), let upstream = upstream() {
                let part = body.isEmpty ? bytes.prefix(bytes.count / 2) : (bytes + body.prefix(body.count / 2))[...]
                _ = upstream.send(part, while: { self.isOpen })
            }
            end(.reset)
        case .stall:
            moveGate(from: .open, to: .stalled)
            _ = wait(for: { $0.gate == .dropped })
            end(.reset)
        case .holdForLateDelivery:
            guard let body = reader.wholeBody(head.requestBody) else {
                end(.reset)
                return false
            }
            moveGate(from: .open, to: .held)
            guard wait(for: { $0.gate == .released }) else { return false }
            moveGate(from: .released, to: .open)
            return forward(head, bytes + body, then: .length(0), fault: fault, from: &reader)
        }
        return false
    }

    /// Sends `message` to the server, then the rest of its body (`then`) as it arrives from the
    /// client; the answer relay is told which request its next answer belongs to.
    private func forward(
        _ head: HTTPHead, _ message: [UInt8], then rest: BodyFraming? = nil, fault: FaultProxy.Fault?,
        from reader: inout MessageReader
    ) -> Bool {
        guard let upstream = upstream() else {
            end(.reset)
            return false
        }
        state.withLock { state in
            state.awaited.append(Awaited(method: head.method, fault: fault, asksUpgrade: head.asksUpgrade))
            if head.asksUpgrade { state.upgrade = .awaited }
        }
        let goOn = { self.isOpen }
        guard upstream.send(message, while: goOn),
            reader.readBody(rest ?? head.requestBody, into: { upstream.send($0, while: goOn) })
        else {
            end(.reset)
            return false
        }
        proxy.countForwarded()
        return true
    }

    /// Waits for the answer to an upgrade request: true when the connection became a plain pipe.
    private func upgradeGranted() -> Bool {
        guard wait(for: { $0.upgrade != .awaited }) else { return false }
        return state.withLock { state in
            defer { state.upgrade = .notAsked }
            return state.upgrade == .granted
        }
    }
}
