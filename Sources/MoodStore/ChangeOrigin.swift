/// Who made a change, so that listeners can tell a person's edit from sync's bookkeeping:
/// the uploader reacts to `.ui` and `.commandLine` changes, not to the ones it wrote itself.
public enum ChangeOrigin: String, Hashable, Sendable {
    /// A person, in the interactive app.
    case ui
    /// A person, through a `moodtui` command such as `add` or `delete`.
    case commandLine
    /// The sync engine applying the server's changes or recording an upload.
    case sync
    /// A writer that did not say (for example the `sqlite3` shell).
    case other
}

/// What kind of row change a change-log entry records.
enum ChangeKind: Int {
    case insert = 1
    case update = 2
    case delete = 3
}
