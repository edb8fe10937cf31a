import Foundation
import MoodSealing
import MoodStore

/// Where a journal syncs to, kept in the journal itself: one journal belongs to one account.
public struct SyncAccount: Hashable, Sendable {
    /// The server's base URL, such as `http://127.0.0.1:8080`.
    public var server: URL
    /// The device token `moodtui account add` printed.
    public var token: String
    /// How the server is checked.
    public var trust: ServerTrust

    public init(server: URL, token: String, trust: ServerTrust = ServerTrust()) {
        self.server = server
        self.token = token
        self.trust = trust
    }
}

extension JournalSettingKey {
    /// The sync server's base URL.
    static let syncServer = JournalSettingKey(rawValue: "sync.server")
    /// The device token.
    static let syncToken = JournalSettingKey(rawValue: "sync.token")
    /// The server's account identity (`GET /v1/account`'s `id`), to notice a login to another account.
    static let syncAccount = JournalSettingKey(rawValue: "sync.account")
    /// Where this journal stands in the account's change log; saved with each page applied.
    static let changeToken = JournalSettingKey(rawValue: "sync.changeToken")
    /// The recovery phrase of the account's key. The journal is the device's one private file
    /// (0600, in a 0700 folder), so the key lives there, beside the token.
    static let accountKey = JournalSettingKey(rawValue: "sync.key")
    /// The phrase of a key a login made and offered to the server, until the login is stored:
    /// if the answer is lost, the next login finds the key the server took here.
    static let offeredKey = JournalSettingKey(rawValue: "sync.offeredKey")
    /// The private half of this journal's own key pair (`DeviceKey`), made the first time it
    /// registers one: a rotation on another device wraps the account's new key for it.
    static let deviceKey = JournalSettingKey(rawValue: "sync.deviceKey")
    /// The token id and account key id the device key was last registered with, as
    /// `TOKENID KEYID`: registered again after a login with another token or a key change.
    static let deviceKeyRegistered = JournalSettingKey(rawValue: "sync.deviceKeyRegistered")
    /// The public key of each other device of the account as this device first saw it registered
    /// (JSON, device id to key): a rotation hands the new key only to these, so that a key
    /// registered later by whoever holds the old key is not believed.
    static let seenDeviceKeys = JournalSettingKey(rawValue: "sync.seenDeviceKeys")
    /// PEM of the private certificate authority the server's certificate is checked against.
    static let certificateAuthority = JournalSettingKey(rawValue: "sync.certificateAuthority")
    /// "1" when plain HTTP to another machine was allowed (`--insecure`).
    static let allowsPlainHTTP = JournalSettingKey(rawValue: "sync.allowsPlainHTTP")
    /// The account's change number the journal's moods stand at: saved with the last page of a
    /// download, cleared by any write to the server after it.
    static let serverSequence = JournalSettingKey(rawValue: "sync.sequence")
    /// How many writes this journal's engines made on the server: a download whose pages were
    /// asked for before one of them does not say where the server stands after it.
    static let serverWrites = JournalSettingKey(rawValue: "sync.serverWrites")
    /// The account's head as the last page of the last download gave it (JSON), if it had one.
    static let serverHead = JournalSettingKey(rawValue: "sync.head")
    /// The highest head counter this journal has checked or made: a head below it is an old one.
    static let headCounter = JournalSettingKey(rawValue: "sync.headCounter")
    /// "1" while the journal's moods derive from a state a head vouched for: only then does it
    /// give the account a new head. Cleared only by a login to another account.
    static let headVerified = JournalSettingKey(rawValue: "sync.headVerified")
    /// The version of the account's setup (its scales) this journal merged or stored last.
    static let setupVersion = JournalSettingKey(rawValue: "sync.setupVersion")
    /// The latest version of the account's setup a page of the feed reported.
    static let serverSetupVersion = JournalSettingKey(rawValue: "sync.serverSetupVersion")
    /// The journal's count of setup changes (`setupChanges`) as the setup stored on the server
    /// holds them: a higher count waits to be stored.
    static let storedSetupChanges = JournalSettingKey(rawValue: "sync.storedScaleChanges")
}

/// The journal settings the sync engine reads and writes (their keys above).
public enum SyncSettings {
    /// The account the journal is logged in to, if any.
    public static func account(in store: JournalStore) throws -> SyncAccount? {
        guard let server = try store.setting(.syncServer).flatMap(URL.init(string:)),
            let token = try store.setting(.syncToken)
        else { return nil }
        let trust = ServerTrust(
            certificateAuthority: try store.setting(.certificateAuthority), allowsPlainHTTP: try store.setting(.allowsPlainHTTP) == "1")
        return SyncAccount(server: server, token: token, trust: trust)
    }

    /// The identity of the account the journal's moods belong to; it outlives a logout, so that
    /// logging in again to the same account picks up where the journal left off.
    public static func accountIdentity(in store: JournalStore) throws -> String? {
        try store.setting(.syncAccount)
    }

    /// The key the journal's moods are sealed with for the account, if it has one.
    /// - Throws: ``StoredKeyError`` when what the journal holds is not a key.
    public static func accountKey(in snapshot: JournalSnapshot) throws -> AccountKey? {
        try snapshot.setting(.accountKey).map(storedKey)
    }

    /// The key a login or a key change offered the server, until it is the journal's key.
    static func offeredKey(in snapshot: JournalSnapshot) throws -> AccountKey? {
        try snapshot.setting(.offeredKey).map(storedKey)
    }

    private static func storedKey(_ phrase: String) throws -> AccountKey {
        do { return try RecoveryPhrase.key(from: phrase) } catch { throw StoredKeyError(reason: error.description) }
    }
}

/// The journal's stored account key cannot be read.
public struct StoredKeyError: Error, CustomStringConvertible {
    var reason: String
    public var description: String { "the account key stored in this journal cannot be read (\(reason)): log in again with the recovery phrase" }
}

extension JournalWriter {
    /// Forgets what this journal knew of an account's head: it now syncs with another account or
    /// server, whose heads are its own.
    func forgetAccountHead() throws {
        try forgetServerStanding()
        for key in [JournalSettingKey.headCounter, .headVerified, .checkedHead] { try setSetting(key, to: nil) }
    }

    /// Forgets where the server stood, but not what the journal knows of the account's heads: the
    /// latest counter seen (an older head stays refused) and whether its moods derive from a
    /// vouched-for state (they still do: nothing was dropped).
    func forgetServerStanding() throws {
        for key in [JournalSettingKey.serverSequence, .serverHead] { try setSetting(key, to: nil) }
    }

    /// The server moved on by this journal's hand: until a download says where it stands, the
    /// head is not compared (`AccountHeadKeeper`).
    func recordServerWrite() throws {
        let count = try snapshot.setting(.serverWrites).flatMap { Int($0) } ?? 0
        try setSetting(.serverWrites, to: String(count + 1))
        try setSetting(.serverSequence, to: nil)
    }
}

extension JournalWriter {
    /// Keeps `key` as the key the journal seals with (`nil`: none). Another key than the one
    /// held makes the account's setup due again, so that it is stored sealed with the new key.
    func setAccountKey(_ key: AccountKey?) throws {
        let phrase = key.map(RecoveryPhrase.phrase(for:))
        if try snapshot.setting(.accountKey) != phrase { try setSetting(.setupVersion, to: nil) }
        try setSetting(.accountKey, to: phrase)
    }
}
