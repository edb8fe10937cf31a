/// What a device whose key is not the account's must do, in the words both the server's 409
/// `key_changed` and the device's own check of a change page use.
public enum KeyMismatchAdvice {
    /// The account has a key; the device seals with none.
    public static let keyNeeded = "this account's moods are end-to-end encrypted: enter its recovery phrase with `moodtui key enter`"
    /// The account moved to another key than the device's.
    public static let keyChanged =
        "this account's key was changed on another device: enter the new recovery phrase with `moodtui key enter`"
}
