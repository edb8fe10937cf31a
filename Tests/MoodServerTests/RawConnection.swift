import AppTesting
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP connection to the server under test on 127.0.0.1, for what an HTTP client will
/// not send (malformed requests, a head a byte at a time, nothing at all) and to see exactly what
/// comes back and whether the server closed the connection.
final class RawConnection: Sendable {
    private struct Received {
        var bytes: [UInt8] = []
        /// The server closed the connection.
        var closed = false
        /// The test closed it.
        var closedHere = false
    }

    private let descriptor: Int32
    private let received = Mutex(Received())

    /// Connects to `port` on 127.0.0.1 from `source`, another loopback address (`127.0.0.2`…)
    /// when a test needs clients of different addresses.
    init(port: Int, from source: String = "127.0.0.1") throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw RawConnectionError("socket: errno \(errno)") }
        var local = Self.address(source, port: 0), remote = Self.address("127.0.0.1", port: port)
        let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, 16) } }
        let connected = withUnsafePointer(to: &remote) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, 16) } }
        guard bound == 0, connected == 0 else {
            Glibc.close(descriptor)
            throw RawConnectionError("connect from \(source): errno \(errno)")
        }
    }

    deinit { close() }

    /// Closes the connection (at most once).
    func close() {
        received.withLock { received in
            guard !received.closedHere else { return }
            received.closedHere = true
            Glibc.close(descriptor)
        }
    }

    /// Sends `text` as it is (a peer that closed may make this fail).
    func send(_ text: String) throws {
        try send(bytes: Array(text.utf8))
    }

    /// Sends `bytes` as they are (a peer that closed may make this fail).
    func send(bytes: [UInt8]) throws {
        guard Glibc.send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else {
            throw RawConnectionError("send: errno \(errno)")
        }
    }

    /// Reads what has arrived, without waiting; returns whether the server has closed the
    /// connection (end of stream or reset).
    @discardableResult
    func readAvailable() -> Bool {
        received.withLock { received in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while !received.closed && !received.closedHere {
                let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if count > 0 {
                    received.bytes += buffer[0..<count]
                } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                    received.closed = true
                } else {
                    break
                }
            }
            return received.closed
        }
    }

    /// Waits until the server closes the connection; returns whether it did within `timeout`.
    func waitUntilClosed(upTo timeout: Duration = .seconds(60)) async -> Bool {
        await waitUntil(upTo: timeout) { self.readAvailable() }
    }

    /// Everything received so far.
    var bytes: [UInt8] { received.withLock { $0.bytes } }

    private static func address(_ host: String, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &address.sin_addr)
        return address
    }
}

/// A raw connection could not be made or used.
struct RawConnectionError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
