import Foundation

/// Where a reader's bytes come from, a chunk at a time, so that a file of any size is read in
/// flat memory.
public protocol ByteChunks {
    /// The next bytes, or `nil` at the end.
    mutating func nextChunk() throws -> [UInt8]?
}

/// A file's bytes, 64 KiB at a time.
public struct FileChunks: ByteChunks {
    private let handle: FileHandle
    private let chunkSize: Int

    /// - Throws: when the file cannot be opened, in words.
    public init(path: String, chunkSize: Int = 1 << 16) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw ImportError.unreadableFile(path) }
        self.handle = handle
        self.chunkSize = chunkSize
    }

    public mutating func nextChunk() throws -> [UInt8]? {
        guard let data = try handle.read(upToCount: chunkSize), !data.isEmpty else { return nil }
        return [UInt8](data)
    }
}

/// Bytes already in memory (a test's text), handed over at once.
public struct MemoryChunks: ByteChunks {
    private var bytes: [UInt8]?

    public init(_ bytes: [UInt8]) { self.bytes = bytes }
    public init(_ text: String) { self.bytes = Array(text.utf8) }

    public mutating func nextChunk() throws -> [UInt8]? {
        defer { bytes = nil }
        return bytes
    }
}
