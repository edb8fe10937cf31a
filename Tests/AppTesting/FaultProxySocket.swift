import Foundation
#if canImport(Glibc)
import Glibc
import LocalProcesses
#endif

/// A TCP socket on 127.0.0.1, with the few blocking POSIX calls the proxy needs.
///
/// Another thread ends a blocked call without closing the descriptor (which could be reused
/// under the blocked thread): `shutdown` wakes a blocked `accept` or `recv`, and sends give up
/// every quarter second to ask whether they should go on.
struct ProxySocket: Sendable, Equatable {
    let fd: Int32

    /// A socket listening on a free port of 127.0.0.1, and that port.
    static func listening() throws -> (ProxySocket, port: Int) {
        let socket = ProxySocket(fd: Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0))
        guard socket.fd >= 0 else { throw SetupError("socket failed: errno \(errno)") }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(socket.fd, pointer, length) == 0 && listen(socket.fd, 64) == 0
                    && getsockname(socket.fd, pointer, &length) == 0
            }
        }
        guard bound else {
            let error = errno
            socket.close()
            throw SetupError("cannot listen on 127.0.0.1: errno \(error)")
        }
        return (socket, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A connection to 127.0.0.1:`port`, or nil when nothing listens there.
    static func connected(toPort port: Int) -> ProxySocket? {
        let socket = ProxySocket(fd: Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0))
        guard socket.fd >= 0 else { return nil }
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket.fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            socket.close()
            return nil
        }
        socket.prepareForRelay()
        return socket
    }

    /// The next connection, or nil once the listening socket was shut down.
    func accept() -> ProxySocket? {
        while true {
            let fd = Glibc.accept(self.fd, nil, nil)
            if fd >= 0 {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                let socket = ProxySocket(fd: fd)
                socket.prepareForRelay()
                return socket
            }
            guard errno == EINTR || errno == ECONNABORTED else { return nil }
        }
    }

    /// Reads what has arrived into `buffer`; false at the end of the stream, on an error, or once
    /// the socket was shut down.
    func receive(into buffer: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count > 0 {
                buffer += chunk[0..<count]
                return true
            }
            guard count < 0, errno == EINTR else { return false }
        }
    }

    /// Sends all of `bytes`; false on an error or when `goOn` says to stop waiting for a peer
    /// that does not read.
    func send(_ bytes: some Collection<UInt8>, while goOn: () -> Bool) -> Bool {
        let bytes = Array(bytes)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count > 0 {
                sent += count
            } else if count < 0, errno == EINTR || ((errno == EAGAIN || errno == EWOULDBLOCK) && goOn()) {
                continue
            } else {
                return false
            }
        }
        return true
    }

    /// Makes the coming `close` reset the connection (RST) instead of ending it (FIN).
    func armReset() {
        var linger = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
    }

    /// Wakes a thread blocked reading, without sending anything to the peer.
    func stopReceiving() { Glibc.shutdown(fd, Int32(SHUT_RD)) }
    /// Tells the peer no more bytes come (FIN), keeping the other direction open.
    func finishSending() { Glibc.shutdown(fd, Int32(SHUT_WR)) }
    /// Ends both directions (FIN) and wakes blocked threads.
    func hangUp() { Glibc.shutdown(fd, Int32(SHUT_RDWR)) }
    func close() { _ = Glibc.close(fd) }

    /// No Nagle delay (a partial request must leave at once), and sends that time out so that a
    /// thread blocked on a peer that does not read can notice the connection was ended.
    private func prepareForRelay() {
        var on: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        var timeout = timeval(tv_sec: 0, tv_usec: 250_000)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
