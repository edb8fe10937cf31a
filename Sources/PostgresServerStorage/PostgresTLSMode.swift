import Foundation
import NIOSSL
import PostgresNIO

/// How the server's connections to PostgreSQL are encrypted, as `psql`'s `sslmode` names it.
public enum PostgresTLSMode: Hashable, Sendable {
    /// Plain: the database is on the same host or a network that is the operator's alone.
    case disable
    /// Encrypted, the server's certificate not checked: safe from listeners, not from a
    /// machine in the middle.
    case require
    /// Encrypted, the certificate checked against the system's authorities or `rootCertificate`
    /// (a PEM file) and against the host name.
    case verifyFull(rootCertificate: String?)

    /// The mode the URL's `sslmode` and `sslrootcert` name; `disable` without them.
    /// - Throws: ``PostgresAddressError`` for another option or mode.
    init(query: [URLQueryItem]) throws(PostgresAddressError) {
        var mode = "disable"
        var rootCertificate: String?
        for item in query {
            switch item.name {
            case "sslmode": mode = item.value ?? ""
            case "sslrootcert": rootCertificate = item.value
            default: throw .options
            }
        }
        switch mode {
        case "disable" where rootCertificate == nil: self = .disable
        case "require" where rootCertificate == nil: self = .require
        case "verify-full": self = .verifyFull(rootCertificate: rootCertificate)
        case "disable", "require": throw .options  // a root certificate only goes with verify-full
        default: throw .sslMode(mode)
        }
    }

    /// The client's TLS, `nil` for none.
    private func configuration() throws(PostgresAddressError) -> TLSConfiguration? {
        var tls = TLSConfiguration.makeClientConfiguration()
        switch self {
        case .disable: return nil
        case .require: tls.certificateVerification = .none
        case .verifyFull(let rootCertificate):
            tls.certificateVerification = .fullVerification
            if let rootCertificate {
                guard let certificates = try? NIOSSLCertificate.fromPEMFile(rootCertificate), !certificates.isEmpty else {
                    throw .unreadableRootCertificate(rootCertificate)
                }
                tls.trustRoots = .certificates(certificates)
            }
        }
        return tls
    }

    func client() throws(PostgresAddressError) -> PostgresClient.Configuration.TLS {
        try configuration().map { .require($0) } ?? .disable
    }

    func connection() throws(PostgresAddressError) -> PostgresConnection.Configuration.TLS {
        guard let tls = try configuration() else { return .disable }
        do { return .require(try NIOSSLContext(configuration: tls)) } catch { throw .unreadableRootCertificate("\(error)") }
    }
}
