import Foundation
import PostgresNIO

/// Where a PostgreSQL store is, as a person writes it: `postgres://USER[:PASSWORD]@HOST[:PORT]/DB`
/// (or `postgresql://`), the form `psql` takes.
public struct PostgresAddress: Hashable, Sendable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var user: String
    public var password: String?
    public var database: String

    /// The address `text` spells, or `nil` when it is not a `postgres://` URL.
    /// - Throws: ``PostgresAddressError`` for a `postgres://` URL that lacks a part.
    public init?(_ text: String) throws(PostgresAddressError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "postgres" || scheme == "postgresql"
        else { return nil }
        guard let host = components.host, !host.isEmpty else { throw .missing("a host", text) }
        guard let user = components.user, !user.isEmpty else { throw .missing("a user", text) }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else { throw .missing("a database name", text) }
        self.host = host
        port = components.port ?? 5432
        self.user = user
        password = components.password
        self.database = database
    }

    /// The client's configuration. Connections are not encrypted: run the database on the same
    /// host or a private network.
    var configuration: PostgresClient.Configuration {
        PostgresClient.Configuration(host: host, port: port, username: user, password: password, database: database, tls: .disable)
    }

    /// One connection's configuration, for the check that the database answers at all.
    var connectionConfiguration: PostgresConnection.Configuration {
        PostgresConnection.Configuration(host: host, port: port, username: user, password: password, database: database, tls: .disable)
    }

    /// The address without its password, for messages and logs.
    public var description: String { "postgres://\(user)@\(host):\(port)/\(database)" }
}

/// Why a `postgres://` URL cannot be used, in words.
public enum PostgresAddressError: Error, Equatable, CustomStringConvertible {
    case missing(String, String)

    public var description: String {
        switch self {
        case .missing(let part, _): "a PostgreSQL URL needs \(part): postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE"
        }
    }
}
