import Crypto
import Foundation
import SyncProtocol

/// A mood's content sealed for the server, which keeps and relays it but cannot read it:
/// ``SealBox`` under the ``AccountKey``, bound to the account and the mood's id, so that a
/// content changed by one bit, moved onto another mood or copied from another account does not
/// open.
public enum MoodSeal {
    /// `content` sealed for the mood `moodID` of `account`.
    /// - Throws: ``MoodSealError/tooLarge(bytes:)`` when it would pass ``SealedContent/maximumSize``.
    public static func seal(_ content: MoodContent, moodID: UUID, account: String, key: AccountKey) throws(MoodSealError) -> SealedContent {
        let json = Array(try! SealBox.encoder.encode(content))  // a content always encodes
        do { return try SealBox.seal(json, context: context(moodID: moodID, account: account), key: key) } catch {
            throw .tooLarge(bytes: error.bytes)
        }
    }

    /// The content of a sealed mood, validated as any content from the server
    /// (``MoodContent/init(from:)``).
    /// - Throws: ``MoodSealError`` when it does not open: sealed with another key, changed,
    ///   meant for another mood or account, or holding a content that breaks the rules.
    public static func open(_ sealed: SealedContent, moodID: UUID, account: String, key: AccountKey) throws(MoodSealError) -> MoodContent {
        let json: Data.SubSequence
        do { json = try SealBox.open(sealed, context: context(moodID: moodID, account: account), key: key) } catch {
            throw MoodSealError(error, id: moodID)
        }
        do { return try decoder.decode(MoodContent.self, from: json) } catch let error as DecodingError {
            throw .unreadableContent(moodID, DecodingErrorText.describe(error))
        } catch {
            throw .unreadableContent(moodID, "\(error)")
        }
    }

    /// Where a sealed mood belongs: the account and the mood's id.
    private static func context(moodID: UUID, account: String) -> String {
        "moodtui sealed mood 1\n\(account)\n\(moodID.uuidString)\n"
    }

    /// One for every mood opened: a first sync opens a hundred thousand.
    private static let decoder = JSONDecoder()
}

extension MoodSealError {
    /// Why what is sealed under `id` did not open.
    init(_ failure: SealBox.Failure, id: UUID) {
        switch failure {
        case .anotherKey(let keyID): self = .anotherKey(id, keyID)
        case .doesNotOpen: self = .doesNotOpen(id)
        case .badPadding: self = .unreadableContent(id, "the padded content's length does not match its padding")
        }
    }
}

/// Why a mood cannot be sealed or opened, in words.
public enum MoodSealError: Error, Equatable, Sendable, CustomStringConvertible {
    case tooLarge(bytes: Int)
    /// Sealed with a key this device does not have (named by its id).
    case anotherKey(UUID, AccountKeyID)
    /// The tag does not match: the content was changed, belongs to another mood or account.
    case doesNotOpen(UUID)
    /// It opened, but what it holds breaks the protocol's rules (the field and the rule).
    case unreadableContent(UUID, String)

    public var description: String {
        switch self {
        case .tooLarge(let bytes): "sealed, this mood takes \(bytes) bytes; the limit is \(SealedContent.maximumSize)"
        case .anotherKey(let id, let keyID):
            "mood \(id.uuidString) is sealed with key \(keyID), not this device's: if the key was rotated, enter the new recovery phrase"
        case .doesNotOpen(let id):
            "mood \(id.uuidString) does not open with this account's key: it was changed on the way, or belongs to another mood or account"
        case .unreadableContent(let id, let reason): "mood \(id.uuidString) opens but breaks the protocol's rules: \(reason)"
        }
    }
}
