import Foundation
#if canImport(Glibc)
import Glibc
#endif
import LocalProcesses
import Synchronization

/// A long-running `moodtui` whose output is collected line by line as it arrives, for tests that
/// follow `moodtui watch`. Started with ``Spawn`` and a close-on-exec pipe, for the reasons given
/// there.
public final class RunningProcess: Sendable {
    private let pid: pid_t
    private let output = LineBuffer()
    private let ended = Mutex(false)

    /// Starts the built `moodtui` with `arguments`.
    public init(moodtui arguments: [String]) throws {
        let pipe = try Spawn.closeOnExecPipe()
        let fds = [pipe.read, pipe.write]
        do {
            pid = try Spawn.start(try BuiltProducts.moodtui.path, arguments, output: .descriptor(fds[1]), error: .discard)
        } catch {
            close(fds[0])
            close(fds[1])
            throw error
        }
        close(fds[1])
        let (reader, output) = (fds[0], output)
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 4_096)
            while true {
                let count = read(reader, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                output.append(Data(buffer[..<count]))
            }
            close(reader)
        }
    }

    /// Every complete line printed so far.
    public var outputLines: [String] { output.lines }

    /// Stops the process and waits for it.
    public func terminate() {
        let first = ended.withLock { ended in
            defer { ended = true }
            return !ended
        }
        guard first else { return }
        kill(pid, SIGTERM)
        _ = Spawn.wait(pid)
    }

    deinit { terminate() }
}

/// Bytes in, complete lines out, from any thread.
private final class LineBuffer: Sendable {
    private let state = Mutex<(pending: Data, lines: [String])>((Data(), []))

    var lines: [String] { state.withLock { $0.lines } }

    func append(_ chunk: Data) {
        state.withLock { state in
            state.pending.append(chunk)
            while let newline = state.pending.firstIndex(of: UInt8(ascii: "\n")) {
                state.lines.append(String(decoding: state.pending[state.pending.startIndex..<newline], as: UTF8.self))
                state.pending.removeSubrange(state.pending.startIndex...newline)
            }
        }
    }
}
