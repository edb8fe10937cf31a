import Foundation
import FuzzingSupport
import MoodExchange

/// Another app's export, read entry by entry as `moodtui import` reads it: the CSV reader alone,
/// a Daylio CSV export, a Daylio backup (a zip), jrnl's JSON, a Pixels backup and moodtui's own
/// JSON. The input's first byte picks the format, its second the size of the chunks the file
/// arrives in. Beyond not crashing: reading ends, with at most one entry or row for each byte;
/// and a file read in chunks gives the same entries, bad rows and errors as the file read whole,
/// so that the ids an import derives from them, which make importing a file again add nothing,
/// do not depend on how the file was read.
@main enum FuzzImports {
    static func main() {
        Fuzzing.run { data, size in
            read(Fuzzing.bytes(data, size))
            return 0
        }
    }
}

/// The formats, in the order the first byte picks them.
private enum Format: CaseIterable {
    case csvRecords, daylioCSV, jrnl, pixels, moodtuiJSON, daylioBackup
}

private func read(_ input: [UInt8]) {
    guard input.count >= 2 else { return }
    let format = Format.allCases[Int(input[0]) % Format.allCases.count]
    let file = Array(input.dropFirst(2))
    let chunks = ChunkedBytes(file, chunkSize: 1 + Int(input[1]))
    let whole = ChunkedBytes(file, chunkSize: max(1, file.count))
    let limit = input.count + 1
    switch format {
    case .csvRecords:
        let rows = records(CSVRecordReader(chunks), limit: limit)
        Fuzzing.require(rows == records(CSVRecordReader(whole), limit: limit), "the CSV reader read other rows in chunks of \(1 + Int(input[1]))")
    case .daylioCSV:
        sameInChunks(drain(try? DaylioCSVSource(chunks, timeZone: .gmt), limit: limit), drain(try? DaylioCSVSource(whole, timeZone: .gmt), limit: limit))
    case .jrnl: _ = drain(try? JrnlSource(bytes: file, timeZone: .gmt), limit: limit)
    case .pixels: _ = drain(try? PixelsSource(bytes: file, timeZone: .gmt), limit: limit)
    case .moodtuiJSON: sameInChunks(drain(try? MoodtuiJSONSource(chunks), limit: limit), drain(try? MoodtuiJSONSource(whole), limit: limit))
    case .daylioBackup:
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(getpid()).daylio")
        defer { try? FileManager.default.removeItem(at: file) }
        guard (try? Data(input.dropFirst(2)).write(to: file)) != nil else { return }
        _ = drain(try? DaylioBackupSource(path: file.path, maximumBytes: 1 << 20), limit: limit)
    }
}

/// Every row, and the error that ended the reading, if one did.
private func records(_ reader: CSVRecordReader, limit: Int) -> [Result<CSVRecordReader.Record, ReadingEnded>] {
    var reader = reader
    var rows: [Result<CSVRecordReader.Record, ReadingEnded>] = []
    while true {
        do {
            guard let row = try reader.next() else { return rows }
            rows.append(.success(row))
            Fuzzing.require(rows.count <= limit, "the CSV reader gave more rows than the input has bytes")
        } catch {
            return rows + [.failure(ReadingEnded(error))]
        }
    }
}

/// What an import source gave, one step at a time.
private enum Step: Equatable {
    case entry(ImportedEntry)
    case badRow(String)
    case ended(ReadingEnded)
}

/// An error that ended a reading, in words.
private struct ReadingEnded: Error, Equatable {
    let words: String
    init(_ error: any Error) { words = "\(error)" }
}

private func sameInChunks(_ chunked: [Step], _ whole: [Step]) {
    guard chunked != whole else { return }
    let first = zip(chunked, whole).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(chunked.count, whole.count)
    Fuzzing.fail("read in chunks, step \(first) differs from the file read whole: \(chunked.dropFirst(first).first.map { "\($0)" } ?? "nothing") against \(whole.dropFirst(first).first.map { "\($0)" } ?? "nothing")")
}

/// Reads every entry, going on after a bad one as an import with `--skip-bad-rows` does.
private func drain(_ source: (some ImportSource)?, limit: Int) -> [Step] {
    guard var source else { return [] }
    var steps: [Step] = []
    while true {
        Fuzzing.require(steps.count < limit, "\(source.formatName) gave more entries than the input has bytes")
        do {
            guard let entry = try source.next() else { return steps }
            steps.append(.entry(entry))
        } catch ImportError.badRow(let row) {
            steps.append(.badRow("\(row)"))
            continue
        } catch {
            return steps + [.ended(ReadingEnded(error))]
        }
        Fuzzing.require((0...1).contains(source.fractionRead), "\(source.formatName) read \(source.fractionRead) of its file")
    }
}

/// Bytes handed out in chunks of a given size, as a file is read.
private struct ChunkedBytes: ByteChunks {
    private let bytes: [UInt8]
    private let chunkSize: Int
    private var offset = 0

    init(_ bytes: [UInt8], chunkSize: Int) {
        (self.bytes, self.chunkSize) = (bytes, chunkSize)
    }

    mutating func nextChunk() throws -> [UInt8]? {
        guard offset < bytes.count else { return nil }
        defer { offset += chunkSize }
        return Array(bytes[offset..<min(offset + chunkSize, bytes.count)])
    }

    var fractionRead: Double { bytes.isEmpty ? 1 : Double(min(offset, bytes.count)) / Double(bytes.count) }
}
