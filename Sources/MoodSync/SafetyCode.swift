import Crypto
import Foundation
import MoodSealing
import MoodStore
import SyncProtocol

/// What two devices of an account compare by eye to know the server shows them one history, as
/// two people compare a messenger's safety numbers: the account key's fingerprint, and the
/// latest signed head this device checked or gave, by its counter and a fingerprint of it.
///
/// A server that shows two devices two histories can keep them from ever comparing heads with
/// each other (it relays everything between them); two people reading these codes aloud cannot
/// be kept apart. Written `4f2a-9c1b-77e0-1d2c/42/7d3e-0a91`: the key's part, the head's
/// counter, the head's part.
public struct SafetyCode: Hashable, Sendable, LosslessStringConvertible {
    /// Sixteen hex digits of the account key's fingerprint (its id and public signing key, bound
    /// to the account).
    public var key: String
    /// The head's counter: codes at different counters come from devices at different heads.
    public var counter: Int64
    /// Eight hex digits of the head's fingerprint (what it vouches for and its signature).
    public var head: String

    /// The code of a device holding `key` for `account`, whose latest checked head is `head`.
    public init(key: AccountKey, account: String, head: AccountHead) {
        self.key = Self.hex(["moodtui safety code 1", "key", account, key.id.description, key.signingKey.description], bytes: 8)
        counter = head.counter
        let statement = String(decoding: head.statement(account: account).bytes, as: UTF8.self)
        self.head = Self.hex(["moodtui safety code 1", "head", statement, head.signature.description], bytes: 4)
    }

    /// Reads a code as ``description`` writes it, spaces and case aside; `nil` for anything else.
    public init?(_ text: String) {
        let parts = text.lowercased().filter { !$0.isWhitespace }.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, let counter = Int64(parts[1]), counter >= 0 else { return nil }
        let (key, head) = (parts[0].replacingOccurrences(of: "-", with: ""), parts[2].replacingOccurrences(of: "-", with: ""))
        guard key.count == 16, head.count == 8, (key + head).allSatisfy(\.isHexDigit) else { return nil }
        (self.key, self.counter, self.head) = (key, counter, head)
    }

    public var description: String { "\(Self.grouped(key))/\(counter)/\(Self.grouped(head))" }

    /// The code of the journal's account as this device knows it; `nil` for a journal with no
    /// account key or that has checked no head yet.
    public static func current(in store: JournalStore) throws -> SafetyCode? {
        try store.read { snapshot in
            guard let key = try SyncSettings.accountKey(in: snapshot), let account = try snapshot.setting(.syncAccount),
                let head = try snapshot.setting(.checkedHead).flatMap(AccountHead.init(json:))
            else { return nil }
            return SafetyCode(key: key, account: account, head: head)
        }
    }

    /// What this device's code and another's say, in words.
    public func compared(with other: SafetyCode) -> SafetyComparison {
        guard key == other.key else { return .anotherKey }
        guard counter == other.counter else { return .differentHeads(here: counter, there: other.counter) }
        return head == other.head ? .same(counter: counter) : .twoHistories(counter: counter)
    }

    private static func hex(_ lines: [String], bytes: Int) -> String {
        SHA256.hash(data: Data(lines.joined(separator: "\n").utf8)).prefix(bytes).map { String(format: "%02x", $0) }.joined()
    }

    private static func grouped(_ hex: String) -> String {
        stride(from: 0, to: hex.count, by: 4).map { offset in
            let start = hex.index(hex.startIndex, offsetBy: offset)
            return String(hex[start..<hex.index(start, offsetBy: 4)])
        }.joined(separator: "-")
    }
}

/// Two devices' ``SafetyCode``s, compared.
public enum SafetyComparison: Hashable, Sendable, CustomStringConvertible {
    /// One key, one history, at head `counter`.
    case same(counter: Int64)
    /// The devices hold different keys: one of them is not on the account's current key.
    case anotherKey
    /// The devices stand at different heads: one has not synced since the other's last change.
    case differentHeads(here: Int64, there: Int64)
    /// One head counter, two heads: the server showed the two devices two different histories.
    case twoHistories(counter: Int64)

    /// Whether the codes say the devices share one key and one history.
    public var isSame: Bool { if case .same = self { true } else { false } }

    public var description: String {
        switch self {
        case .same(let counter):
            "the codes match: both devices hold the account's key and were shown the same history, up to head \(counter)"
        case .anotherKey:
            "the codes do not match: the two devices hold different keys; on the one that is behind, `moodtui key enter` "
                + "the account's current phrase, then compare again"
        case .differentHeads(let here, let there):
            "this device stands at head \(here) and the other at head \(there): sync both (`moodtui sync --once`), then compare again"
        case .twoHistories(let counter):
            "the codes do not match: the server showed these two devices two different histories of the account at head \(counter); "
                + "nothing was changed on either device; tell whoever runs the server, and do not trust it with the account"
        }
    }
}

extension JournalSettingKey {
    /// The latest head this journal checked against its moods or gave the account (JSON): what
    /// its ``SafetyCode`` shows.
    static let checkedHead = JournalSettingKey(rawValue: "sync.checkedHead")
}
