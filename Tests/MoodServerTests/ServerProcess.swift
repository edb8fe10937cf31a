import AppTesting
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A real `moodtui serve` process, started with `posix_spawn` (see AppTesting's ProcessResult),
/// its standard output read line by line, stopped with a signal.
final class ServerProcess: Sendable {
    let pid: pid_t
    private let reaped = Mutex(false)
    private let boundPort = Mutex(0)
    /// The port the server listens on.
    var port: Int { boundPort.withLock { $0 } }
    let errorLog: URL
    fileprivate let printed: Lines

    /// Starts `moodtui serve --port 0 --data DIR` and waits (with a deadline, without blocking a
    /// thread of the test's concurrency pool) for the line saying where it listens.
    /// - Throws: ``TestSetupError`` when it does not start: the test fails, it never skips.
    static func start(data: URL) async throws -> ServerProcess {
        let process = try ServerProcess(data: data)
        let prefix = "moodtui serve listening on http://127.0.0.1:"
        let listening = await waitUntil(upTo: .seconds(20)) { process.printed.all.contains { $0.hasPrefix(prefix) } }
        let line = process.printed.all.first { $0.hasPrefix(prefix) }
        guard listening, let port = line.flatMap({ Int($0.dropFirst(prefix.count)) }) else {
            _ = await process.stop(SIGKILL)
            let log = (try? String(contentsOf: process.errorLog, encoding: .utf8)) ?? ""
            throw TestSetupError("moodtui serve did not say where it listens within 20 s; stderr: \(log)")
        }
        process.boundPort.withLock { $0 = port }
        return process
    }

    private init(data: URL) throws {
        try FileManager.default.createDirectory(at: data.deletingLastPathComponent(), withIntermediateDirectories: true)
        errorLog = data.deletingLastPathComponent().appendingPathComponent("serve-\(UUID().uuidString).log")
        var output: [Int32] = [-1, -1]
        guard pipe(&output) == 0 else { throw TestSetupError("pipe failed: errno \(errno)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, errorLog.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addclose(&actions, output[0])
        posix_spawn_file_actions_addclose(&actions, output[1])
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let executable = try BuiltProducts.moodtui.path
        let arguments = [executable, "serve", "--port", "0", "--data", data.path]
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil], envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        close(output[1])
        guard spawned == 0 else { close(output[0]); throw TestSetupError("cannot run \(executable): errno \(spawned)") }
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
    func stop(_ signal: Int32 = SIGTERM, upTo timeout: Duration = .seconds(15)) async -> Int32? {
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
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}

/// Lines of output, appended by the reading thread, read by the test.
private final class Lines: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    func append(_ line: String) { lines.withLock { $0.append(line) } }
}
