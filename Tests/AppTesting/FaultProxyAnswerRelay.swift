extension ProxyConnection {
    /// Relays the server's answers to the client, each with the fault of the request it answers
    /// (answers come in the order of the requests); runs on its own thread until the server stops
    /// or the connection ends.
    func relayAnswers(from upstream: ProxySocket) {
        defer { relayEnded() }
        var reader = MessageReader(socket: upstream)
        while let bytes = reader.nextHead() {
            guard let head = HTTPHead(bytes), let status = head.status else { return end(.reset) }
            let isInterim = (100..<200).contains(status) && status != 101
            let awaited = isInterim ? nil : state.withLock { $0.awaited.isEmpty ? nil : $0.awaited.removeFirst() }
            let framing = head.responseBody(toMethod: awaited?.method ?? "GET")
            switch awaited?.fault {
            case .loseAnswer:
                _ = reader.readBody(framing) { _ in true }
                return end(.reset)
            case .truncateAnswer:
                let body = reader.wholeBody(framing) ?? []
                let part = body.isEmpty ? bytes.prefix(bytes.count / 2) : (bytes + body.prefix(body.count / 2))[...]
                _ = client.send(part, while: { self.isOpen })
                return end(.hangUp)
            default:
                var head = bytes
                if case .dropAnswerHeader(let name) = awaited?.fault { head = HTTPHead.dropping(name, from: bytes) }
                let goOn = { self.isOpen }
                guard client.send(head, while: goOn), reader.readBody(framing, into: { self.client.send($0, while: goOn) })
                else { return end(.reset) }
            }
            if awaited?.asksUpgrade == true { settleUpgrade(granted: status == 101) }
            if status == 101 { return pipe(&reader, to: client) }
            if framing == .untilClose { break }
        }
        passOnEnd(to: client)
    }
}
