/// The sync engine's knobs. The defaults are the app's; tests and `moodtui sync` change some.
public struct SyncEngineSettings: Sendable {
    /// The delays between attempts after a failure.
    public var retry: Backoff
    /// The delays between attempts to open the push socket while the server cannot be reached:
    /// short, because connecting is cheap and is how the engine notices the server is back.
    public var reconnect: Backoff
    /// Changes asked for per `GET /v1/changes` page.
    public var pageSize: Int
    /// How long the running engine waits, with nothing else to do, before it holds the server
    /// to the account's head (`AccountHeadKeeper`): while moods keep coming, they are not
    /// slowed by reading the journal after each.
    public var headCheckDelay: Duration
    /// The most pages a download fetches ahead of the journal, and so the most one transaction
    /// applies: fewer commits for a long download, while the pages held, beside the journal's
    /// cache, keep a first sync of a sealed account within 64 MiB.
    public static let downloadPagesAhead = 6

    public init(
        retry: Backoff = Backoff(), reconnect: Backoff = Backoff(initial: .milliseconds(250), maximum: .seconds(1)),
        pageSize: Int = 1_000, headCheckDelay: Duration = .seconds(2)
    ) {
        self.retry = retry
        self.reconnect = reconnect
        self.pageSize = pageSize
        self.headCheckDelay = headCheckDelay
    }
}

/// What one ``SyncCoordinator/syncOnce()`` did.
public struct SyncReport: Hashable, Sendable {
    /// Moods the server accepted from this device.
    public var uploaded = 0
    /// Moods the server deleted at this device's request (a mood that never left this device
    /// is purged without one, and is not counted).
    public var deleted = 0
    /// Server changes applied to the journal.
    public var downloaded = 0
    /// Entries written to the account's shares.
    public var shared = 0
    /// Moods the server refused for good, now or earlier.
    public var failed = 0
    /// Changes from the server set aside as unreadable, now or earlier.
    public var unreadable = 0
}
