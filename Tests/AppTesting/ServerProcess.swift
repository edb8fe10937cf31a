import Foundation
import LocalProcesses
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A real `moodtui serve` process, started with `posix_spawn` (see `Spawn` in LocalProcesses),
/// its standard output read line by line, stopped with a signal.
public final class ServerProcess: Sendable {
    public let pid: pid_t
    private let reaped = Mutex(false)
    private let boundPort = Mutex(0)
    /// The port the server listens on.
    public var port: Int { boundPort.withLock { $0 } }
    public let errorLog: URL
    /// The server's data folder (with `--database`, only its log's).
    public let data: URL
    /// How `serve` and `account` are told where the moods are: `--data DIR` or `--database URL`.
    public let store: [String]
    fileprivate let printed: Lines

    /// Starts `moodtui serve --port PORT --data DIR ARGUMENTS…` (0: a free port below the
    /// ephemeral range, so that it can be killed and started again on it; see `FreePort`) and
    /// waits (with a deadline, without blocking a thread of the test's concurrency pool) for the
    /// line saying where it listens.
    /// - Parameter openFiles: the soft and hard limits of open files it starts with (`ulimit -S -n`, `-H -n`),
    ///   or `nil` for the test's own.
    /// - Throws: ``SetupError`` when it does not start: the test fails, it never skips.
    public static func start(
        data: URL, port: Int = 0, arguments: [String] = [], openFiles: (soft: Int, hard: Int)? = nil
    ) async throws -> ServerProcess {
        try await start(store: ["--data", data.path], folder: data, port: port, arguments: arguments, openFiles: openFiles)
    }

    /// Starts `moodtui serve --database URL` (a PostgreSQL database) on `port` (0: a free one, as above),
    /// its log in a new temporary folder.
    public static func start(database: String, port: Int = 0, arguments: [String] = []) async throws -> ServerProcess {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-serve-\(UUID().uuidString)/log")
        return try await start(store: ["--database", database], folder: folder, port: port, arguments: arguments, openFiles: nil)
    }

    private static func start(
        store: [String], folder: URL, port requested: Int, arguments: [String], openFiles: (soft: Int, hard: Int)?
    ) async throws -> ServerProcess {
        // Tests run many devices from one address at machine speed; a test of the rate limits
        // passes its own, which come later and win.
        let unlimited = ["--rate-limit", "1000000", "--rate-limit-per-address", "1000000"]
        // A port picked here may be taken by another test before the server binds it: then another.
        var attempt = 1
        while true {
            let port = requested == 0 ? try FreePort.belowEphemeralRange() : requested
            let process = try ServerProcess(
                data: folder, store: store, arguments: ["--port", String(port)] + store + unlimited + arguments, openFiles: openFiles)
            switch await process.startup() {
            case .listening(let port):
                process.boundPort.withLock { $0 = port }
                return process
            case .ended(let log) where requested == 0 && attempt < 3 && log.contains("is taken by another program"):
                attempt += 1
            case .ended(let log):
                throw SetupError("moodtui serve ended before it listened; stderr: \(log)")
            case .silent(let log):
                throw SetupError("moodtui serve did not say where it listens within 60 s; stderr: \(log)")
            }
        }
    }

    private enum Startup {
        case listening(port: Int)
        case ended(log: String)
        case silent(log: String)
    }

    /// Waits (with a deadline, without blocking a thread of the test's concurrency pool) for the
    /// line saying where the server listens, or for the server to end without it.
    private func startup() async -> Startup {
        let ended = Mutex(false)
        let pid = pid
        _ = await waitUntil(upTo: .seconds(60)) {
            if printed.all.contains(where: { Self.listeningPort(in: $0) != nil }) { return true }
            var status: Int32 = 0
            return ended.withLock { $0 = waitpid(pid, &status, WNOHANG) == pid; return $0 }
        }
        if let port = printed.all.lazy.compactMap(Self.listeningPort(in:)).first { return .listening(port: port) }
        if ended.withLock({ $0 }) {
            reaped.withLock { $0 = true }
        } else {
            _ = await stop(SIGKILL)
        }
        let log = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
        return ended.withLock { $0 } ? .ended(log: log) : .silent(log: log)
    }

    /// The port a `moodtui serve listening on http(s)://127.0.0.1:PORT` line names.
    private static func listeningPort(in line: String) -> Int? {
        let prefixes = ["http", "https"].map { "moodtui serve listening on \($0)://127.0.0.1:" }
        return prefixes.first { line.hasPrefix($0) }.flatMap { Int(line.dropFirst($0.count)) }
    }

    private init(data: URL, store: [String], arguments: [String], openFiles: (soft: Int, hard: Int)?) throws {
        self.data = data
        self.store = store
        try FileManager.default.createDirectory(at: data.deletingLastPathComponent(), withIntermediateDirectories: true)
        errorLog = data.deletingLastPathComponent().appendingPathComponent("serve-\(UUID().uuidString).log")
        let pipe = try Spawn.closeOnExecPipe()
        let output = [pipe.read, pipe.write]
        let moodtui = try BuiltProducts.moodtui.path
        // A shell sets the limits and then becomes moodtui (same pid).
        let (executable, argv) = openFiles.map { limits in
            ("/bin/sh", ["-c", "ulimit -S -n \(limits.soft) && ulimit -H -n \(limits.hard) && exec \"$0\" \"$@\"", moodtui, "serve"] + arguments)
        } ?? (moodtui, ["serve"] + arguments)
        let pid: pid_t
        do {
            pid = try Spawn.start(executable, argv, output: .descriptor(output[1]), error: .file(errorLog.path))
        } catch {
            close(output[0]); close(output[1])
            throw error
        }
        close(output[1])
        self.pid = pid
        let lines = Lines()
        printed = lines
        let readEnd = output[0]
        Thread.detachNewThread {
            var pending: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(readEnd, &buffer, buffer.count)
                if count <= 0 { break }
                pending += buffer[0..<count]
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[..<newline], as: UTF8.self)
                    lines.append(line)
                    pending.removeSubrange(...newline)
                }
            }
            close(readEnd)
        }
    }

    /// The base URL clients use.
    /// Every line the server printed on standard output so far.
    public var output: [String] { printed.all }

    public var url: URL { URL(string: "http://127.0.0.1:\(port)")! }
    /// The URL for a server started with `--tls-cert`: HTTPS to `localhost`, the name its test
    /// certificate carries.
    public var secureURL: URL { URL(string: "https://localhost:\(port)")! }

    /// A new device token for `account` (created if needed), made by `moodtui account add`, the
    /// device called `name` if given.
    public func addDevice(_ account: String, named name: String? = nil) throws -> String {
        let result = try ProcessResult.moodtui(["account", "add", account] + store + (name.map { ["--device", $0] } ?? []))
        guard result.status == 0, let token = result.standardOutput.split(separator: "\n").last else {
            throw SetupError("moodtui account add failed: \(result.standardError)")
        }
        return String(token)
    }

    /// A server the test did not stop (it failed half-way) is killed.
    deinit {
        guard !reaped.withLock({ $0 }) else { return }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// Sends `signal` and waits for the process to end; returns its exit status, or `nil` if it
    /// was still running after `timeout` (it is then killed).
    @discardableResult
    public func stop(_ signal: Int32 = SIGTERM, upTo timeout: Duration = .seconds(60)) async -> Int32? {
        kill(pid, signal)
        let waitStatus = Mutex<Int32>(0)
        let pid = pid
        let ended = await waitUntil(upTo: timeout) {
            waitStatus.withLock { status in waitpid(pid, &status, WNOHANG) == pid }
        }
        reaped.withLock { $0 = true }
        var status = waitStatus.withLock { $0 }
        guard ended else {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
            return nil
        }
        return Spawn.exitStatus(fromWaitStatus: status)
    }
}

/// Lines of output, appended by the reading thread, read by the test.
private final class Lines: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    func append(_ line: String) { lines.withLock { $0.append(line) } }
}
