import Foundation
import NIOSSL

/// How a device checks the server it syncs with: over HTTPS against the system's certificate
/// authorities or a private one kept with the journal (`moodtui login --ca-file`), and plain
/// HTTP only to this machine unless the person said otherwise (`--insecure`).
public struct ServerTrust: Hashable, Sendable {
    /// PEM certificates of the authority a self-hosted server's certificate is checked against,
    /// instead of the system's; `nil` for the system's.
    public var certificateAuthority: String?
    /// Whether plain `http://` to a host that is not this machine was allowed by the person.
    public var allowsPlainHTTP: Bool

    /// The system's authorities and HTTPS off this machine, unless told otherwise.
    public init(certificateAuthority: String? = nil, allowsPlainHTTP: Bool = false) {
        self.certificateAuthority = certificateAuthority
        self.allowsPlainHTTP = allowsPlainHTTP
    }

    /// The client's TLS configuration: the system's roots, or only the private authority's.
    /// - Throws: ``ServerTrustError/unreadableAuthority(_:)`` for PEM that holds no certificate.
    public func tlsConfiguration() throws(ServerTrustError) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let certificateAuthority {
            let certificates: [NIOSSLCertificate]
            do { certificates = try NIOSSLCertificate.fromPEMBytes(Array(certificateAuthority.utf8)) } catch {
                throw .unreadableAuthority("\(error)")
            }
            guard !certificates.isEmpty else { throw .unreadableAuthority("no certificate in it") }
            configuration.trustRoots = .certificates(certificates)
        }
        return configuration
    }

    /// Why `server` may not be used, in words; `nil` when it may: HTTPS anywhere, plain HTTP to
    /// this machine, or anywhere once allowed.
    public func refusal(of server: URL) -> String? {
        guard server.scheme?.lowercased() == "http", !allowsPlainHTTP, !Self.isLoopback(server.host ?? "") else { return nil }
        return "\(server.absoluteString) is plain HTTP to another machine: the device token, which opens the account, "
            + "would cross the network readable. Use https://, or log in with --insecure if the network between is yours alone"
    }

    /// `localhost`, 127.0.0.0/8 and ::1.
    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == "localhost" || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}

/// Why the trust kept with a journal cannot be used.
public enum ServerTrustError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kept PEM holds no certificate that loads (the reason).
    case unreadableAuthority(String)

    public var description: String {
        switch self {
        case .unreadableAuthority(let reason):
            "the certificate authority kept with this journal cannot be read (\(reason)): log in again with --ca-file FILE"
        }
    }
}
