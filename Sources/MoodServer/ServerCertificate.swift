import NIOSSL
import Synchronization

/// The certificate and key the server takes new connections with, replaceable while it runs:
/// `moodtui serve` loads its files again on SIGHUP (a renewed certificate), connections made
/// after use them, and those already open keep theirs.
public final class ServerCertificate: Sendable {
    private let context: Mutex<NIOSSLContext>

    public init(_ context: NIOSSLContext) {
        self.context = Mutex(context)
    }

    /// What a new connection is served with.
    public var current: NIOSSLContext { context.withLock { $0 } }

    /// New connections are served with `context` from now on.
    public func replace(with context: NIOSSLContext) {
        self.context.withLock { $0 = context }
    }
}
