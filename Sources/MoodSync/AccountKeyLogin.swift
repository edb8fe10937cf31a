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
/// - An account without a key that holds moods stays plain until `moodtui key enable`, unless a
///   phrase was given: then the login is refused, since the person asked for sealed moods.
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
    ///   - info: the account, as the server describes it (its key id and signing key).
    ///   - remote: the server, for sealing the account with a new key.
    ///   - store: the journal, which may hold the key already.
    ///   - given: the phrase given up front (`--key-file`); for an account without a key it
    ///     becomes the account's key.
    ///   - ask: asks a person for the phrase, only when the account's key is needed and neither
    ///     `given` nor the journal has it; `nil` when there is no way to ask.
    /// - Throws: ``AccountKeyLoginError`` or a ``RemoteError``; nothing is stored in the journal
    ///   but a key offered to the server.
    public static func settle(
        _ info: AccountResponse, remote: any MoodRemote, store: JournalStore, given: String?, ask: () throws -> String?
    ) async throws -> Outcome {
        try await settle(info, remote: remote, store: store, given: given.map(readPhrase), ask: ask, raced: false)
    }

    private static func settle(
        _ info: AccountResponse, remote: any MoodRemote, store: JournalStore, given: AccountKey?, ask: () throws -> String?, raced: Bool
    ) async throws -> Outcome {
        let (held, offered) = try await store.read { snapshot in
            (try SyncSettings.accountKey(in: snapshot), try SyncSettings.offeredKey(in: snapshot))
        }
        if let keyID = info.keyID {
            if let given {
                guard given.id == keyID else { throw AccountKeyLoginError.wrongPhrase(account: info.name) }
                return .known(given)
            }
            if let held, held.id == keyID { return .known(held) }
            // A key a login made and the server took, whose answer was lost: never shown yet.
            if let offered, offered.id == keyID { return .made(offered) }
            guard let text = try ask() else { throw AccountKeyLoginError.phraseNeeded(account: info.name) }
            let key = try readPhrase(text)
            guard key.id == keyID else { throw AccountKeyLoginError.wrongPhrase(account: info.name) }
            return .known(key)
        }
        // The server says the account has no key. A journal that holds one for this account does
        // not take its word and send moods readable: the server lost or forgot the key.
        if held != nil, try SyncSettings.accountIdentity(in: store) == info.id {
            throw AccountKeyLoginError.keyUnknownToServer(account: info.name)
        }
        let key = given ?? AccountKey()
        try SyncSettings.rememberOfferedKey(key, in: store)
        let refusal: RemoteError
        do {
            _ = try await remote.changeKey(KeyChangeRequest(keyID: key.id, signingKey: key.signingKey, replaces: nil, since: nil, proof: nil))
            return given == nil ? .made(key) : .known(key)
        } catch {
            refusal = error
        }
        switch refusal {
        case .changesSince:
            // A person who gave a phrase asked for sealed moods: a server (or anyone rewriting its
            // answers) saying "no key, and none taken" does not turn that into readable uploads.
            guard given == nil else { throw AccountKeyLoginError.keyRefused(account: info.name) }
            // The server takes no key only for an account that holds moods written before moodtui
            // sealed them: one that shows none is not believed.
            guard try await holdsPlainMoods(remote) else { throw AccountKeyLoginError.keyRefusedWithoutPlainMoods(account: info.name) }
            return .plainAccount
        case .keyChanged where !raced:
            // Another device made the account's key a moment ago: its phrase is needed.
            let info = try await remote.accountInfo()
            return try await settle(info, remote: remote, store: store, given: given, ask: ask, raced: true)
        default: throw refusal
        }
    }

    /// Whether the account's feed holds a mood that is not sealed, looking through at most
    /// ``plainMoodPages`` pages.
    private static func holdsPlainMoods(_ remote: any MoodRemote) async throws -> Bool {
        var token: ChangeToken?
        for _ in 0..<plainMoodPages {
            let page = try await remote.changes(since: token, limit: 500)
            let plain = page.changes.contains { change in
                if case .upsert(let mood) = change, case .plain = mood.payload { true } else { false }
            }
            if plain { return true }
            guard page.more else { return false }
            token = page.token
        }
        return false
    }

    /// How far a login looks for a plain mood: an account whose first 5,000 changes hold none
    /// is taken as having none.
    static let plainMoodPages = 10

    private static func readPhrase(_ text: String) throws(AccountKeyLoginError) -> AccountKey {
        do { return try RecoveryPhrase.key(from: text) } catch { throw .unreadablePhrase(error) }
    }
}

/// Why a login's key could not be settled, in words a person can act on.
public enum AccountKeyLoginError: Error, Equatable, CustomStringConvertible {
    case phraseNeeded(account: String)
    case unreadablePhrase(RecoveryPhraseError)
    case wrongPhrase(account: String)
    /// The server says the account has no key, but this journal seals its moods with one.
    case keyUnknownToServer(account: String)
    /// A phrase was given, but the server says the account holds plain moods and takes no key.
    case keyRefused(account: String)
    /// The server takes no key for an account, yet lists no mood that is not sealed.
    case keyRefusedWithoutPlainMoods(account: String)

    public var description: String {
        switch self {
        case .phraseNeeded(let account):
            "\(account)'s moods are end-to-end encrypted: give the account's recovery phrase (on a terminal you are asked; in a script use --key-file FILE)"
        case .unreadablePhrase(let error): error.description
        case .wrongPhrase(let account):
            "that recovery phrase is valid but is not \(account)'s key (was the key rotated? ask for the newest phrase)"
        case .keyUnknownToServer(let account):
            "the server says \(account) has no key, but this journal's moods are sealed with one; nothing is sent readable "
                + "(was the server's data lost or replaced?)"
        case .keyRefused(let account):
            "you gave a recovery phrase, but the server says \(account) has no key and holds moods that are not encrypted, "
                + "so it takes none; nothing was sent. If that is so, log in without the phrase and run `moodtui key enable`; "
                + "if not, do not trust this server"
        case .keyRefusedWithoutPlainMoods(let account):
            "the server takes no key for \(account), as for an account of moods that are not encrypted, but lists none; "
                + "nothing was sent (do not trust this server)"
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
