/// Every request of the protocol, its method and its path named once: the server serves each
/// with the method given here (and answers 405 with it in `Allow` to any other), and the client
/// sends each with it.
public enum SyncRoute: String, CaseIterable, Sendable {
    case health, metrics, account, changeKey, registerDeviceKey, publishHead, setup, storeSetup, listDevices, revokeDevice, upload, delete
    case changes, subscribe
    case createShare, listShares, revokeShare, uploadToShare, shareChanges

    /// The HTTP methods the protocol uses.
    public enum Method: String, Sendable {
        case get = "GET", put = "PUT", post = "POST", delete = "DELETE"
    }

    public var method: Method {
        switch self {
        case .health, .metrics, .account, .setup, .listDevices, .changes, .subscribe, .listShares, .shareChanges: .get
        case .changeKey, .registerDeviceKey, .publishHead, .storeSetup: .put
        case .upload, .delete, .createShare, .uploadToShare: .post
        case .revokeDevice, .revokeShare: .delete
        }
    }

    /// The path as the server's router matches it: `{id}` stands for a device id
    /// (``SyncEndpoint/device(_:)`` fills it in) or a share id (``SyncEndpoint/share(_:)``).
    public var template: String {
        switch self {
        case .health: SyncEndpoint.health
        case .metrics: SyncEndpoint.metrics
        case .account: SyncEndpoint.account
        case .changeKey: SyncEndpoint.accountKey
        case .registerDeviceKey: SyncEndpoint.deviceKey
        case .publishHead: SyncEndpoint.accountHead
        case .setup, .storeSetup: SyncEndpoint.setup
        case .listDevices: SyncEndpoint.devices
        case .revokeDevice: SyncEndpoint.devices + "/{id}"
        case .upload: SyncEndpoint.moods
        case .delete: SyncEndpoint.deletions
        case .changes: SyncEndpoint.changes
        case .subscribe: SyncEndpoint.subscribe
        case .createShare, .listShares: SyncEndpoint.shares
        case .revokeShare: SyncEndpoint.shares + "/{id}"
        case .uploadToShare: SyncEndpoint.shares + "/{id}/moods"
        case .shareChanges: SyncEndpoint.shares + "/{id}/changes"
        }
    }

    /// Whether a share's token may make this request: it reads its share's account, feed and
    /// pushes, and nothing else (403 `read_only`).
    public var isOpenToShareTokens: Bool {
        switch self {
        case .health, .metrics, .account, .changes, .subscribe: true
        case .changeKey, .registerDeviceKey, .publishHead, .setup, .storeSetup, .listDevices, .revokeDevice, .upload, .delete, .createShare, .listShares, .revokeShare,
            .uploadToShare, .shareChanges:
            false
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
