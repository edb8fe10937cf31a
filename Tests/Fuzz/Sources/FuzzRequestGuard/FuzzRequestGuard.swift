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
@main enum FuzzRequestGuard {
    static func main() {
        _ = serverPort  // listening before the first input
        // libFuzzer's once-a-second alarm goes to another thread, not into this one's socket calls.
        var alarm = sigset_t()
        sigemptyset(&alarm)
        sigaddset(&alarm, SIGALRM)
        pthread_sigmask(SIG_BLOCK, &alarm, nil)
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

    /// Starts the server and returns its port once it listens.
    static func start() -> Int {
        let listening = DispatchSemaphore(value: 0)
        let port = Port()
        Task {
            let storage = InMemoryMoodServerStorage()
            _ = try await storage.addDevice(toAccount: "fuzz", tokenHash: DeviceToken.hash(token), device: nil)
            var logger = Logger(label: "fuzz")
            logger.logLevel = .critical
            let application = SyncServer.makeApplication(
                configuration: MoodServerConfiguration(
                    port: 0, limits: limits, rateLimits: RateLimits(perToken: 1 << 30, perAddress: 1 << 30)),
                storage: storage, logger: logger
            ) { bound in
                port.value = bound
                listening.signal()
            }
            try await application.runService()
        }
        listening.wait()
        return port.value
    }

    private final class Port: @unchecked Sendable {  // written once, before the semaphore is signalled
        var value = 0
    }
}

/// How long the server has to answer and close once the client has sent everything: longer than
/// any of its timeouts, shorter than the ten seconds libFuzzer gives an input.
private let answerDeadline = timeval(tv_sec: 8, tv_usec: 0)

private func exchange(_ request: [UInt8], port: Int) {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    Fuzzing.require(socket >= 0, "no socket: \(String(cString: strerror(errno)))")
    defer { close(socket) }
    var deadline = answerDeadline
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &deadline, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    Fuzzing.require(connected == 0, "the server does not take connections: \(String(cString: strerror(errno)))")
    var sent = 0
    while sent < request.count {
        let written = request[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard written > 0 else { break }  // the server closed early: it may, once it has answered
        sent += written
    }
    shutdown(socket, Int32(SHUT_WR))
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        if count > 0 { answer += buffer.prefix(count); continue }
        Fuzzing.require(count == 0 || errno == ECONNRESET, "the server neither answered nor closed within 8 s of the request's end")
        break
    }
    check(answer)
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
