import Foundation
import Synchronization

/// A long-running `moodtui` whose output is collected line by line as it arrives, for tests that
/// follow `moodtui watch`.
public final class RunningProcess: Sendable {
    private let process: Process
    private let output = LineBuffer()

    /// Starts the built `moodtui` with `arguments`.
    public init(moodtui arguments: [String]) throws {
        let process = Process()
        process.executableURL = try BuiltProducts.moodtui
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardOutput = pipe
        self.process = process
        pipe.fileHandleForReading.readabilityHandler = { [output] handle in output.append(handle.availableData) }
        try process.run()
    }

    /// Every complete line printed so far.
    public var outputLines: [String] { output.lines }

    /// Stops the process.
    public func terminate() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
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
