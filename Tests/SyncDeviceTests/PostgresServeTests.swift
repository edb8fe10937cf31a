import AppTesting
import Foundation
import LocalProcesses
import Testing

/// `moodtui serve --database postgres://…`: two server processes on one PostgreSQL database serve
/// one account, each device talking to its own instance, and `moodtui account` works on the
/// same database.
@Suite(.hangGuard, .ownThread) struct PostgresServeTests {
    @Test func twoInstancesOnOneDatabaseServeOneAccountToDevicesOnEither() async throws {
        let database = try PostgresCluster.shared().makeDatabase()
        let first = try await ServerProcess.start(database: database)
        let second = try await ServerProcess.start(database: database)
        let laptop = try await LiveDevice(server: first, named: "laptop")
        let phone = try await LiveDevice(server: second, named: "phone")

        let written = try laptop.add("written through instance 1")
        try await laptop.syncOnce()
        try await phone.syncOnce()
        #expect(try phone.list() == laptop.list())
        try phone.delete(written.id)
        try await phone.syncOnce()
        try await laptop.syncOnce()
        #expect(try laptop.list().isEmpty, "deleted through instance 2")

        let listed = try ProcessResult.moodtui(["account", "list", "--database", database])
        #expect(listed.standardOutput == "alice\tdevices: 2\tmoods: 0\n", "\(listed.standardError)")
        #expect(await first.stop() == 0)
        #expect(await second.stop() == 0)
    }

    @Test func traceLoggingIsTakenAsDebugBeforeTheDatabaseOpens() async throws {
        let database = try PostgresCluster.shared().makeDatabase()
        let server = try await ServerProcess.start(database: database, arguments: ["--log-level", "trace"])
        let laptop = try await LiveDevice(server: server, named: "laptop")
        _ = try laptop.add("logged at most at debug")
        try await laptop.syncOnce()
        #expect(await server.stop() == 0)
        let log = try String(contentsOf: server.errorLog, encoding: .utf8)
        #expect(log.contains(" debug "), "debug lines are written")
        #expect(!log.contains(" trace "), "the libraries' trace lines (queries and their values) are not: \(log.prefix(2_000))")
    }

    @Test func aDatabaseThatIsNotThereIsNamedInWords() throws {
        let cluster = try PostgresCluster.shared()
        let missing = try ProcessResult.moodtui(["account", "list", "--database", cluster.url(database: "no_such_database")])
        #expect(missing.status == 1)
        #expect(
            missing.standardError == "moodtui: cannot open the server store at \(cluster.url(database: "no_such_database")): "
                + "database \"no_such_database\" does not exist\n", "\(missing.standardError)")
        let unfinished = try ProcessResult.moodtui(["serve", "--database", "postgres://127.0.0.1/moods"])
        #expect(unfinished.status == 64)
        #expect(unfinished.standardError.contains("invalid --database: a PostgreSQL URL needs a user"), "\(unfinished.standardError)")
    }
}
