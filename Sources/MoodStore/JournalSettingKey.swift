/// The name of a value kept with the journal (its `setting` table), typed so that a misspelt
/// key is a compile error rather than a value silently never found.
///
/// Each module that keeps settings names its keys in an extension, in one place: the store
/// its own (``deviceID``), the sync engine the server, token, account and change token.
public struct JournalSettingKey: RawRepresentable, Hashable, Sendable {
    /// The key as stored.
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// This journal's device id (``JournalStore/deviceID()``).
    static let deviceID = JournalSettingKey(rawValue: "deviceID")
    /// Set in a journal that holds a share someone made for this person: the name of whose it
    /// is. Such a journal is read-only: a person's writes are refused (``JournalError/readOnly(sharedBy:)``).
    public static let sharedBy = JournalSettingKey(rawValue: "share.from")
    /// How many times a person changed the account's setup here (made, renamed or removed a
    /// scale, gave the levels words), as a decimal: the sync engine stores the setup again on the
    /// server while it has not stored this count. (Kept under the name it had when only scales
    /// counted.)
    public static let setupChanges = JournalSettingKey(rawValue: "scales.changes")
    /// The account's words for the levels (``LevelWords/storedText``) and the stamp of their
    /// last change; neither set: the built-in names.
    public static let levelWords = JournalSettingKey(rawValue: "levels.words")
    public static let levelWordsStamp = JournalSettingKey(rawValue: "levels.stamp")
}
