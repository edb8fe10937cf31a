import SyncProtocol

/// What ``PushHub`` hands a connected socket's ``PushSender``.
enum PushEvent: Sendable {
    /// The account's log moved: send this message.
    case changed(PushMessage)
    /// The socket's device token was revoked: close the socket (policy violation).
    case revoked
    /// The server is stopping: the socket is closed, and dropped if the client does not answer.
    case serverStopping

    /// Whether the socket is closed after this event, and takes no other.
    var endsTheSocket: Bool {
        switch self {
        case .changed: false
        case .revoked, .serverStopping: true
        }
    }
}
