import MoodExchange
import Testing

/// RFC 4180 as exports write it, read a record at a time with the line each starts on.
@Suite struct CSVRecordReaderTests {
    /// Hands its bytes over one at a time: every state must survive a chunk's end.
    struct ByteByByte: ByteChunks {
        var bytes: [UInt8]
        mutating func nextChunk() throws -> [UInt8]? {
            guard !bytes.isEmpty else { return nil }
            return [bytes.removeFirst()]
        }
        var fractionRead: Double { bytes.isEmpty ? 1 : 0 }
    }

    private func records(_ text: String) throws -> [CSVRecordReader.Record] {
        var reader = CSVRecordReader(ByteByByte(bytes: Array(text.utf8)))
        var records: [CSVRecordReader.Record] = []
        while let record = try reader.next() { records.append(record) }
        return records
    }

    @Test func quotedFieldsHoldCommasQuotesAndLineBreaksAndLinesAreCounted() throws {
        let text = "a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\"two\r\nlines\"\r\nlast,,\n"
        let read = try records(text)
        #expect(read.map(\.fields) == [["a", "b", "c"], ["x, y", "say \"hi\"", "two\r\nlines"], ["last", "", ""]])
        #expect(read.map(\.line) == [1, 2, 4])
    }

    /// A CR alone was dropped (`a\rb` read `ab`), and a file of old Mac line ends
    /// was one record.
    @Test func aCarriageReturnAloneEndsALineAndInQuotesIsKept() throws {
        let read = try records("a,b\rc,d\r\"x\ry\",z\r\nend")
        #expect(read.map(\.fields) == [["a", "b"], ["c", "d"], ["x\ry", "z"], ["end"]])
        #expect(read.map(\.line) == [1, 2, 3, 5], "the CR in quotes is a line of the file too")
    }

    @Test func aByteOrderMarkIsSkippedAndTheLastLineNeedsNoLineEnd() throws {
        let read = try records("\u{FEFF}full_date,mood\n2024-01-01,rad")
        #expect(read.map(\.fields) == [["full_date", "mood"], ["2024-01-01", "rad"]])
    }

    @Test func aQuoteInsideAnUnquotedFieldIsKeptAndABlankLineIsOneEmptyField() throws {
        #expect(try records("5\" tall,x\n\nend\n").map(\.fields) == [["5\" tall", "x"], [""], ["end"]])
    }

    @Test(arguments: [
        ("a\n\"never closed,\nb\n", 2, "never closed"),
        ("a\n\"closed\"then more\n", 2, "text after a closing quote"),
    ])
    func brokenQuotingNamesItsLine(text: String, line: Int, words: String) throws {
        #expect {
            _ = try records(text)
        } throws: { error in
            guard case ImportError.malformedCSV(let at, let reason) = error else { return false }
            return at == line && reason.contains(words)
        }
    }

    @Test func bytesThatAreNotUTF8AreRefusedWithTheirLine() throws {
        var reader = CSVRecordReader(MemoryChunks([0x61, 0x0A, 0x62, 0xFF, 0x0A]))
        _ = try reader.next()
        #expect(throws: ImportError.malformedCSV(line: 2, reason: "a field that is not UTF-8 text")) { _ = try reader.next() }
    }
}
