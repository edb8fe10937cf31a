import Foundation
import LocalProcesses

/// The server on PostgreSQL, beside the SQLite figures of ``RemoteCases`` in the same run: a
/// throwaway cluster with PostgreSQL's own durability (each commit flushed), two `moodtui serve`
/// instances on one database; uploads through one instance, and pushes within one instance and
/// from one to the other.
struct PostgresCases {
    let journals: BenchJournals
    let quick: Bool
    let report: Report

    func run() async throws -> [CaseResult] {
        let cluster = try PostgresCluster.start(durability: .flushEachCommit)
        defer { try? cluster.stop() }
        let database = try cluster.makeDatabase()
        let first = try BenchServer(database: database), second = try BenchServer(database: database)
        defer { [first, second].forEach { $0.stop() } }
        let remote = RemoteCases(journals: journals, quick: quick, report: report)
        var results: [CaseResult] = []
        for sealed in [false, true] {
            let upload = try await remote.serverUpload(first, sealed: sealed, limit: .postgres(database: try cluster.makeDatabase()), suffix: "-postgres").result
            report.print(upload)
            results.append(upload)
        }
        var latencies: [CaseResult] = []
        for (to, suffix) in [(first, "-postgres"), (second, "-postgres-2-instances")] {
            let latency = try await remote.remoteLatency(from: first, to: to, sealed: false, suffix: suffix)
            report.print(latency)
            latencies.append(latency)
        }
        let fanOut = try await FanOutCase(servers: [first, second], subscribers: 1_000, changes: quick ? 3 : 10, suffix: "-postgres-2-instances").run()
        report.print(fanOut)
        [first, second].forEach { $0.stop() }
        let socketServers = try [BenchServer(database: database, clients: .manyAddresses), BenchServer(database: database, clients: .manyAddresses)]
        defer { socketServers.forEach { $0.stop() } }
        let sockets = try await FanOutCase.sockets(servers: socketServers, quick: quick, suffix: "-postgres-2-instances").run()
        report.print(sockets)
        return results + latencies + [fanOut, sockets]
    }
}
