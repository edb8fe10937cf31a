/// Reads RFC 4180 CSV a record at a time: fields quoted with `"` hold commas, line breaks and
/// `""` for a quote; lines end in CRLF, LF or a CR alone (old Mac files); a UTF-8 byte order
/// mark at the start is skipped.
/// Only one record is in memory at a time, and each says the line it starts on, so that an error
/// names a line a person can find in the file.
///
/// Lenient where exports are sloppy and the meaning is plain (a quote inside an unquoted field is
/// kept as it is); strict where guessing could change a note (text after a closing quote, a
/// quote never closed, bytes that are not UTF-8).
public struct CSVRecordReader {
    /// One record: its fields, and the line of the file it starts on (from 1).
    public struct Record: Equatable, Sendable {
        public var fields: [String]
        public var line: Int
    }

    private var source: any ByteChunks
    private var chunk: [UInt8] = []
    private var position = 0
    private var atEnd = false
    private var line = 1
    private var startedFile = false
    /// The last record ended with a CR: a LF right after it is the same line end.
    private var afterCarriageReturn = false

    public init(_ source: some ByteChunks) {
        self.source = source
    }

    /// How much of the file was read, from 0 to 1 (a chunk at a time).
    public var fractionRead: Double { source.fractionRead }

    private enum State {
        case fieldStart, unquoted, quoted, quoteInQuoted
    }

    /// The next record, or `nil` after the last. An empty line is a record of one empty field.
    /// - Throws: ``ImportError/malformedCSV(line:reason:)``; a failure to read the source.
    public mutating func next() throws -> Record? {
        var fields: [String] = []
        var field: [UInt8] = []
        var state = State.fieldStart
        let recordLine = line
        var sawAnything = false
        func finishField() throws {
            guard let text = String(validating: field, as: UTF8.self) else {
                throw ImportError.malformedCSV(line: recordLine, reason: "a field that is not UTF-8 text")
            }
            fields.append(text)
            field.removeAll(keepingCapacity: true)
        }
        while let byte = try nextByte() {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if byte == UInt8(ascii: "\n") { continue }
            }
            sawAnything = true
            switch (state, byte) {
            case (.quoted, UInt8(ascii: "\"")):
                state = .quoteInQuoted
            case (.quoted, _):
                // A line ends in CRLF, LF or CR alone: count the CR, and a LF after anything else.
                if byte == UInt8(ascii: "\r") || (byte == UInt8(ascii: "\n") && field.last != UInt8(ascii: "\r")) { line += 1 }
                field.append(byte)
            case (.quoteInQuoted, UInt8(ascii: "\"")):
                field.append(byte)
                state = .quoted
            case (.fieldStart, UInt8(ascii: "\"")):
                state = .quoted
            case (_, UInt8(ascii: ",")):
                try finishField()
                state = .fieldStart
            case (_, UInt8(ascii: "\r")), (_, UInt8(ascii: "\n")):
                line += 1
                afterCarriageReturn = byte == UInt8(ascii: "\r")
                try finishField()
                return Record(fields: fields, line: recordLine)
            case (.quoteInQuoted, _):
                throw ImportError.malformedCSV(line: recordLine, reason: "text after a closing quote (a quote inside a quoted field is written \"\")")
            case (.fieldStart, _), (.unquoted, _):
                field.append(byte)
                state = .unquoted
            }
        }
        guard sawAnything else { return nil }
        if state == .quoted { throw ImportError.malformedCSV(line: recordLine, reason: "a quoted field that is never closed") }
        try finishField()
        return Record(fields: fields, line: recordLine)
    }

    private mutating func nextByte() throws -> UInt8? {
        if !startedFile { try skipByteOrderMark() }
        while position == chunk.count {
            guard !atEnd, let next = try source.nextChunk() else {
                atEnd = true
                return nil
            }
            (chunk, position) = (next, 0)
        }
        defer { position += 1 }
        return chunk[position]
    }

    /// Reads the file's first three bytes (however the source cuts them) and skips them if they
    /// are UTF-8's byte order mark.
    private mutating func skipByteOrderMark() throws {
        startedFile = true
        while chunk.count < 3, let next = try source.nextChunk() { chunk += next }
        if chunk.starts(with: [UInt8].byteOrderMark) { position = 3 }
    }
}
