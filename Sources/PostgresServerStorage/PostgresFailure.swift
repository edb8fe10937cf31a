import PostgresNIO

/// PostgreSQL's errors in words. postgres-nio describes its errors only generically (so that a
/// query's values never reach a log by accident); a person running the server needs the
/// server's message, or what went wrong with the connection.
public enum PostgresFailure {
    /// `error` in words: the server's message (`database "x" does not exist`), the connection's
    /// failure (`connection refused`), or the error itself.
    public static func describe(_ error: any Error) -> String {
        if let transaction = error as? PostgresTransactionError {
            return describe(transaction.closureError ?? transaction.beginError ?? transaction.commitError ?? transaction.rollbackError ?? error)
        }
        guard let error = error as? PSQLError else { return "\(error)" }
        if let message = error.serverInfo?[.message] { return message }
        if let underlying = error.underlying, "\(underlying)".contains("CERTIFICATE_VERIFY_FAILED") {
            return "the database's certificate is not from an authority this server trusts (name one with &sslrootcert=FILE)"
        }
        if let underlying = error.underlying { return "\(error.code): \(underlying)" }
        return "\(error.code)"
    }
}
