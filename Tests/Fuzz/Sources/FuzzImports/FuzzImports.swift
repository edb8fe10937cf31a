import Foundation
import FuzzingSupport
import MoodExchange

/// Another app's export, read entry by entry as `moodtui import` reads it: the CSV reader alone,
/// a Daylio CSV export, a Daylio backup (a zip), jrnl's JSON, a Pixels backup and moodtui's own
/// JSON. The input's first byte picks the format, its second the size of the chunks the file
/// arrives in. Beyond not crashing: reading ends, with at most one entry or row for each byte.
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
    let chunks = ChunkedBytes(Array(input.dropFirst(2)), chunkSize: 1 + Int(input[1]))
    let limit = input.count + 1
    switch format {
    case .csvRecords:
        var reader = CSVRecordReader(chunks)
        var rows = 0
        while let _ = try? reader.next() {
            rows += 1
            Fuzzing.require(rows <= limit, "the CSV reader gave more rows than the input has bytes")
        }
    case .daylioCSV: drain(try? DaylioCSVSource(chunks, timeZone: .gmt), limit: limit)
    case .jrnl: drain(try? JrnlSource(bytes: Array(input.dropFirst(2)), timeZone: .gmt), limit: limit)
    case .pixels: drain(try? PixelsSource(bytes: Array(input.dropFirst(2)), timeZone: .gmt), limit: limit)
    case .moodtuiJSON: drain(try? MoodtuiJSONSource(chunks), limit: limit)
    case .daylioBackup:
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(getpid()).daylio")
        defer { try? FileManager.default.removeItem(at: file) }
        guard (try? Data(input.dropFirst(2)).write(to: file)) != nil else { return }
        drain(try? DaylioBackupSource(path: file.path, maximumBytes: 1 << 20), limit: limit)
    }
}

/// Reads every entry, going on after a bad one as an import with `--skip-bad-rows` does.
private func drain(_ source: (some ImportSource)?, limit: Int) {
    guard var source else { return }
    var entries = 0
    while true {
        entries += 1
        Fuzzing.require(entries <= limit, "\(source.formatName) gave more entries than the input has bytes")
        do {
            guard try source.next() != nil else { return }
        } catch ImportError.badRow {
            continue
        } catch {
            return
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
