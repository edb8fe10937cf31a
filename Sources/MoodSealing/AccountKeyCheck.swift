import Crypto

/// What the server keeps of an account's key, so that a device given a wrong recovery phrase is
/// told before it writes or downloads anything: a known text sealed under the key and bound to
/// the account. The server can neither read it nor learn the key from it.
public enum AccountKeyCheck {
    static let text = Array("moodtui account key check 1".utf8)

    /// A new check for `key` (a new nonce each time).
    public static func make(account: String, key: AccountKey) -> [UInt8] {
        let box = try! ChaChaPoly.seal(text, using: key.symmetricKey, authenticating: binding(account: account))  // sizes are fixed
        return Array(box.combined)
    }

    /// Whether `check` was made with `key` for `account`.
    public static func matches(_ check: [UInt8], account: String, key: AccountKey) -> Bool {
        guard let box = try? ChaChaPoly.SealedBox(combined: check),
              let opened = try? ChaChaPoly.open(box, using: key.symmetricKey, authenticating: binding(account: account))
        else { return false }
        return Array(opened) == text
    }

    /// Apart from every mood's binding (``MoodSeal``), so that neither can pass for the other.
    static func binding(account: String) -> [UInt8] {
        Array("moodtui account key check 1\n\(account)".utf8)
    }
}
