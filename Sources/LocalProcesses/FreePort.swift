import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Ports for servers that tests start, stop and start again on the same port.
///
/// A port the system picks for a socket bound to port 0 comes from its ephemeral range, the same
/// range every outgoing connection takes its source port from. Once a server on such a port is
/// killed, any connection made meanwhile may take the port, and the server cannot come back on
/// it. A port below that range is never handed out that way: only a program that asks for it by
/// number can take it.
public enum FreePort {
    /// A port nothing is bound to on 127.0.0.1 now, below the system's ephemeral range.
    /// - Throws: ``SetupError`` when no such port is found.
    public static func belowEphemeralRange() throws -> Int {
        let ephemeral = ephemeralRange()
        let candidates = 10_000..<max(10_001, ephemeral.lowerBound)
        for _ in 0..<200 {
            let port = Int.random(in: candidates)
            if !ephemeral.contains(port), isFree(port) { return port }
        }
        throw SetupError("no free port in \(candidates) on 127.0.0.1")
    }

    /// The system's ephemeral ports (`/proc/sys/net/ipv4/ip_local_port_range`), or Linux's
    /// default range where that file cannot be read.
    public static func ephemeralRange() -> ClosedRange<Int> {
        let text = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)) ?? ""
        let bounds = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard bounds.count == 2, bounds[0] <= bounds[1] else { return 32_768...60_999 }
        return bounds[0]...bounds[1]
    }

    /// Whether a socket can be bound to 127.0.0.1:`port` now, with `SO_REUSEADDR` as servers bind.
    private static func isFree(_ port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var reuse: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
