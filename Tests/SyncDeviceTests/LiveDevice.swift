import AppTesting
import Foundation
import JournalTesting
import Logging
import MoodKit
import MoodSealing
import MoodStore
import MoodSync
import Synchronization
import SyncTesting
import Testing

/// A device for tests against a real `moodtui serve`: a journal of its own, logged in to the
/// account with a token of its own, and a sync engine talking HTTP and WebSocket to the server.
final class LiveDevice: Sendable {
    let journal: TemporaryJournal
    let remote: HTTPMoodRemote
    /// What the engine talks to: ``remote``, or a ``LyingRemote`` in front of it.
    let engineRemote: any MoodRemote
    let engine: SyncCoordinator
    /// The device's wall clock, which a test sets ahead, behind or back.
    let clock: TestWallClock
    static let settings = SyncEngineSettings(retry: Backoff(initial: .milliseconds(50), maximum: .milliseconds(500)))
    /// Short, so that a stalled push handshake or a silent push connection is given up in a
    /// test's time; loopback answers at once.
    static let pushTiming = PushSocketTiming(handshakeTimeout: .seconds(2), pingInterval: .seconds(2))

    private static let logger: Logger = {
        var logger = Logger(label: "sync-device-test")
        logger.logLevel = .critical
        return logger
    }()

    /// How a device logs in.
    enum Login: String, Sendable, CustomTestStringConvertible {
        /// As `moodtui login` does: the account's first device makes its key, the others are
        /// given its phrase (kept per server and account for the test's devices).
        case withKey
        /// As a device of a version before moodtui sealed moods: the account stays plain.
        case plain

        var testDescription: String { rawValue }
    }

    /// The phrases of the accounts' keys, by store (data folder or database) and account.
    private static let phrases = Mutex<[String: String]>([:])

    /// Devices of `account` that log in from now on are given `phrase`, as after a rotation.
    static func give(_ phrase: String, toDevicesOf account: String = "alice", on server: ServerProcess) {
        phrases.withLock { $0["\(server.store) \(account)"] = phrase }
    }

    /// A new device of `account`, called `name` on the server if given, talking to `server`
    /// directly or through `proxy`, its wall clock `clockOffset` seconds from the machine's; its
    /// engine hears the server's answers as `liar` rewrites them, if given (it logs in honestly).
    init(
        server: ServerProcess, account: String = "alice", named name: String? = nil, through proxy: FaultProxy? = nil,
        clockOffset: TimeInterval = 0, login: Login = .withKey, liar: Liar? = nil
    ) async throws {
        clock = TestWallClock(offset: clockOffset)
        journal = try TemporaryJournal(wallClock: clock.wallClock)
        remote = HTTPMoodRemote(
            account: SyncAccount(server: proxy?.url ?? server.url, token: try server.addDevice(account, named: name)),
            deviceID: try journal.store.deviceID(), pushTiming: Self.pushTiming, logger: Self.logger)
        switch login {
        case .withKey:
            let place = "\(server.store) \(account)"  // one account, whichever instance serves it
            let key = try await AccountKeyLogin.logIn(remote, store: journal.store, phrase: Self.phrases.withLock { $0[place] }).key
            if let key { Self.phrases.withLock { $0[place] = RecoveryPhrase.phrase(for: key) } }
        case .plain:
            let identity = try await remote.accountInfo().id
            try SyncSettings.logIn(remote.account, identity: identity, key: nil, existingMoods: .keep, in: journal.store)
        }
        let engineRemote: any MoodRemote = liar.map { [remote] in LyingRemote(honest: remote, liar: $0) } ?? remote
        self.engineRemote = engineRemote
        engine = SyncCoordinator(store: journal.store, remote: engineRemote, settings: Self.settings, logger: Self.logger)
    }

    /// Another engine on this device's journal, as `moodtui sync` in a second shell beside the app.
    func makeEngine() -> SyncCoordinator {
        SyncCoordinator(store: journal.store, remote: engineRemote, settings: Self.settings, logger: Self.logger)
    }

    var store: JournalStore { journal.store }

    @discardableResult
    func add(_ note: String, level: MoodLevel = .good, activities: Set<ActivityName> = []) throws -> Mood {
        try store.write(origin: .ui) { try $0.add(MoodEntry(level: level, note: note, activities: activities)) }
    }

    /// Changes the fields given, as a person would, and returns the mood as it is after the edit.
    @discardableResult
    func edit(
        _ id: Mood.ID, level: MoodLevel? = nil, note: String? = nil, date: Date? = nil, activities: Set<ActivityName>? = nil,
        scales: [Scale.ID: ScaleValue?] = [:]
    ) throws -> Mood? {
        let activities = activities.map(ActivityEdit.exactly)
        return try store.write(origin: .ui) { writer in
            try writer.edit(id, level: level, note: note, date: date, activities: activities, scales: scales)
            return try writer.snapshot.mood(id: id)
        }
    }

    func mood(_ id: Mood.ID) throws -> Mood? { try store.read { try $0.mood(id: id) } }

    func delete(_ id: Mood.ID) throws {
        try store.write(origin: .ui) { try $0.markForDeletion(id, undo: .notOffered) }
    }

    /// The list as a person sees it: every mood's visible content, by id.
    func list() throws -> [Mood.ID: String] {
        let moods = try store.read { try $0.moods(MoodFilter(), order: .newestFirst) }
        return Dictionary(uniqueKeysWithValues: moods.map { ($0.id, "\($0.level.rawValue) \($0.note)") })
    }

    /// Every mood in the list with its fields and their stamps, by id: what converged devices share.
    func fields() throws -> [Mood.ID: MoodFields] {
        let moods = try store.read { try $0.moods(MoodFilter(), order: .newestFirst) }
        return Dictionary(uniqueKeysWithValues: moods.map { ($0.id, $0.fields) })
    }

    func syncOnce() async throws { try await engine.syncOnce() }
}

/// A temporary folder for a server's data.
func temporaryServerFolder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-sync-test-\(UUID().uuidString)/server")
}
