import Foundation

/// Text written to a file (or standard output) through a 64 KiB buffer: an export of any size
/// costs the buffer, not the file.
public final class TextSink {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private static let capacity = 1 << 16

    public init(_ handle: FileHandle) {
        self.handle = handle
        buffer.reserveCapacity(Self.capacity)
    }

    public func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.capacity { try flush() }
    }

    /// Writes what the buffer holds.
    public func flush() throws {
        guard !buffer.isEmpty else { return }
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
