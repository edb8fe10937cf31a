import Glibc

/// A non-blocking, close-on-exec pipe used to wake a thread blocked in `poll()`.
///
/// Writers post one byte per wake-up; the reader drains everything at once. The byte says who
/// wrote it, so one pipe serves both ``TerminalEventLoop/Waker`` and the signal handlers.
/// Its file descriptors never change, so it is safe to share between threads.
final class WakePipe: Sendable {
    /// Byte written by ``TerminalEventLoop/Waker/wake()``.
    static let wakeByte: UInt8 = 0x57 // "W"
    /// Byte written by a termination signal handler.
    static let signalByte: UInt8 = 0x53 // "S"
    /// Byte written by the SIGWINCH handler: check curses for `KEY_RESIZE`.
    static let resizeByte: UInt8 = 0x52 // "R"
    /// Byte written by the SIGCONT handler: the app was stopped (Ctrl-Z) and goes on (`fg`).
    static let resumeByte: UInt8 = 0x43 // "C"

    /// The end `poll()` watches.
    let readDescriptor: Int32
    /// The end writers (any thread, or a signal handler) write to.
    let writeDescriptor: Int32

    /// Opens the pipe.
    /// - Throws: ``TerminalError/systemCallFailed(_:errno:)`` if `pipe` fails.
    init() throws {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else {
            throw TerminalError.systemCallFailed("pipe", errno: errno)
        }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Writes one byte without blocking; a full pipe already guarantees a wake-up, so EAGAIN is ignored.
    func post(_ byte: UInt8) {
        var byte = byte
        while write(writeDescriptor, &byte, 1) < 0, errno == EINTR {}
    }

    /// Reads and returns every byte currently in the pipe.
    func drain() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let count = read(readDescriptor, &buffer, buffer.count)
            if count > 0 {
                bytes += buffer[0..<count]
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return bytes
            }
        }
    }
}
