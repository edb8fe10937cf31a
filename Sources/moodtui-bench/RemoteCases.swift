import DedicatedThreads
import Dispatch
import Foundation
import MoodKit
import MoodListModule
import MoodSealing
import MoodStore
import MoodSync
import SyncProtocol

/// The sync loop against a real `moodtui serve` on 127.0.0.1, on SQLite (``PostgresCases`` runs
/// some of them on PostgreSQL).
struct RemoteCases {
    let journals: BenchJournals
    let quick: Bool
    let report: Report

    func run() async throws -> [CaseResult] {
        let server = try BenchServer(folder: journals.folder)
        var results: [CaseResult] = []
        // Each case with moods plain and sealed, one after the other: what sealing costs.
        for sealed in [false, true] {
            let upload = try await serverUpload(server, sealed: sealed, limit: .sqlite(folder: journals.folder.appendingPathComponent("limit")))
            report.print(upload.result)
            results.append(upload.result)
            for result in [
                try await initialSync(server, account: upload.account, phrase: upload.phrase, sealed: sealed),
                try await remoteLatency(from: server, to: server, sealed: sealed),
            ] {
                report.print(result)
                results.append(result)
            }
        }
        if !quick {
            // The plain account's 100,000 moods grow to a million, for a new device to sync.
            try await fill(server, account: "bulk", adding: 900_000)
            let million = try await initialSync(server, account: "bulk", phrase: nil, sealed: false, name: "initial-sync-1M")
            report.print(million)
            results.append(million)
        }
        let share = try await shareLatency(server)
        report.print(share)
        results.append(share)
        let backlog = try await backlogUpload(server)
        report.print(backlog)
        results.append(backlog)
        let fanOut = try await FanOutCase(servers: [server], subscribers: 1_000, changes: quick ? 3 : 10).run()
        report.print(fanOut)
        server.stop()
        let socketServer = try BenchServer(folder: journals.folder.appendingPathComponent("sockets"), clients: .manyAddresses)
        let sockets = try await FanOutCase.sockets(servers: [socketServer], quick: quick).run()
        socketServer.stop()
        report.print(sockets)
        let backOnline = try await BackOnlineCase(
            folder: journals.folder.appendingPathComponent("back-online"), moods: 2_000, offline: quick ? .seconds(6) : .seconds(20)
        ).run()
        report.print(backOnline)
        return results + [fanOut, sockets, backOnline]
    }

    /// Moods per second through `POST /v1/moods`, 500 a request, each request one durable
    /// transaction; the moods are sealed (or not) before the clock starts. Beside plain moods,
    /// `limit`: the same rows stored without HTTP in one transaction (sealed ones would need the
    /// account's key in that store too). Returns the account and its phrase,
    /// whose moods the initial sync then downloads. `suffix` names the back end when it is not
    /// SQLite.
    func serverUpload(_ server: BenchServer, sealed: Bool, limit: ServerWriteLimit?, suffix: String = "") async throws
        -> (result: CaseResult, account: String, phrase: String?)
    {
        let account = sealed ? "bulk-sealed" : "bulk"
        let device = try await BenchDevice(
            server: server, account: account, path: journals.folder.appendingPathComponent("\(account).sqlite").path,
            sealing: sealed ? .sealed(phrase: nil) : .plain)
        let encryption = try await device.store.read { try SyncEncryption(journal: $0) }
        let total = quick ? 20_000 : 100_000
        var times: [UInt64] = [], sent: [MoodUpload] = []
        for _ in 0..<(total / SyncLimits.maximumUploadBatch) {
            let batch = try (0..<SyncLimits.maximumUploadBatch).map { _ in
                let mood = journals.randomMood(note: "uploaded by the benchmark")
                return MoodUpload(id: mood.id, payload: try encryption.payload(for: mood), baseVersion: nil)
            }
            let remote = device.remote
            let start = ContinuousClock.now
            let response = try await remote.upload(batch)
            times.append((ContinuousClock.now - start).nanoseconds)
            guard response.saved.count == batch.count else { throw BenchError("the server refused part of a batch") }
            sent += batch
        }
        let samples = Samples(nanoseconds: times)
        let perSecond = Double(total) / (Double(times.reduce(0, +)) / 1e9)
        var result = CaseResult(
            name: "server-upload" + (sealed ? "-sealed" : "") + suffix, rows: total, samples: samples, target: "≥ 40,000 moods/s",
            met: perSecond >= 40_000)
        result.extra["moods_per_s"] = perSecond.rounded()
        if let limit, !sealed {
            result.extra["limit_moods_per_s"] = try await limit.measure(sent, transaction: sent.count).rounded()
            result.extra["limit_500_moods_per_s"] = try await limit.measure(sent, transaction: SyncLimits.maximumUploadBatch).rounded()
        }
        return (result, account, device.phrase)
    }

    /// A device back from a long time offline uploads what it wrote meanwhile, through the whole
    /// client: the uploader's reads, its bookkeeping writes before and after each request, and
    /// the requests. No target: it shows what the client adds to the server's own throughput.
    private func backlogUpload(_ server: BenchServer) async throws -> CaseResult {
        let device = try await BenchDevice(
            server: server, account: "backlog", path: journals.folder.appendingPathComponent("offline.sqlite").path)
        let total = quick ? 5_000 : 20_000
        let moods = (0..<total).map { _ in journals.randomMood(note: "written offline") }
        try await device.store.write(origin: .ui) { writer in
            for mood in moods { try writer.insert(mood) }
        }
        let start = ContinuousClock.now
        let report = try await device.engine.syncOnce()
        let elapsed = (ContinuousClock.now - start).nanoseconds
        guard report.uploaded == total else { throw BenchError("uploaded \(report.uploaded) of \(total) moods") }
        var result = CaseResult(
            name: "backlog-upload", rows: total, samples: Samples(nanoseconds: [elapsed]), target: "(reference)", met: true)
        result.extra["moods_per_s"] = (Double(total) / (Double(elapsed) / 1e9)).rounded()
        return result
    }

    /// Uploads `count` more plain moods to `account`, untimed.
    private func fill(_ server: BenchServer, account: String, adding count: Int) async throws {
        let device = try await BenchDevice(
            server: server, account: account, path: journals.folder.appendingPathComponent("\(account)-filler.sqlite").path, sealing: .plain)
        for _ in 0..<(count / SyncLimits.maximumUploadBatch) {
            let batch = (0..<SyncLimits.maximumUploadBatch).map { _ in
                let mood = journals.randomMood(note: "uploaded by the benchmark")
                return MoodUpload(id: mood.id, payload: .plain(MoodContent(mood)), baseVersion: nil)
            }
            guard try await device.remote.upload(batch).saved.count == batch.count else { throw BenchError("the server refused part of a batch") }
        }
    }

    /// A new device downloading every mood the upload case left on the server, in a child process
    /// for its peak memory; beside it, the limit on this disk: as many moods inserted into an
    /// empty journal, as many to a transaction as a download applies at most.
    private func initialSync(
        _ server: BenchServer, account: String, phrase: String?, sealed: Bool, name: String? = nil
    ) async throws -> CaseResult {
        let token = try server.addDevice(account)
        let path = journals.folder.appendingPathComponent("fresh-\(name ?? account).sqlite").path
        // The phrase goes in a file, as `moodtui login --key-file` takes it: not on a command line.
        let keyFile = journals.folder.appendingPathComponent("\(account).phrase")
        try phrase.map { try Data($0.utf8).write(to: keyFile) }
        let output = try ChildProcess.run(["sync-child", server.url.absoluteString, token, path] + (phrase.map { _ in ["--key-file", keyFile.path] } ?? []))
        guard output.count == 3, let moods = Int(output[0]), let nanoseconds = UInt64(output[1]), let peak = Double(output[2]) else {
            throw BenchError("sync-child said \(output)")
        }
        // 2 s a hundred thousand moods, 20 s a million.
        let target: UInt64 = moods > 100_000 ? 20_000_000_000 : 2_000_000_000
        let peakMiB = (peak / 1024 * 10).rounded() / 10
        var result = CaseResult(
            name: name ?? "initial-sync" + (sealed ? "-sealed" : ""), rows: moods, samples: Samples(nanoseconds: [nanoseconds]),
            target: "≤ \(target / 1_000_000_000) s, peak ≤ 64 MiB", met: nanoseconds <= target && peakMiB <= 64)
        result.extra["peak_mib"] = peakMiB
        result.extra["limit_s"] = (Double(try insertLimit(moods)) / 1e7).rounded() / 100
        return result
    }

    /// Nanoseconds to insert `count` new moods into an empty journal, as many to a transaction as
    /// the pages a download fetches ahead hold.
    private func insertLimit(_ count: Int) throws -> UInt64 {
        let store = try JournalStore(path: journals.folder.appendingPathComponent("limit-\(UUID().uuidString).sqlite").path)
        let perTransaction = SyncEngineSettings().pageSize * SyncEngineSettings.downloadPagesAhead
        var elapsed: UInt64 = 0
        for start in stride(from: 0, to: count, by: perTransaction) {
            let moods = (start..<min(count, start + perTransaction)).map { _ in journals.randomMood(note: "uploaded by the benchmark") }
            let start = ContinuousClock.now
            try store.write(origin: .sync) { writer in for mood in moods { try writer.insert(mood) } }
            elapsed += (ContinuousClock.now - start).nanoseconds
        }
        return elapsed
    }

    /// The child's side of `initial-sync`: one full round on a new journal.
    static func syncChild(url: URL, token: String, path: String, phrase: String?) async throws {
        let device = try await BenchDevice(url: url, token: token, path: path, sealing: phrase.map { .sealed(phrase: $0) } ?? .plain)
        let start = ContinuousClock.now
        let report = try await device.engine.syncOnce()
        let elapsed = ContinuousClock.now - start
        print(report.downloaded, elapsed.nanoseconds, ChildProcess.peakKiB())
    }

    /// Device A saves a mood; its engine uploads it to `first`; the server (through the
    /// database, when `second` is another instance) pushes to B on `second`; B's engine
    /// downloads it; B's watcher wakes B's "UI thread", whose presenter gets the batch. Timed
    /// end to end.
    func remoteLatency(from first: BenchServer, to second: BenchServer, sealed: Bool, suffix: String = "") async throws -> CaseResult {
        // An account of its own: the devices start in step, with nothing to download first.
        let account = (sealed ? "latency-sealed" : "latency") + suffix
        let a = try await BenchDevice(
            server: first, account: account, path: journals.folder.appendingPathComponent("\(account)-a.sqlite").path,
            sealing: sealed ? .sealed(phrase: nil) : .plain)
        let b = try await BenchDevice(
            server: second, account: account, path: journals.folder.appendingPathComponent("\(account)-b.sqlite").path,
            sealing: sealed ? .sealed(phrase: a.phrase) : .plain)
        let engines = [a, b].map { device in Task { await device.engine.run() } }
        defer { engines.forEach { $0.cancel() } }
        try await Task.sleep(for: .milliseconds(500))  // let both engines connect their push sockets
        let samples = try await latency(from: a.store, to: b.store)
        return CaseResult(
            name: "remote-latency" + (sealed ? "-sealed" : "") + suffix, rows: samples.nanoseconds.count, samples: samples,
            target: "p50 ≤ 10 ms, p99 ≤ 50 ms", met: samples.median <= 10_000_000 && samples.p99 <= 50_000_000).withP99()
    }

    /// Device A saves a mood; its engine uploads it, then writes it into the account's share;
    /// the server pushes the share's recipient, whose engine downloads it into the share's own
    /// journal and whose "UI thread" gets the batch. The same path as `remote-latency`, with the
    /// share's entry and a second push on it.
    func shareLatency(_ server: BenchServer) async throws -> CaseResult {
        let owner = try await BenchDevice(
            server: server, account: "share-latency", path: journals.folder.appendingPathComponent("share-owner.sqlite").path)
        let invitation = try await AccountShares.add(
            name: try ShareName("bench"), scope: ShareScope(), expiresAt: nil, server: server.url, store: owner.store,
            remote: owner.remote, logger: BenchDevice.logger)
        let recipient = try await BenchDevice(invitation: invitation, path: journals.folder.appendingPathComponent("share-recipient.sqlite").path)
        let engines = [owner, recipient].map { device in Task { await device.engine.run() } }
        defer { engines.forEach { $0.cancel() } }
        try await Task.sleep(for: .milliseconds(500))  // let both engines connect their push sockets
        let samples = try await latency(from: owner.store, to: recipient.store)
        return CaseResult(
            name: "share-latency", rows: samples.nanoseconds.count, samples: samples, target: "p99 ≤ 50 ms", met: samples.p99 <= 50_000_000).withP99()
    }

    /// Times moods saved in `source` until the list of a presenter on `destination` holds them,
    /// the first five left out (connections warming up).
    private func latency(from source: JournalStore, to destination: JournalStore) async throws -> Samples {
        let changes = quick ? 50 : 200
        // The destination's "UI thread" blocks as the app's does, on a thread of its own, off the engines' pool.
        let times = try await DedicatedThread.run(name: "moodtui-bench.device") { () throws -> [UInt64] in
            let woken = DispatchSemaphore(value: 0)
            let watcher = try JournalWatcher(store: destination) { _ in woken.signal() }
            defer { watcher.stop() }
            let screen = try BenchScreen(store: destination, visibleRows: 22)
            let interactor = screen.interactor
            var times: [UInt64] = []
            for round in 0..<(changes + 5) {
                let entry = try MoodEntry(level: .good, note: "remote latency \(round)")
                let start = ContinuousClock.now
                let mood = try source.write(origin: .ui) { try $0.add(entry) }
                while interactor.index(of: mood.id) == nil {
                    guard woken.wait(timeout: .now() + 10) == .success else { throw BenchError("a mood did not arrive within 10 s") }
                    interactor.journalDidChange([])
                }
                if round >= 5 { times.append((ContinuousClock.now - start).nanoseconds) }
            }
            return times
        }
        return Samples(nanoseconds: times)
    }
}
