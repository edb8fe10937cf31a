import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The IP address a request counts against: its connection's peer, or, when the peer is a
/// trusted proxy (a load balancer in front of the server), the client that proxy names in
/// `X-Forwarded-For`: the rightmost address there that is not itself a trusted proxy (the ones
/// to its left were written by the client, who may have made them up).
public enum ClientAddress {
    static func of(_ request: Request, peer: SocketAddress?, trusting proxies: Set<String>) -> String? {
        guard let peer = peer?.ipAddress.flatMap(canonical) else { return nil }
        guard proxies.contains(peer) else { return peer }
        let hops = request.headers[values: .xForwardedFor].flatMap { $0.split(separator: ",") }
        for hop in hops.reversed() {
            // Text that is not an address is not the proxy's: count the request as the proxy's.
            guard let address = canonical(withoutPort(hop.trimmingCharacters(in: .whitespaces))) else { return peer }
            if !proxies.contains(address) { return address }
        }
        return peer
    }

    /// The address in one spelling (an IPv6 address in its short form, an IPv4-mapped one as
    /// IPv4: `::ffff:10.0.0.5` is `10.0.0.5`), `nil` for text that is not an IPv4 or IPv6 address.
    public static func canonical(_ text: String) -> String? {
        guard let address = (try? SocketAddress(ipAddress: text, port: 0))?.ipAddress else { return nil }
        let mapped = "::ffff:"
        if address.lowercased().hasPrefix(mapped), let v4 = try? SocketAddress(ipAddress: String(address.dropFirst(mapped.count)), port: 0),
            case .v4 = v4
        {
            return v4.ipAddress
        }
        return address
    }

    /// `1.2.3.4` from `1.2.3.4:5678`, `::1` from `[::1]:5678` (some proxies write the client's
    /// port too); anything else as it is.
    static func withoutPort(_ hop: String) -> String {
        if hop.hasPrefix("["), let end = hop.firstIndex(of: "]") { return String(hop[hop.index(after: hop.startIndex)..<end]) }
        let parts = hop.split(separator: ":")
        return parts.count == 2 ? String(parts[0]) : hop
    }
}

extension HTTPField.Name {
    /// The hops a proxy says a request came through, the client first.
    static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
}
