import Foundation

/// Where the push socket connects, taken from the server URL the person logged in with:
/// `https://` means TLS (`wss`), and the default ports are 443 and 80.
struct PushEndpoint: Sendable {
    /// The name or address to connect to, without IPv6 brackets.
    let host: String
    let port: Int
    let usesTLS: Bool
    /// The request target.
    let path: String

    init?(server: URL, path: String) {
        guard var host = server.host, !host.isEmpty else { return nil }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        self.host = host
        usesTLS = server.scheme?.lowercased() == "https"
        port = server.port ?? (usesTLS ? 443 : 80)
        self.path = path
    }

    /// The `Host` header: the port only when it is not the scheme's default, IPv6 in brackets.
    var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == (usesTLS ? 443 : 80) ? name : "\(name):\(port)"
    }
}
