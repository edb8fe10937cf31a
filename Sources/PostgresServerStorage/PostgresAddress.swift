import Foundation
import PostgresNIO

/// Where a PostgreSQL store is, as a person writes it: `postgres://USER[:PASSWORD]@HOST[:PORT]/DB`
/// (or `postgresql://`), the form `psql` takes, with `?sslmode=disable|require|verify-full` and,
/// for `verify-full` with a private authority, `&sslrootcert=FILE`.
public struct PostgresAddress: Hashable, Sendable, CustomStringConvertible {
    /// A name, an IPv4 address, or an IPv6 address (written in brackets in the URL).
    public var host: String
    /// 5432 unless the URL says otherwise.
    public var port: Int
    public var user: String
    /// Percent-decoded; never shown (``description`` leaves it out). The executable fills it from
    /// `PGPASSWORD` when the URL has none, as `psql` does.
    public var password: String?
    public var database: String
    /// Whether and how the connections are encrypted.
    public var tls: PostgresTLSMode

    /// The address `text` spells, or `nil` when it does not start with `postgres://` or
    /// `postgresql://` (it is then a SQLite file's path).
    /// - Throws: ``PostgresAddressError`` for such a URL that cannot be used; the error never
    ///   repeats the URL, which may hold a password.
    public init?(_ text: String) throws(PostgresAddressError) {
        let lowered = text.lowercased()
        guard lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") else { return nil }
        guard let components = URLComponents(string: text) else { throw .unreadable }
        guard components.fragment == nil else { throw .options }
        tls = try PostgresTLSMode(query: components.queryItems ?? [])
        guard var host = components.host, !host.isEmpty else { throw .missing("a host") }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard let user = components.user, !user.isEmpty else { throw .missing("a user") }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else { throw .missing("a database name") }
        self.host = host
        port = components.port ?? 5432
        self.user = user
        password = components.percentEncodedPassword?.removingPercentEncoding
        self.database = database
    }

    /// The client's configuration.
    /// - Throws: ``PostgresAddressError/unreadableRootCertificate(_:)``.
    func configuration() throws(PostgresAddressError) -> PostgresClient.Configuration {
        PostgresClient.Configuration(host: host, port: port, username: user, password: password, database: database, tls: try tls.client())
    }

    /// One connection's configuration, for the check that the database answers at all.
    /// - Throws: ``PostgresAddressError/unreadableRootCertificate(_:)``.
    func connectionConfiguration() throws(PostgresAddressError) -> PostgresConnection.Configuration {
        PostgresConnection.Configuration(host: host, port: port, username: user, password: password, database: database, tls: try tls.connection())
    }

    /// The address without its password, for messages and logs.
    public var description: String { "postgres://\(user)@\(host):\(port)/\(database)" }
}

/// Why a `postgres://` URL cannot be used, in words.
public enum PostgresAddressError: Error, Equatable, CustomStringConvertible {
    /// The part named is not there.
    case missing(String)
    /// Not a URL at all (a `/` or `#` in the password must be written `%2F`, `%23`).
    case unreadable
    /// A `#fragment`, or an option after `?` other than `sslmode` and `sslrootcert`.
    case options
    /// An `sslmode` other than `disable`, `require` and `verify-full`.
    case sslMode(String)
    /// The `sslrootcert` file holds no certificate that loads.
    case unreadableRootCertificate(String)

    public var description: String {
        switch self {
        case .missing(let part): "a PostgreSQL URL needs \(part): postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE"
        case .unreadable:
            "that PostgreSQL URL cannot be read; write it as postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE, with characters "
                + "such as / # ? @ in the password percent-encoded (%2F %23 %3F %40)"
        case .options: "a PostgreSQL URL here takes only ?sslmode=disable|require|verify-full and &sslrootcert=FILE"
        case .sslMode(let mode): "sslmode=\(mode) is not one this server takes: disable, require or verify-full"
        case .unreadableRootCertificate(let path): "sslrootcert \(path) holds no certificate in PEM form"
        }
    }
}
