import Foundation

/// Where a reader's bytes come from, a chunk at a time, so that a file of any size is read in
/// flat memory.
public protocol ByteChunks {
    /// The next bytes, or `nil` at the end.
    mutating func nextChunk() throws -> [UInt8]?
    /// How much of the bytes was handed out, from 0 to 1: an import's progress.
    var fractionRead: Double { get }
}

extension [UInt8] {
    /// UTF-8's byte order mark, which editors on Windows put at the start of a text file.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The bytes without a byte order mark at their start.
    var withoutByteOrderMark: [UInt8] { starts(with: Self.byteOrderMark) ? Array(dropFirst(3)) : self }
}

/// A file's bytes, 64 KiB at a time.
public struct FileChunks: ByteChunks {
    private let handle: FileHandle
    private let chunkSize: Int
    private let size: UInt64
    private var read: UInt64 = 0

    /// - Throws: when the file cannot be opened, in words.
    public init(path: String, chunkSize: Int = 1 << 16) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw ImportError.unreadableFile(path) }
        self.handle = handle
        self.chunkSize = chunkSize
        size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? UInt64) ?? 0
    }

    public mutating func nextChunk() throws -> [UInt8]? {
        guard let data = try handle.read(upToCount: chunkSize), !data.isEmpty else { return nil }
        read += UInt64(data.count)
        return [UInt8](data)
    }

    public var fractionRead: Double { size == 0 ? 1 : min(1, Double(read) / Double(size)) }
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

    public var fractionRead: Double { bytes == nil ? 1 : 0 }
}
