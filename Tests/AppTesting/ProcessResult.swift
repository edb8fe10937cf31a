import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a finished process printed and how it exited.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String

    /// Runs `executable` with `arguments` to completion, with `posix_spawn` and `waitpid`.
    ///
    /// (Foundation's `Process` waits for the child through a descriptor the child inherits; a
    /// daemon such as the tmux server inherits it too and the wait never ends.)
    ///
    /// - Parameter capturingOutput: false for a command that leaves a daemon behind (`tmux
    ///   new-session`): the daemon would keep the output pipes open, and reading them would never end.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil, capturingOutput: Bool = true
    ) throws -> ProcessResult {
        var output: [Int32] = [-1, -1], error: [Int32] = [-1, -1]
        guard pipe(&output) == 0, pipe(&error) == 0 else { throw TestSetupError("pipe failed: errno \(errno)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capturingOutput {
            posix_spawn_file_actions_adddup2(&actions, output[1], 1)
            posix_spawn_file_actions_adddup2(&actions, error[1], 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        for fd in output + error { posix_spawn_file_actions_addclose(&actions, fd) }
        let variables = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        // The test runner's threads block signals; a child (the tmux server) must not inherit
        // that, or it never hears SIGCHLD and never reaps the app it runs.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = withCStrings([executable.path] + arguments) { argv in
            withCStrings(variables) { envp in posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp) }
        }
        close(output[1])
        close(error[1])
        defer { close(output[0]); close(error[0]) }
        guard spawned == 0 else { throw TestSetupError("cannot run \(executable.path): errno \(spawned)") }
        let (out, err) = readToEnd(output[0], error[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return ProcessResult(
            status: exitStatus, standardOutput: String(decoding: out, as: UTF8.self),
            standardError: String(decoding: err, as: UTF8.self))
    }

    /// Runs the built `moodtui` with `arguments`.
    public static func moodtui(_ arguments: [String], environment: [String: String]? = nil) throws -> ProcessResult {
        try run(try BuiltProducts.moodtui, arguments, environment: environment)
    }

    /// Reads two descriptors until both end, whichever has data first, so neither pipe fills up.
    private static func readToEnd(_ first: Int32, _ second: Int32) -> ([UInt8], [UInt8]) {
        var data: [[UInt8]] = [[], []]
        var open = [first, second]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while open.contains(where: { $0 >= 0 }) {
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&fds, nfds_t(fds.count), -1) >= 0 || errno == EINTR else { break }
            for (i, fd) in fds.enumerated() where fd.fd >= 0 && fd.revents != 0 {
                let count = read(fd.fd, &buffer, buffer.count)
                if count > 0 { data[i] += buffer[0..<count] } else { open[i] = -1 }
            }
        }
        return (data[0], data[1])
    }
}

/// Calls `body` with `strings` as a NULL-terminated C array.
private func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return body(pointers)
}
