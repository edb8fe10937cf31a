import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A throwaway PostgreSQL cluster for tests and the benchmark: Debian's `initdb` and `pg_ctl` in
/// a new temporary folder, listening on 127.0.0.1 on a free port, trusting the local user
/// `moodtui`. Run as an ordinary user (as `postgres` when run as root, which PostgreSQL refuses
/// to be), with room for 400 connections (tests run in parallel, each store with a pool of its
/// own), and stopped when the process exits.
///
/// One cluster serves a whole test process; each test takes a database of its own
/// (``makeDatabase()``), so tests never see each other's rows. The clusters of test processes
/// that were killed (and so never stopped theirs) are stopped and removed by the next one.
public final class PostgresCluster: Sendable {
    /// The superuser every test connects as.
    public static let user = "moodtui"

    /// Where the cluster listens on 127.0.0.1.
    public let port: Int
    /// The cluster's folder (data, socket, log).
    public let folder: URL
    private let binaries: URL

    /// How much of a commit reaches the disk before it is acknowledged.
    public enum Durability: Sendable {
        /// Nothing is flushed (no fsync): a test's rows need not outlive it, and tests run faster.
        case none
        /// PostgreSQL's defaults, as a server people rely on runs: each commit is flushed.
        case flushEachCommit

        var settings: String {
            switch self {
            case .none: "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
            case .flushEachCommit: ""
            }
        }
    }

    /// The cluster of this test process (no durability), started on first use.
    /// - Throws: ``SetupError`` saying what is missing when no cluster can be started: a test
    ///   that needs PostgreSQL fails then, it is never skipped.
    public static func shared() throws -> PostgresCluster {
        try sharedCluster.get()
    }

    private static let sharedCluster: Result<PostgresCluster, any Error> = Result {
        let cluster = try PostgresCluster(durability: .none)
        atexit { try? PostgresCluster.sharedCluster.get().stop() }
        return cluster
    }

    /// A cluster of its own, for a benchmark measuring the database as it is run for real; the
    /// caller stops it.
    public static func start(durability: Durability) throws -> PostgresCluster {
        try PostgresCluster(durability: durability)
    }

    /// A cluster of its own that also takes TLS connections with the certificate chain and key in
    /// the PEM files `tlsChain` and `key`; the caller stops it.
    public static func start(tlsChain: String, key: String) throws -> PostgresCluster {
        try PostgresCluster(durability: .none, tls: (tlsChain, key))
    }

    private init(durability: Durability, tls certificates: (chain: String, key: String)? = nil) throws {
        binaries = try Self.findBinaries()
        Self.removeAbandoned(binaries: binaries)
        folder = Self.parent.appendingPathComponent("\(Self.prefix)\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try Self.handOver(folder)
        try Self.runAsOwner(binaries, "initdb", ["-D", Self.data(in: folder).path, "-U", Self.user, "--auth=trust", "-E", "UTF8", "--no-sync", "--no-instructions"], folder: folder)
        let folder = folder
        let tls = try certificates.map { try Self.tlsSettings($0, in: folder) } ?? ""
        // The free port may be taken between finding it and the server binding it: then another.
        var attempt = 1
        while true {
            let port = try FreePort.belowEphemeralRange()
            do {
                try Self.runAsOwner(
                    binaries, "pg_ctl",
                    ["-D", Self.data(in: folder).path, "-l", folder.appendingPathComponent("server.log").path, "-w", "-t", "60", "-o",
                     "-p \(port) -k \(folder.path) -c listen_addresses=127.0.0.1 -c max_connections=400 \(durability.settings) \(tls)",
                     "start"],
                    folder: folder, leavesDaemon: true)
                self.port = port
                return
            } catch where attempt < 3 {
                attempt += 1
            }
        }
    }

    /// Copies the server certificate and key into the cluster's folder, owned by the user the
    /// cluster runs as (PostgreSQL reads a key only from a file of its own, mode 0600), and
    /// returns the settings that turn TLS on with them.
    private static func tlsSettings(_ certificates: (chain: String, key: String), in folder: URL) throws -> String {
        var settings = "-c ssl=on"
        for (source, name, setting) in [(certificates.chain, "tls-chain.pem", "ssl_cert_file"), (certificates.key, "tls-key.pem", "ssl_key_file")] {
            let copy = folder.appendingPathComponent(name)
            try FileManager.default.copyItem(atPath: source, toPath: copy.path)
            guard chmod(copy.path, 0o600) == 0 else { throw SetupError("cannot make \(copy.path) private") }
            try handOver(copy)
            settings += " -c \(setting)=\(copy.path)"
        }
        return settings
    }

    private static let parent = FileManager.default.temporaryDirectory
    /// Each cluster's folder is this, the test process's id, a dash and a UUID.
    private static let prefix = "moodtui-postgres-"

    private static func data(in folder: URL) -> URL { folder.appendingPathComponent("data") }

    private var data: URL { Self.data(in: folder) }

    /// Stops and removes the clusters whose test process is gone (killed before its exit handler
    /// ran): they would otherwise run until the machine restarts.
    private static func removeAbandoned(binaries: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            guard let owner = pid_t(name.dropFirst(prefix.count).prefix { $0 != "-" }), owner != getpid(), kill(owner, 0) != 0, errno == ESRCH
            else { continue }
            let folder = parent.appendingPathComponent(name)
            _ = try? runAsOwner(binaries, "pg_ctl", ["-D", data(in: folder).path, "-m", "immediate", "-w", "stop"], folder: folder)
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// A new, empty database; returns its URL (`postgres://moodtui@127.0.0.1:PORT/NAME`).
    public func makeDatabase() throws -> String {
        let name = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        _ = try query("CREATE DATABASE \(name)", database: "postgres")
        return url(database: name)
    }

    /// What `sql` prints in `database` (a name from ``makeDatabase()``'s URL), one row a line,
    /// columns separated by `|`: for tests that look at the rows a back end wrote.
    public func query(_ sql: String, database: String) throws -> String {
        try Self.runAsOwner(
            binaries, "psql", ["-h", "127.0.0.1", "-p", String(port), "-U", Self.user, "-d", database, "-q", "-A", "-t", "-c", sql], folder: folder)
    }

    /// The URL of `database` in this cluster.
    public func url(database: String) -> String { "postgres://\(Self.user)@127.0.0.1:\(port)/\(database)" }

    /// Stops the cluster at once and removes its folder.
    public func stop() throws {
        _ = try? Self.runAsOwner(binaries, "pg_ctl", ["-D", data.path, "-m", "immediate", "-w", "stop"], folder: folder)
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs one of PostgreSQL's programs on the cluster in `folder`, as its owner; returns its
    /// standard output.
    @discardableResult
    private static func runAsOwner(_ binaries: URL, _ program: String, _ arguments: [String], folder: URL, leavesDaemon: Bool = false)
        throws -> String
    {
        let executable = binaries.appendingPathComponent(program).path
        let (command, all) = geteuid() == 0
            ? (URL(fileURLWithPath: "/usr/sbin/runuser"), ["-u", owner, "--", executable] + arguments)
            : (URL(fileURLWithPath: executable), arguments)
        let result = try ProcessResult.run(command, all, capturingOutput: !leavesDaemon)
        guard result.status == 0 else {
            let log = (try? String(contentsOf: folder.appendingPathComponent("server.log"), encoding: .utf8)) ?? ""
            throw SetupError("\(program) failed (\(result.status)): \(result.standardError)\(log.suffix(2000))")
        }
        return result.standardOutput
    }

    /// Who runs the cluster when the tests run as root: the user Debian's package made.
    private static let owner = "postgres"

    /// Gives the folder to ``owner`` when running as root.
    private static func handOver(_ folder: URL) throws {
        guard geteuid() == 0 else { return }
        guard let entry = getpwnam(owner) else {
            throw SetupError("no '\(owner)' user to run PostgreSQL as (install Debian's postgresql package)")
        }
        guard chown(folder.path, entry.pointee.pw_uid, entry.pointee.pw_gid) == 0 else {
            throw SetupError("cannot give \(folder.path) to \(owner): \(String(cString: strerror(errno)))")
        }
    }

    /// The newest installed PostgreSQL's programs.
    private static func findBinaries() throws -> URL {
        let root = URL(fileURLWithPath: "/usr/lib/postgresql")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        guard let newest = versions.compactMap(Int.init).max() else {
            throw SetupError("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin): `apt-get install postgresql`, as .ci/run does")
        }
        return root.appendingPathComponent("\(newest)/bin")
    }
}
