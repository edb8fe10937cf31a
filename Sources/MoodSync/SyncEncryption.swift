import Foundation
import MoodKit
import MoodSealing
import MoodStore
import SyncProtocol

/// How this device's moods travel: sealed with the account's key, or plain for an account that
/// has none (one made before moodtui sealed moods, until `moodtui key enable`).
///
/// The one place where the engine turns journal moods into payloads and the server's payloads
/// back into contents. A sealed account accepts only contents sealed with its key: a plain
/// payload there is refused, since the server could have written it.
public enum SyncEncryption: Sendable {
    case plain
    /// `account` is the account's identity (`GET /v1/account`'s `id`), which every sealed
    /// content is bound to.
    case sealed(AccountKey, account: String)

    /// How the journal's moods travel: sealed with its key for its account, if it holds one.
    public init(journal snapshot: JournalSnapshot) throws {
        if let key = try SyncSettings.accountKey(in: snapshot), let account = try snapshot.setting(.syncAccount) {
            self = .sealed(key, account: account)
        } else {
            self = .plain
        }
    }

    /// The key this device seals with, `nil` when plain.
    var keyID: AccountKeyID? {
        if case .sealed(let key, _) = self { key.id } else { nil }
    }

    /// What to upload for `mood`.
    /// - Throws: `MoodSealError/tooLarge(bytes:)` for a mood too large to seal.
    public func payload(for mood: Mood) throws(MoodSealError) -> MoodPayload {
        switch self {
        case .plain: .plain(MoodContent(mood))
        case .sealed(let key, let account): .sealed(try MoodSeal.seal(MoodContent(mood), moodID: mood.id, account: account, key: key))
        }
    }

    /// The server's copy, opened.
    /// - Throws: ``UnopenedPayload`` saying why it cannot be used.
    func open(_ mood: SyncedMood) throws(UnopenedPayload) -> ServerMood {
        switch (self, mood.payload) {
        case (.plain, .plain(let content)):
            return ServerMood(id: mood.id, content: content, version: mood.version)
        case (.sealed(let key, let account), .sealed(let sealed)):
            do {
                let content = try MoodSeal.open(sealed, moodID: mood.id, account: account, key: key)
                return ServerMood(id: mood.id, content: content, version: mood.version)
            } catch {
                throw .sealing(error)
            }
        case (.sealed, .plain): throw .plainInSealedAccount
        case (.plain, .sealed): throw .sealedInPlainAccount
        }
    }

    /// A page of the feed, opened: changes that do not open join the page's unreadable ones;
    /// deletions without a valid proof (``check(_:)``) are listed apart, since one of a mood this
    /// device does not hold sets nothing aside.
    func open(_ page: ChangesResponse) -> (changes: [ServerChange], unreadable: [UnreadableChange], unproven: [UnreadableChange]) {
        var changes: [ServerChange] = []
        var unreadable = page.unreadable
        var unproven: [UnreadableChange] = []
        changes.reserveCapacity(page.changes.count)
        for change in page.changes {
            switch change {
            case .delete(let deletion):
                do {
                    try check(deletion)
                    changes.append(.delete(deletion.id))
                } catch {
                    unproven.append(UnreadableChange(id: deletion.id, reason: error.description))
                }
            case .upsert(let mood):
                do { changes.append(.upsert(try open(mood))) } catch {
                    unreadable.append(UnreadableChange(id: mood.id, reason: error.description))
                }
            }
        }
        return (changes, unreadable, unproven)
    }
}

/// Why a payload from the server cannot be used here, in words.
enum UnopenedPayload: Error, Equatable, Sendable, CustomStringConvertible {
    case sealing(MoodSealError)
    /// Plain text in an account whose moods are sealed: not written by a device of the account.
    case plainInSealedAccount
    case sealedInPlainAccount

    var description: String {
        switch self {
        case .sealing(let error): error.description
        case .plainInSealedAccount: "the server sent this mood unsealed, but this account's moods are end-to-end encrypted"
        case .sealedInPlainAccount: "the server sent this mood sealed, but this device has no key for the account"
        }
    }
}
