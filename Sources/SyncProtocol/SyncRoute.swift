/// Every request of the protocol, its method and its path named once: the server serves each
/// with the method given here (and answers 405 with it in `Allow` to any other), and the client
/// sends each with it.
public enum SyncRoute: String, CaseIterable, Sendable {
    case health, metrics, account, changeKey, publishHead, listDevices, revokeDevice, upload, delete, changes, subscribe

    /// The HTTP methods the protocol uses.
    public enum Method: String, Sendable {
        case get = "GET", put = "PUT", post = "POST", delete = "DELETE"
    }

    public var method: Method {
        switch self {
        case .health, .metrics, .account, .listDevices, .changes, .subscribe: .get
        case .changeKey, .publishHead: .put
        case .upload, .delete: .post
        case .revokeDevice: .delete
        }
    }

    /// The path as the server's router matches it: `{id}` stands for a device id
    /// (``SyncEndpoint/device(_:)`` fills it in).
    public var template: String {
        switch self {
        case .health: SyncEndpoint.health
        case .metrics: SyncEndpoint.metrics
        case .account: SyncEndpoint.account
        case .changeKey: SyncEndpoint.accountKey
        case .publishHead: SyncEndpoint.accountHead
        case .listDevices: SyncEndpoint.devices
        case .revokeDevice: SyncEndpoint.devices + "/{id}"
        case .upload: SyncEndpoint.moods
        case .delete: SyncEndpoint.deletions
        case .changes: SyncEndpoint.changes
        case .subscribe: SyncEndpoint.subscribe
        }
    }

    /// Whether `path` is this route's, a `{…}` segment of the template standing for any one
    /// segment.
    public func matches(path: String) -> Bool {
        let want = template.split(separator: "/", omittingEmptySubsequences: false)
        let have = path.split(separator: "/", omittingEmptySubsequences: false)
        return want.count == have.count && zip(want, have).allSatisfy { $0.hasPrefix("{") ? !$1.isEmpty : $0 == $1 }
    }

    /// Every method the protocol uses, for a refusal of one it does not.
    public static var methodsUsed: [Method] {
        [.get, .put, .post, .delete].filter { method in allCases.contains { $0.method == method } }
    }
}
