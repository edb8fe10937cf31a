import Foundation
import MoodSealing
import MoodStore
import SyncProtocol

/// The key side of `moodtui login`: which key a journal logging in to an account will seal with,
/// settled with the server before anything is written or downloaded.
///
/// - An account with a key needs its phrase (unless the journal already holds that key); a
///   phrase that does not check, or is another account's, is refused in words.
/// - An account without a key that has never changed gets one now: the phrase given, or a new
///   key, which the person must write down. Two first devices logging in at once cannot both
///   win: the server takes a key only for an account that has none.
/// - An account without a key that holds moods stays plain until `moodtui key enable`.
public enum AccountKeyLogin {
    /// What the login settled.
    public enum Outcome: Sendable, Equatable {
        /// A new key, made for this account now: show its phrase.
        case made(AccountKey)
        /// The account's key, from the phrase given or the journal.
        case known(AccountKey)
        /// The account holds plain moods and has no key.
        case plainAccount

        /// The key the journal seals with.
        public var key: AccountKey? {
            switch self {
            case .made(let key), .known(let key): key
            case .plainAccount: nil
            }
        }
    }

    /// Settles the key for the account `info` describes.
    /// - Parameters:
    ///   - given: the phrase given up front (`--key-file`); for an account without a key it
    ///     becomes the account's key.
    ///   - ask: asks a person for the phrase, only when the account's key is needed and neither
    ///     `given` nor the journal has it; `nil` when there is no way to ask.
    /// - Throws: ``AccountKeyLoginError`` or a ``RemoteError``; nothing is stored in the journal
    ///   but a key offered to the server.
    public static func settle(
        _ info: AccountResponse, remote: any MoodRemote, store: JournalStore, given: String?, ask: () throws -> String?
    ) async throws -> Outcome {
        let given = try given.map(readPhrase)
        if let keyID = info.keyID {
            if let key = try ([given].compactMap { $0 } + SyncSettings.knownKeys(in: store)).first(where: { $0.id == keyID }) {
                return .known(key)
            }
            if given != nil { throw AccountKeyLoginError.wrongPhrase(account: info.name) }
            guard let text = try ask() else { throw AccountKeyLoginError.phraseNeeded(account: info.name) }
            let key = try readPhrase(text)
            guard key.id == keyID else { throw AccountKeyLoginError.wrongPhrase(account: info.name) }
            return .known(key)
        }
        let key = given ?? AccountKey()
        try SyncSettings.rememberOfferedKey(key, in: store)
        let refusal: RemoteError
        do {
            _ = try await remote.changeKey(KeyChangeRequest(keyID: key.id, replaces: nil, since: nil))
            return given == nil ? .made(key) : .known(key)
        } catch {
            refusal = error
        }
        switch refusal {
        case .changesSince: return .plainAccount
        case .keyChanged:
            // Another device made the account's key a moment ago: its phrase is needed.
            let info = try await remote.accountInfo()
            return try await settle(info, remote: remote, store: store, given: given.map(RecoveryPhrase.phrase(for:)), ask: ask)
        default: throw refusal
        }
    }

    private static func readPhrase(_ text: String) throws(AccountKeyLoginError) -> AccountKey {
        do { return try RecoveryPhrase.key(from: text) } catch { throw .unreadablePhrase(error) }
    }
}

/// Why a login's key could not be settled, in words a person can act on.
public enum AccountKeyLoginError: Error, Equatable, CustomStringConvertible {
    case phraseNeeded(account: String)
    case unreadablePhrase(RecoveryPhraseError)
    case wrongPhrase(account: String)

    public var description: String {
        switch self {
        case .phraseNeeded(let account):
            "\(account)'s moods are end-to-end encrypted: give the account's recovery phrase (on a terminal you are asked; in a script use --key-file FILE)"
        case .unreadablePhrase(let error): "that is not a recovery phrase: \(error)"
        case .wrongPhrase(let account):
            "that recovery phrase is valid but is not \(account)'s key (was the key rotated? ask for the newest phrase); nothing was changed"
        }
    }
}

extension AccountKeyLogin {
    /// Logs `store` in to `remote`'s account as `moodtui login` does without a terminal: moods of
    /// another account are kept, and `phrase` is the only way to give the account's key. For the
    /// demo, the benchmark and tests, which log devices in the way people do.
    public static func logIn(_ remote: HTTPMoodRemote, store: JournalStore, phrase: String?) async throws -> Outcome {
        let info = try await remote.accountInfo()
        let outcome = try await settle(info, remote: remote, store: store, given: phrase, ask: { nil })
        try SyncSettings.logIn(remote.account, identity: info.id, key: outcome.key, existingMoods: .keep, in: store)
        return outcome
    }
}
