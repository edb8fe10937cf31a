import ArgumentParser
import Foundation
import Logging
import MoodSealing
import MoodServer
import MoodStore
import MoodSync
import SQLiteServerStorage
import ServerStorage
import ServiceLifecycle

/// `moodtui demo`: everything at once on one machine — a server, your journal logged in to it,
/// and a second device that writes through the server while you watch.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Try sync live: a server, a logged-in journal and a second device, all temporary.",
        discussion: """
            Starts a sync server on a free port of 127.0.0.1 with a temporary data folder, creates an account \
            with two devices, and opens the app on the first device's journal. The second device adds, edits \
            and deletes a mood every few seconds through the server: watch the rows arrive (marked ↓). What \
            you do syncs to it as well. Everything is removed when you quit.
            """)

    @Option(help: ArgumentHelp("Seconds between the second device's changes.", valueName: "seconds"))
    var interval: Double = 3

    func validate() throws {
        guard interval >= 0.2 else { throw ValidationError("--interval must be at least 0.2 seconds") }
    }

    func run() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = try LogFile(path: folder.appendingPathComponent("demo.log").path, ownFolder: true)
        LoggingSystem.bootstrap { FileLogHandler(label: $0, file: log) }
        let logger = Logger(label: "moodtui.demo")

        let server = try await DemoServer.start(data: folder.appendingPathComponent("server"), logger: logger)
        defer { server.stop() }
        let (yourToken, phoneToken) = (try await server.addDevice(), try await server.addDevice())
        let (you, key) = try await server.logIn(journal: folder.appendingPathComponent("you.sqlite").path, token: yourToken, phrase: nil)
        let (phone, _) = try await server.logIn(
            journal: folder.appendingPathComponent("phone.sqlite").path, token: phoneToken, phrase: key.map(RecoveryPhrase.phrase(for:)))

        let phoneEngine = SyncCoordinator(
            store: phone.store, remote: phone.remote, logger: logger)
        let phoneSync = Task { await phoneEngine.run() }
        let person = Task { await SimulatedPerson(journal: phone.store, interval: .seconds(interval)).run() }
        defer {
            person.cancel()
            phoneSync.cancel()
        }
        try await OpenCommand.runApp(store: you.store, account: you.remote.account)
        print("Demo over: the server, both journals and the log in \(folder.path) are removed.")
    }
}

/// The demo's sync server, in this process, on a free loopback port.
private struct DemoServer {
    let storage: SQLiteMoodServerStorage
    let url: URL
    let group: ServiceGroup
    let logger: Logger

    static func start(data: URL, logger: Logger) async throws -> DemoServer {
        let storage = try SQLiteMoodServerStorage(directory: data)
        let (ports, listening) = AsyncStream.makeStream(of: Int.self)
        let application = SyncServer.makeApplication(
            configuration: MoodServerConfiguration(host: "127.0.0.1", port: 0), storage: storage, logger: logger
        ) { port in listening.yield(port) }
        let group = ServiceGroup(configuration: .init(services: [application], logger: logger))
        let failures = Inbox<String>()
        Task {
            do { try await group.run() } catch { failures.post(["\(error)"]) }
            listening.finish()  // a server that never bound ends the wait below
        }
        guard let port = await ports.first(where: { _ in true }) else {
            throw CommandFailure("the demo server did not start: \(failures.takeAll().first ?? "unknown reason")")
        }
        return DemoServer(storage: storage, url: URL(string: "http://127.0.0.1:\(port)")!, group: group, logger: logger)
    }

    func addDevice() async throws -> String {
        let token = DeviceToken.generate()
        _ = try await storage.addDevice(toAccount: "demo", tokenHash: DeviceToken.hash(token))
        return token
    }

    /// A journal at `path`, logged in to the demo account with `token` as `moodtui login` would,
    /// with the account key's `phrase` once the first device made it.
    func logIn(journal path: String, token: String, phrase: String?) async throws -> ((store: JournalStore, remote: HTTPMoodRemote), AccountKey?) {
        let store = try JournalStore(path: path)
        let remote = HTTPMoodRemote(
            account: SyncAccount(server: url, token: token), deviceID: try store.deviceID(), logger: logger)
        let key = try await AccountKeyLogin.logIn(remote, store: store, phrase: phrase).key
        return ((store, remote), key)
    }

    func stop() {
        let group = group
        Task { await group.triggerGracefulShutdown() }
    }
}
