import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Wakes a watcher's thread, which waits in `poll()` on file descriptors: a self-pipe it can
/// poll beside the file-system watch, plus the flag that tells it to stop.
public final class WatcherWakeup: Sendable {
    private let readEnd: Int32
    private let writeEnd: Int32
    private let stopped = Atomic<Bool>(false)

    /// The pipe could not be made (the process is out of file descriptors).
    public struct CreationFailed: Error {}

    /// Makes the pipe.
    /// - Throws: ``CreationFailed`` when the system refuses one.
    public init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw CreationFailed() }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        (readEnd, writeEnd) = (ends[0], ends[1])
    }

    /// The descriptor to poll for readability.
    public var descriptor: Int32 { readEnd }

    /// Whether ``stop()`` was called.
    public var isStopped: Bool { stopped.load(ordering: .acquiring) }

    /// Wakes the waiting thread; safe from any thread.
    public func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Asks the thread to finish; returns false if that was asked before.
    public func stop() -> Bool {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return false }
        signal()
        return true
    }

    /// Clears pending wake-ups; returns whether there were any.
    public func drain() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64)
        var woken = false
        while read(readEnd, &buffer, buffer.count) > 0 { woken = true }
        return woken
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }
}
