import CSpawn
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Starting a child process with `posix_spawn`, for tests that run the real binaries.
///
/// Foundation's `Process` waits for its child through a descriptor the child inherits; a daemon
/// such as the tmux server inherits it too, and the wait never ends. A child here inherits only
/// its standard input, output and error. The child also gets a clean
/// signal mask: the test runner's threads block signals, and a tmux server that inherited that
/// would never hear SIGCHLD and never reap the app it runs.
public enum Spawn {
    /// Where a child's standard output or error goes.
    public enum Destination: Sendable {
        case discard
        /// A descriptor of the parent's: the write end of a ``closeOnExecPipe()``.
        case descriptor(Int32)
        /// A file, created or truncated.
        case file(String)
    }

    /// Starts `executable` with `arguments`, standard input from /dev/null; returns its pid.
    /// - Throws: ``SetupError`` when it cannot be started.
    public static func start(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        output: Destination, error: Destination
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (target, destination) in [(Int32(1), output), (2, error)] {
            switch destination {
            case .discard: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
            case .descriptor(let fd): posix_spawn_file_actions_adddup2(&actions, fd, target)
            case .file(let path): posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            }
        }
        // Nothing but those three: a descriptor the parent opened without close-on-exec (a test's
        // raw socket, the listening socket of a server in the test process) would otherwise stay
        // open in the child for its whole life, and fill a server started with a low open-file
        // limit before it can listen.
        moodtui_spawn_close_from(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let variables = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let status = retryingWhileBusy(until: .now + .seconds(10)) { posix_spawn(&pid, executable, &actions, &attributes, argv, envp) }
        guard status == 0 else { throw SetupError("cannot run \(executable): \(String(cString: strerror(status))) (errno \(status))") }
        return pid
    }

    /// Calls `spawn` (returning `posix_spawn`'s status) again while it answers ETXTBSY, until
    /// `deadline`. A program a test has just written is busy for a moment when another thread
    /// forked meanwhile: the forked child holds the writer's descriptor until it runs its own
    /// program, which is what closes a close-on-exec descriptor.
    static func retryingWhileBusy(until deadline: ContinuousClock.Instant, _ spawn: () -> Int32) -> Int32 {
        var status = spawn()
        while status == ETXTBSY, ContinuousClock.now < deadline {
            usleep(1_000)
            status = spawn()
        }
        return status
    }

    /// A pipe whose descriptors are closed on exec: a tmux server that another test starts
    /// meanwhile would otherwise inherit the write end, keep it open for ever, and a read of the
    /// pipe would never end.
    /// - Returns: the read and write ends.
    public static func closeOnExecPipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard systemPipe2(&fds, O_CLOEXEC) == 0 else { throw SetupError("pipe failed: errno \(errno)") }
        return (fds[0], fds[1])
    }

    /// Waits for `pid` to end and returns its exit status (128 + n when signal n killed it).
    public static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return exitStatus(fromWaitStatus: status)
    }

    /// The exit status `waitpid`'s raw status means: the code, or 128 + n when signal n ended it.
    public static func exitStatus(fromWaitStatus status: Int32) -> Int32 {
        (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}

/// glibc's `pipe2`, which Swift's Glibc module leaves out (it is declared under `_GNU_SOURCE`).
@_silgen_name("pipe2")
private func systemPipe2(_ fds: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32
