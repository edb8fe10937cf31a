/// Why the WebSocket router declined an upgrade, sent up the connection's pipeline to
/// ``HTTPRequestGuard`` (which never sees an upgrade request's head) so that it answers with it.
struct DeclinedUpgrade: Sendable {
    var answer: ServerError
}

/// What ``HTTPRequestGuard``, which sees requests and responses, tells ``ConnectionGuard``, which
/// sees the socket's bytes and keeps the connection's deadline: sent down the pipeline as a user
/// outbound event.
enum ConnectionEvent: Sendable {
    /// A request's head was read: the request timeout runs.
    case requestStarted
    /// The last request's response was written: the idle timeout runs.
    case responseFinished
    /// The connection became a WebSocket: no more timeouts (pings take over).
    case upgraded
    /// Answer with this error, then close (nothing else is being answered).
    case answer(ServerError)
    /// Close once what was written is sent (the last response had `Connection: close`).
    case finish
}
