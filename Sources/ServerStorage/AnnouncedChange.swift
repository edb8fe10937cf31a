import Foundation
import SyncProtocol

/// What a server instance hears from the others through the store they share.
public enum InstanceNews: Hashable, Sendable {
    /// Another instance committed.
    case changed(AnnouncedChange)
    /// This instance (again) hears what the others announce; whatever they announced while it
    /// was not listening is lost, so it pushes every account it holds sockets of.
    case listening
}

/// A commit one server instance tells the others about through the store they share, so that
/// each pushes it to the sockets it holds: `{"instance", "account", "token", "device"}` in a
/// PostgreSQL `NOTIFY`, well under its 8,000-byte limit.
public struct AnnouncedChange: Codable, Hashable, Sendable {
    /// The instance that committed; it pushed to its own sockets already, and ignores its own
    /// announcements.
    public var instance: UUID
    /// ``Account/id``.
    public var account: Int64
    /// The account's latest token after the commit.
    public var token: ChangeToken
    /// The writing device, whose sockets are not told of their own write; dropped when longer
    /// than ``longestDevice`` (the device then hears of its own write once, harmlessly).
    public var device: String?

    /// Device ids are short; a longer header is someone else's business, not worth a notice's room.
    public static let longestDevice = 200

    public init(instance: UUID, account: Int64, token: ChangeToken, device: String?) {
        self.instance = instance
        self.account = account
        self.token = token
        self.device = device.flatMap { $0.utf8.count <= Self.longestDevice ? $0 : nil }
    }
}
