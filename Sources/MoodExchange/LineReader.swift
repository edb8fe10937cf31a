/// A file's lines, one at a time, with their numbers.
struct LineReader {
    private var source: any ByteChunks
    private var chunk: [UInt8] = []
    private var position = 0
    private(set) var line = 0

    init(_ source: some ByteChunks) { self.source = source }

    /// How much of the file was read, from 0 to 1 (a chunk at a time).
    var fractionRead: Double { source.fractionRead }

    /// The next line without its line end, or `nil` after the last.
    /// - Throws: ``ImportError/badRow(_:)`` for a line that is not UTF-8 text.
    mutating func next() throws -> String? {
        var bytes: [UInt8] = []
        var sawAnything = false
        while true {
            if position == chunk.count {
                guard let next = try source.nextChunk() else { break }
                (chunk, position) = (next, 0)
                continue
            }
            sawAnything = true
            let byte = chunk[position]
            position += 1
            if byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        guard sawAnything else { return nil }
        line += 1
        if line == 1 { bytes = bytes.withoutByteOrderMark }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ImportError.badRow(ImportRowError(line: line, column: "the line", value: "", reason: "is not UTF-8 text"))
        }
        return text
    }
}
