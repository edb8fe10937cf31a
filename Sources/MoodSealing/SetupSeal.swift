import Foundation
import SyncProtocol

/// The account's setup sealed for the server, as a mood is (``MoodSeal``), bound to the account
/// alone: the server keeps one setup per account and cannot read it.
public enum SetupSeal {
    /// `content` sealed for `account`.
    /// - Throws: ``SetupSealError/tooLarge(bytes:)`` past ``SealedContent/maximumSize``.
    public static func seal(_ content: SetupContent, account: String, key: AccountKey) throws(SetupSealError) -> SealedContent {
        let json = Array(try! SealBox.encoder.encode(content))  // a setup always encodes
        do { return try SealBox.seal(json, context: context(account: account), key: key) } catch { throw .tooLarge(bytes: error.bytes) }
    }

    /// The setup of `account`, validated as any from the server (``SetupContent/init(from:)``).
    /// - Throws: ``SetupSealError`` when it does not open or breaks the rules.
    public static func open(_ sealed: SealedContent, account: String, key: AccountKey) throws(SetupSealError) -> SetupContent {
        let json: Data.SubSequence
        do { json = try SealBox.open(sealed, context: context(account: account), key: key) } catch {
            switch error {
            case .anotherKey(let keyID): throw .anotherKey(keyID)
            case .doesNotOpen, .badPadding: throw .doesNotOpen
            }
        }
        do { return try JSONDecoder().decode(SetupContent.self, from: json) } catch let error as DecodingError {
            throw .unreadable(DecodingErrorText.describe(error))
        } catch {
            throw .unreadable("\(error)")
        }
    }

    private static func context(account: String) -> String { "moodtui sealed setup 1\n\(account)\n" }
}

/// Why the account's setup cannot be sealed or opened, in words.
public enum SetupSealError: Error, Equatable, Sendable, CustomStringConvertible {
    case tooLarge(bytes: Int)
    /// Sealed with a key this device does not have: one the account left.
    case anotherKey(AccountKeyID)
    /// Changed on the way, or another account's.
    case doesNotOpen
    /// It opened, but breaks the protocol's rules (the field and the rule).
    case unreadable(String)

    public var description: String {
        switch self {
        case .tooLarge(let bytes): "sealed, the scales take \(bytes) bytes; the limit is \(SealedContent.maximumSize)"
        case .anotherKey(let keyID): "the account's scales are sealed with key \(keyID), not this device's"
        case .doesNotOpen: "the account's scales do not open with its key: they were changed on the way, or are another account's"
        case .unreadable(let reason): "the account's scales open but break the protocol's rules: \(reason)"
        }
    }
}
