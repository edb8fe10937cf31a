import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a finished process printed and how it exited.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String

    /// Runs `executable` with `arguments` to completion (see ``Spawn`` for why not `Process`).
    ///
    /// - Parameter capturingOutput: false for a command that leaves a daemon behind (`tmux
    ///   new-session`): the daemon would keep the output pipes open, and reading them would never end.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil, capturingOutput: Bool = true
    ) throws -> ProcessResult {
        let outputPipe = try Spawn.closeOnExecPipe(), errorPipe = try Spawn.closeOnExecPipe()
        let output = [outputPipe.read, outputPipe.write], error = [errorPipe.read, errorPipe.write]
        defer { close(output[0]); close(error[0]) }
        let pid: pid_t
        do {
            pid = try Spawn.start(
                executable.path, arguments, environment: environment,
                output: capturingOutput ? .descriptor(output[1]) : .discard,
                error: capturingOutput ? .descriptor(error[1]) : .discard)
        } catch let failure {
            close(output[1])
            close(error[1])
            throw failure
        }
        close(output[1])
        close(error[1])
        let (out, err) = readToEnd(output[0], error[0])
        return ProcessResult(
            status: Spawn.wait(pid), standardOutput: String(decoding: out, as: UTF8.self),
            standardError: String(decoding: err, as: UTF8.self))
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
