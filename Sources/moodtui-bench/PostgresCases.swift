import AppTesting
import Foundation

/// The server on PostgreSQL, beside the SQLite figures of ``RemoteCases`` in the same run: a
/// throwaway cluster with PostgreSQL's own durability (each commit flushed), two `moodtui serve`
/// instances on one database; uploads through one instance, and pushes from one to the other.
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
            let upload = try await remote.serverUpload(first, sealed: sealed, suffix: "-postgres").result
            report.print(upload)
            results.append(upload)
        }
        let latency = try await remote.remoteLatency(from: first, to: second, sealed: false, suffix: "-postgres-2-instances")
        report.print(latency)
        let fanOut = try await FanOutCase(servers: [first, second], subscribers: 1_000, changes: quick ? 3 : 10, suffix: "-postgres-2-instances").run()
        report.print(fanOut)
        return results + [latency, fanOut]
    }
}
