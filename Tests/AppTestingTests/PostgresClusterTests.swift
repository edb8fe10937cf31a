import AppTesting
import Foundation
import LocalProcesses
import Testing

/// The throwaway cluster the PostgreSQL tests stand on: it starts (or the test fails, saying
/// what is missing), and each database it makes is empty and separate.
@Suite(.hangGuard, .ownThread) struct PostgresClusterTests {
    @Test func eachTestGetsAnEmptyDatabaseOfItsOwnOnARunningCluster() throws {
        let cluster = try PostgresCluster.shared()
        let first = try cluster.makeDatabase(), second = try cluster.makeDatabase()
        #expect(first != second)
        #expect(first.hasPrefix("postgres://moodtui@127.0.0.1:\(cluster.port)/test_"))
        let name = try #require(first.split(separator: "/").last.map(String.init))
        _ = try cluster.query("CREATE TABLE note (text TEXT NOT NULL); INSERT INTO note VALUES ('only here')", database: name)
        #expect(try cluster.query("SELECT text FROM note", database: name) == "only here\n")
        let other = try #require(second.split(separator: "/").last.map(String.init))
        #expect(try cluster.query("SELECT count(*) FROM pg_tables WHERE tablename = 'note'", database: other) == "0\n")
    }
}
