import AppTesting
import Dispatch
import Foundation
import LocalProcesses
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// FaultProxy between a raw client and a tiny HTTP/1.1 server, both written here with POSIX
/// sockets so that every byte and every reset is visible. Serialized: the last test counts the
/// process's sockets.
@Suite(.serialized, .ownThread)
struct FaultProxyTests {
    @Test func relaysRequestsOnAKeepAliveConnectionUntouched() async throws {
        let (server, proxy) = try start()
        defer { proxy.close(); server.stop() }
        let client = try RawClient(port: proxy.port)
        defer { client.close() }
        #expect(client.exchange("GET /a") == .answer(200, "GET /a 0"))
        #expect(client.exchange("POST /v1/moods", body: "calm") == .answer(200, "POST /v1/moods 4"))
        #expect(client.exchange("GET /chunked") == .answer(200, "hello world"))
        #expect(client.exchange("HEAD /a") == .answer(200, ""))
        #expect(client.exchange("GET /empty") == .answer(204, ""))
        #expect(client.exchange("GET /big") == .answer(200, String(repeating: "x", count: TinyServer.bigSize)))
        #expect(server.handled == ["GET /a", "POST /v1/moods", "GET /chunked", "HEAD /a", "GET /empty", "GET /big"])
        #expect(server.accepted == 1)
        // The relay counts a request once its last byte is sent, which may be after the answer arrived.
        #expect(await waitUntil { proxy.counts.forwarded == 6 })
        #expect(proxy.counts.seen == 6 && proxy.counts.faulted.isEmpty)
        #expect(proxy.events.first == FaultProxy.Event(fault: nil, method: "GET", path: "/a"))
    }

    @Test func aFaultHitsTheRequestItWasInjectedFor() async throws {
        let (server, proxy) = try start()
        defer { proxy.close(); server.stop() }
        let client = try RawClient(port: proxy.port)
        defer { client.close() }
        #expect(client.exchange("GET /first") == .answer(200, "GET /first 0"))
        proxy.inject(.resetBeforeRequest)
        #expect(client.exchange("POST /second", body: "x") == .reset)
        #expect(await waitUntil { server.open == 0 })
        #expect(server.handled == ["GET /first"] && server.unfinished.isEmpty)
        #expect(proxy.counts[.resetBeforeRequest] == 1 && proxy.counts.forwarded == 1)
    }

    @Test func aMatcherPicksTheRequestByMethodAndPathPrefix() async throws {
        let (server, proxy) = try start()
        defer { proxy.close(); server.stop() }
        proxy.inject(.resetBeforeRequest, on: FaultProxy.Match(method: "POST", pathPrefix: "/v1/moods"))
        #expect(try RawClient.once(proxy, "GET /v1/moods") == .answer(200, "GET /v1/moods 0"))
        #expect(try RawClient.once(proxy, "POST /v1/devices", body: "d") == .answer(200, "POST /v1/devices 1"))
        #expect(try RawClient.once(proxy, "POST /v1/moods/42", body: "m") == .reset)
        #expect(try RawClient.once(proxy, "POST /v1/moods", body: "m") == .answer(200, "POST /v1/moods 1"))
        #expect(proxy.events.map(\.fault) == [nil, nil, .resetBeforeRequest, nil])
    }

    @Test func resetMidRequestDeliversPartOfTheRequestThenResetsBothSides() async throws {
        let (server, proxy) = try start()
        defer { proxy.close(); server.stop() }
        proxy.inject(.resetMidRequest)
        #expect(try RawClient.once(proxy, "POST /v1/moods", body: String(repeating: "m", count: 1000)) == .reset)
        #expect(await waitUntil { server.unfinished.count == 1 })
        #expect(server.unfinished.allSatisfy { $0 > 0 } && server.handled.isEmpty)
    }

    @Test func loseAnswerLetsTheServerAnswerButResetsTheClient() async throws {
        let (server, proxy) = try start()
        defer { proxy.close(); server.stop() }
        proxy.inject(.loseAnswer)
        #expect(try RawClient.once(proxy, "POST /v1/moods", body: "calm") == .reset)
        #expect(server.handled == ["POST /v1/moods"])
        #expect(proxy.counts[.loseAnswer] == 1 && proxy.counts.forwarded == 1)
    }

    @Test func delayForwardsTheRequestLater() async throws {
        let (server, proxy) = try start()
        defer { proxy.close(); server.stop() }
        proxy.inject(.delay(.milliseconds(100)))
        #expect(try RawClient.once(proxy, "GET /slow") == .answer(200, "GET /slow 0"))
        #expect(proxy.events == [FaultProxy.Event(fault: .delay(.milliseconds(100)), method: "GET", path: "/slow")])
    }

    @Test func stallHoldsTheRequestUntilStalledConnectionsAreDropped() async throws {
        let (server, proxy) = try start()
        defer { proxy.close(); server.stop() }
        proxy.inject(.stall)
        let stalled = try RawClient(port: proxy.port)
        defer { stalled.close() }
        stalled.send("POST /v1/moods", body: "calm")
        #expect(await waitUntil { proxy.counts[.stall] == 1 })
        #expect(try RawClient.once(proxy, "GET /other") == .answer(200, "GET /other 0"))
        #expect(stalled.hasNothingToRead && server.handled == ["GET /other"])
        proxy.dropStalled()
        #expect(stalled.receive() == .reset)
        #expect(server.handled == ["GET /other"])
    }

    @Test func truncateAnswerDeliversPartOfTheAnswerThenCloses() async throws {
        let (server, proxy) = try start()
        defer { proxy.close(); server.stop() }
        proxy.inject(.truncateAnswer)
        guard case .cutShort(let received) = try RawClient.once(proxy, "GET /big") else {
            Issue.record("the answer was not cut short")
            return
        }
        #expect(received > 0 && received < TinyServer.bigSize)
        #expect(server.handled == ["GET /big"])
    }

    @Test func aHeldRequestIsDeliveredAfterLaterOnes() async throws {
        let (server, proxy) = try start()
        defer { proxy.close(); server.stop() }
        proxy.inject(.holdForLateDelivery, on: FaultProxy.Match(pathPrefix: "/v1/moods"))
        let held = try RawClient(port: proxy.port)
        defer { held.close() }
        held.send("POST /v1/moods", body: "early")
        #expect(await waitUntil { proxy.heldCount == 1 })
        #expect(try RawClient.once(proxy, "POST /v1/later", body: "later") == .answer(200, "POST /v1/later 5"))
        #expect(server.handled == ["POST /v1/later"] && held.hasNothingToRead)
        proxy.releaseHeld()
        #expect(held.receive() == .answer(200, "POST /v1/moods 5"))
        #expect(server.handled == ["POST /v1/later", "POST /v1/moods"])
        #expect(proxy.heldCount == 0 && proxy.counts.forwarded == 2)
    }

    @Test func theSameSeedMakesTheSameChoices() {
        let faults: [FaultProxy.Fault] = [.resetBeforeRequest, .loseAnswer, .delay(.milliseconds(5))]
        func choices(_ seed: UInt64, rate: Double = 0.4) -> [FaultProxy.Fault?] {
            var random = FaultProxy.RandomFaults(faults, rate: rate, seed: seed)
            return (0..<200).map { _ in random.next() }
        }
        #expect(choices(7) == choices(7))
        #expect(choices(7) != choices(8))
        #expect(Set(choices(7).compactMap { $0 }) == Set(faults))
        #expect(choices(7, rate: 0).allSatisfy { $0 == nil } && choices(7, rate: 1).allSatisfy { $0 != nil })
    }

    @Test func randomFaultsHitRequestsInTheSeedsOrder() async throws {
        let (server, proxy) = try start()
        defer { proxy.close(); server.stop() }
        let random = FaultProxy.RandomFaults([.resetBeforeRequest, .loseAnswer], rate: 0.5, seed: 42)
        proxy.randomFaults = random
        var expected = random
        for index in 0..<16 {
            let fault = expected.next()
            let outcome = try RawClient.once(proxy, "GET /storm/\(index)")
            #expect(outcome == (fault == nil ? .answer(200, "GET /storm/\(index) 0") : .reset))
        }
        var replay = random
        #expect(proxy.events.map(\.fault) == (0..<16).map { _ in replay.next() })
        #expect(proxy.counts.faulted.values.reduce(0, +) == proxy.events.filter { $0.fault != nil }.count)
    }

    @Test func anUpgradedConnectionIsAPipeThatCutAllConnectionsResets() async throws {
        let (server, proxy) = try start()
        defer { proxy.close(); server.stop() }
        let socket = try RawClient(port: proxy.port)
        defer { socket.close() }
        #expect(socket.exchange("GET /ws", headers: "Upgrade: websocket\r\nConnection: Upgrade\r\n") == .answer(101, ""))
        #expect(socket.echo("ping GET / HTTP/1.1\r\n\r\n") == .echoed("ping GET / HTTP/1.1\r\n\r\n"))
        proxy.cutAllConnections()
        #expect(socket.receive() == .reset)
        #expect(await waitUntil { server.open == 0 })
        #expect(proxy.events.count == 1)
    }

    @Test func whileRefusingNewConnectionsAreResetWithoutReachingTheServer() async throws {
        let (server, proxy) = try start()
        defer { proxy.close(); server.stop() }
        proxy.setRefusingConnections(true)
        #expect(try RawClient.once(proxy, "GET /a") == .reset)
        proxy.setRefusingConnections(false)
        #expect(try RawClient.once(proxy, "GET /b") == .answer(200, "GET /b 0"))
        #expect(server.accepted == 1 && proxy.counts.seen == 1)
    }

    @Test func closeEndsEveryThreadAndClosesItsSockets() async throws {
        let server = try TinyServer()
        defer { server.stop() }
        let proxy = try FaultProxy(upstreamPort: server.port)
        proxy.inject(.holdForLateDelivery, on: FaultProxy.Match(pathPrefix: "/held"))
        proxy.inject(.stall, on: FaultProxy.Match(pathPrefix: "/stalled"))
        let clients = try (0..<4).map { _ in try RawClient(port: proxy.port) }
        clients[0].send("GET /held")
        clients[1].send("GET /stalled")
        #expect(clients[2].exchange("GET /ws", headers: "Upgrade: websocket\r\n") == .answer(101, ""))
        #expect(clients[3].exchange("GET /kept") == .answer(200, "GET /kept 0"))
        #expect(await waitUntil { proxy.heldCount == 1 && proxy.counts.seen == 4 })
        let threadName = "faultproxy\(proxy.port)"
        #expect(threadNames().filter { $0 == threadName }.count == 7)
        proxy.close()
        #expect(await waitUntil { !threadNames().contains(threadName) })
        #expect(clients.allSatisfy { $0.receive() == .reset })
        clients.forEach { $0.close() }
        // Its sockets are closed: the server sees no connection of the proxy's, and nobody
        // listens on its port. (Counting the process's sockets would count other suites'.)
        #expect(await waitUntil { server.open == 0 })
        #expect(throws: (any Error).self) { try RawClient(port: proxy.port) }
    }

    private func start() throws -> (TinyServer, FaultProxy) {
        let server = try TinyServer()
        do {
            return (server, try FaultProxy(upstreamPort: server.port))
        } catch {
            server.stop()
            throw error
        }
    }
}

private func threadNames() -> [String] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return tasks.compactMap { try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8) }
        .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
}

/// A TCP socket on 127.0.0.1: listening on a free port, or connected to `port`.
private func loopbackSocket(connectingTo port: Int?) throws -> (fd: Int32, port: Int) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port ?? 0).bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let ready = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
            port != nil
                ? connect(fd, pointer, length) == 0
                : bind(fd, pointer, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, pointer, &length) == 0
        }
    }
    guard fd >= 0, ready else {
        if fd >= 0 { close(fd) }
        throw SetupError("socket on 127.0.0.1 failed: errno \(errno)")
    }
    return (fd, Int(UInt16(bigEndian: address.sin_port)))
}

/// What a raw client got back.
private enum Outcome: Error, Equatable {
    case answer(Int, String)
    /// The connection ended (FIN) after this many bytes of the answer.
    case cutShort(Int)
    case reset
    /// Nothing came within the receive timeout.
    case silence
    /// Bytes a piped (upgraded) connection sent back.
    case echoed(String)
}

/// An HTTP/1.1 client on a raw socket: it sees resets and half answers that a real client
/// would turn into errors.
private final class RawClient {
    let fd: Int32
    private var buffer: [UInt8] = []
    private var received = 0
    private var sendFailed = false

    init(port: Int) throws {
        fd = try loopbackSocket(connectingTo: port).fd
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// One request on a new connection.
    static func once(_ proxy: FaultProxy, _ line: String, body: String = "") throws -> Outcome {
        let client = try RawClient(port: proxy.port)
        defer { client.close() }
        return client.exchange(line, body: body)
    }

    func exchange(_ line: String, body: String = "", headers: String = "") -> Outcome {
        send(line, body: body, headers: headers)
        return receive(toHead: line.hasPrefix("HEAD"))
    }

    func send(_ line: String, body: String = "", headers: String = "") {
        let length = body.isEmpty ? "" : "Content-Length: \(body.utf8.count)\r\n"
        sendRaw("\(line) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)\(length)\r\n\(body)")
    }

    func echo(_ text: String) -> Outcome {
        sendRaw(text)
        do { return .echoed(try take(count: text.utf8.count)) } catch { return error }
    }

    /// Reads one answer (only its head for a HEAD request).
    func receive(toHead: Bool = false) -> Outcome {
        received = 0
        do {
            let head = try take(through: "\r\n\r\n").lowercased()
            let status = Int(head.split(separator: " ")[1]) ?? 0
            if toHead || status == 101 || status == 204 { return .answer(status, "") }
            guard head.contains("transfer-encoding: chunked") else {
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                return .answer(status, try take(count: Int(length?.dropFirst(15).trimmingCharacters(in: .whitespaces) ?? "0") ?? 0))
            }
            var body = ""
            while let size = Int(try take(through: "\r\n").prefix { $0 != ";" }, radix: 16), size > 0 {
                body += try take(count: size)
                _ = try take(through: "\r\n")
            }
            while try !take(through: "\r\n").isEmpty {}
            return .answer(status, body)
        } catch { return error }
    }

    /// Whether nothing arrived yet (and the connection is open).
    var hasNothingToRead: Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) < 0 && errno == EAGAIN
    }

    func close() { _ = Glibc.close(fd) }

    private func sendRaw(_ text: String) {
        let bytes = Array(text.utf8)
        if Glibc.send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)) != bytes.count { sendFailed = true }
    }

    private func take(through delimiter: String) throws(Outcome) -> String {
        let marker = Array(delimiter.utf8)
        while true {
            if let end = buffer.indices.dropLast(marker.count - 1).first(where: { buffer[$0..<$0 + marker.count].elementsEqual(marker) }) {
                defer { buffer.removeFirst(end + marker.count) }
                return String(decoding: buffer[..<end], as: UTF8.self)
            }
            try readMore()
        }
    }

    private func take(count: Int) throws(Outcome) -> String {
        while buffer.count < count { try readMore() }
        defer { buffer.removeFirst(count) }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    private func readMore() throws(Outcome) {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = recv(fd, &chunk, chunk.count, 0)
        if count > 0 {
            buffer += chunk[0..<count]
            received += count
            return
        }
        if count < 0, errno == EAGAIN { throw .silence }
        // A send that failed means the reset came first, and was reported there.
        throw count < 0 && errno == ECONNRESET || sendFailed ? .reset : .cutShort(received)
    }
}

/// An HTTP/1.1 server on 127.0.0.1 with keep-alive, answering every request with its method,
/// path and body length, except: `/chunked` (a chunked answer), `/big` (a long one), `/empty`
/// (204), HEAD (no body), `/ws` (101, then it echoes bytes).
private final class TinyServer: Sendable {
    static let bigSize = 200_000
    let port: Int
    private let listener: Int32
    private let record = Mutex(Record())
    private let threads = DispatchGroup()

    private struct Record {
        var handled: [String] = []
        /// For each connection that ended mid-request, the bytes of that request it got.
        var unfinished: [Int] = []
        var open: Set<Int32> = []
        var accepted = 0
        var stopping = false
    }

    var handled: [String] { record.withLock { $0.handled } }
    var unfinished: [Int] { record.withLock { $0.unfinished } }
    var open: Int { record.withLock { $0.open.count } }
    var accepted: Int { record.withLock { $0.accepted } }

    init() throws {
        (listener, port) = try loopbackSocket(connectingTo: nil)
        threads.enter()
        Thread.detachNewThread { [self] in
            while case let fd = accept(listener, nil, nil), fd >= 0 {
                record.withLock { record in
                    record.open.insert(fd)
                    record.accepted += 1
                    if record.stopping { shutdown(fd, Int32(SHUT_RDWR)) }
                }
                threads.enter()
                Thread.detachNewThread { self.serve(fd) }
            }
            threads.leave()
        }
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        record.withLock { record in
            record.stopping = true
            record.open.forEach { shutdown($0, Int32(SHUT_RDWR)) }
        }
        threads.wait()
        close(listener)
    }

    private func serve(_ fd: Int32) {
        var buffer: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65_536)
        func readMore() -> Bool {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count > 0 { buffer += chunk[0..<count] }
            return count > 0
        }
        serving: while true {
            var headEnd: Int?
            while true {
                headEnd = buffer.indices.dropLast(3).first { buffer[$0..<$0 + 4].elementsEqual([13, 10, 13, 10]) }
                if headEnd != nil { break }
                guard readMore() else { break serving }
            }
            let head = String(decoding: buffer[..<headEnd!], as: UTF8.self).split(separator: "\r\n")
            let words = head[0].split(separator: " ")
            let (method, path) = (String(words[0]), String(words[1]))
            let length = head.first { $0.lowercased().hasPrefix("content-length:") }.flatMap { Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces)) } ?? 0
            while buffer.count < headEnd! + 4 + length {
                guard readMore() else { break serving }
            }
            buffer.removeFirst(headEnd! + 4 + length)
            record.withLock { $0.handled.append("\(method) \(path)") }
            guard path != "/ws" else {
                answer(fd, "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n")
                while readMore() { answer(fd, String(decoding: buffer, as: UTF8.self)); buffer = [] }
                break serving
            }
            switch (method, path) {
            case (_, "/chunked"): answer(fd, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6;x=y\r\n world\r\n0\r\nX-End: 1\r\n\r\n")
            case (_, "/big"): answer(fd, "HTTP/1.1 200 OK\r\nContent-Length: \(Self.bigSize)\r\n\r\n" + String(repeating: "x", count: Self.bigSize))
            case (_, "/empty"): answer(fd, "HTTP/1.1 204 No Content\r\n\r\n")
            case ("HEAD", _): answer(fd, "HTTP/1.1 200 OK\r\nContent-Length: 42\r\n\r\n")
            default:
                let body = "\(method) \(path) \(length)"
                answer(fd, "HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
            }
        }
        record.withLock { record in
            if !buffer.isEmpty { record.unfinished.append(buffer.count) }
            record.open.remove(fd)
            close(fd)
        }
        threads.leave()
    }

    private func answer(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL))
    }
}
