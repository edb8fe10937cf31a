import Dispatch
import Foundation
import FuzzingSupport
import Hummingbird
import Logging
import MoodServer
import ServerStorage

/// What a client sends the server before any route sees it: the bytes of a connection, sent to
/// the real server (`moodtui serve`'s application, on the in-memory back end, in this process)
/// over a socket on 127.0.0.1, then the sending side shut. The request line check, the HTTP
/// parser, the connection guard, the upgrade filter and the request guard read them; an account
/// whose token the seeds use lets a request reach the routes. Beyond not crashing: whatever
/// comes back is HTTP/1.1 with a status, never a 500, and the server closes the connection once
/// the client has nothing more to send.
///
/// The server and its one account live as long as the run: an input may find moods an earlier
/// one uploaded, so a saved failure is replayed best on a fresh run with that input alone.
@main enum FuzzRequestGuard {
    static func main() {
        _ = serverPort  // listening before the first input
        Fuzzing.run { data, size in
            exchange(Fuzzing.bytes(data, size), port: serverPort)
            return 0
        }
    }
}

/// The server's port, once it listens: a global, as libFuzzer's callback captures nothing.
private let serverPort = Server.start()

private enum Server {
    /// The token of the account the seeds' requests carry.
    static let token = "mt_fuzz-token"

    /// Short timeouts, so that a request that never completes ends within ``answerDeadline``.
    static let limits = ConnectionLimits(
        idleTimeout: .seconds(2), headerTimeout: .seconds(2), requestTimeout: .seconds(4), webSocketPingInterval: .seconds(2))

    /// Starts the server and returns its port once it listens; a server that cannot start or
    /// stops ends the run.
    static func start() -> Int {
        let listening = DispatchSemaphore(value: 0)
        let port = Port()
        Task {
            do { try await run(port: port, listening: listening) } catch { Fuzzing.fail("the server stopped: \(error)") }
        }
        listening.wait()
        return port.value
    }

    private static func run(port: Port, listening: DispatchSemaphore) async throws {
        let storage = InMemoryMoodServerStorage()
        _ = try await storage.addDevice(toAccount: "fuzz", tokenHash: DeviceToken.hash(token), device: nil)
        var logger = Logger(label: "fuzz")
        logger.logLevel = .critical
        let application = SyncServer.makeApplication(
            configuration: MoodServerConfiguration(port: 0, limits: limits, rateLimits: RateLimits(perToken: 1 << 30, perAddress: 1 << 30)),
            storage: storage, logger: logger
        ) { bound in
            port.value = bound
            listening.signal()
        }
        // No signal handlers of its own: SIGINT and SIGTERM end the fuzzer, not just its server.
        try await application.runService(gracefulShutdownSignals: [])
    }

    private final class Port: @unchecked Sendable {  // written once, before the semaphore is signalled
        var value = 0
    }
}

/// How long the server has to answer and close once the client has sent everything: longer than
/// any of its timeouts, shorter than the ten seconds libFuzzer gives an input.
private let answerDeadline = Duration.seconds(8)

/// One connection: connects, sends the request, shuts the sending side and reads until the server
/// closes, every call retried when libFuzzer's once-a-second alarm interrupts it.
private func exchange(_ request: [UInt8], port: Int) {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    Fuzzing.require(socket >= 0, "no socket: \(String(cString: strerror(errno)))")
    defer { close(socket) }
    connect(socket, port: port)
    var sent = 0
    while sent < request.count {
        let written = request[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { break }  // the server closed early: it may, once it has answered
        sent += written
    }
    shutdown(socket, Int32(SHUT_WR))
    let deadline = ContinuousClock.now + answerDeadline
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let left = deadline - ContinuousClock.now
        Fuzzing.require(left > .zero, "the server neither answered nor closed within 8 s of the request's end")
        var ready = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        if poll(&ready, 1, Int32(left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)) <= 0 { continue }
        let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            answer += buffer.prefix(count)
        } else if count == 0 || errno == ECONNRESET {
            break
        } else {
            Fuzzing.require(errno == EINTR || errno == EAGAIN, "recv: \(String(cString: strerror(errno)))")
        }
    }
    check(answer)
}

/// Connects to the server on 127.0.0.1; a connect the alarm interrupts goes on in the background,
/// and is waited for.
private func connect(_ socket: Int32, port: Int) {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected != 0 else { return }
    Fuzzing.require(errno == EINTR, "the server does not take connections: \(String(cString: strerror(errno)))")
    var ready = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
    while poll(&ready, 1, 1_000) <= 0 {}
    var failure: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    getsockopt(socket, SOL_SOCKET, SO_ERROR, &failure, &length)
    Fuzzing.require(failure == 0, "the server does not take connections: \(String(cString: strerror(failure)))")
}

/// Every answer on the connection, read one after the other by their heads' lengths: `HTTP/1.1`,
/// a status, and never a 500. After a 101 the connection speaks WebSocket, and is not read.
private func check(_ answer: [UInt8]) {
    var rest = answer[...]
    while !rest.isEmpty {
        let text = String(decoding: rest.prefix(2_000), as: UTF8.self)
        Fuzzing.require(text.hasPrefix("HTTP/1.1 "), "an answer that is not HTTP/1.1: \(text.prefix(200))")
        let status = text.dropFirst(9).prefix(3)
        Fuzzing.require(status.count == 3 && status.allSatisfy(\.isNumber), "an answer without a status: \(text.prefix(200))")
        Fuzzing.require(status != "500", "a request made the server fail:\n\(text)")
        guard status != "101", let headEnd = rest.firstRange(of: Array("\r\n\r\n".utf8)) else { return }
        let head = String(decoding: rest[..<headEnd.lowerBound], as: UTF8.self).lowercased()
        let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        rest = rest[headEnd.upperBound...].dropFirst(length)
    }
}
