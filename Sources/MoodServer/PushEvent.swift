import SyncProtocol

/// What ``PushHub`` hands a connected socket's task.
enum PushEvent: Sendable {
    /// The account's log moved: send this message.
    case changed(PushMessage)
    /// The socket's device token was revoked: close the socket (policy violation).
    case revoked
}
