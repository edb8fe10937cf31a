import Foundation

/// The formats `moodtui import` reads.
public enum ImportFormat: String, CaseIterable, Sendable {
    /// moodtui's own JSON, as `moodtui export` writes it.
    case json
    /// Daylio's CSV export (every header it has had).
    case daylio
    /// Daylio's backup (`.daylio`).
    case daylioBackup = "daylio-backup"
    /// jrnl's JSON (`jrnl --format json`).
    case jrnl
    /// A Pixels backup.
    case pixels

    /// The format's name in messages.
    public var name: String {
        switch self {
        case .json: "moodtui JSON"
        case .daylio: "Daylio CSV"
        case .daylioBackup: "Daylio backup"
        case .jrnl: "jrnl JSON"
        case .pixels: "Pixels"
        }
    }

    /// Which format a file is in, from its first bytes.
    /// - Throws: ``ImportError`` when it cannot be read or is none of them.
    public static func recognize(path: String) throws -> ImportFormat {
        var start = try FileChunks(path: path, chunkSize: 4_096)
        let openingBytes = try start.nextChunk() ?? []
        guard !openingBytes.isEmpty else { throw ImportError.emptyFile(path) }
        if DaylioBackupSource.recognizes(start: openingBytes) { return .daylioBackup }
        let opening = String(decoding: openingBytes.withoutByteOrderMark, as: UTF8.self)
        if JrnlSource.recognizes(start: opening) { return .jrnl }
        if PixelsSource.recognizes(start: opening) { return .pixels }
        var lines = LineReader(try FileChunks(path: path))
        if let first = try? lines.next(), MoodtuiJSONSource.recognizes(firstLine: first) { return .json }
        var reader = CSVRecordReader(try FileChunks(path: path))
        if let header = try? reader.next(), DaylioCSVSource.recognizes(header: header.fields) { return .daylio }
        throw ImportError.unknownFormat(path)
    }

    /// A whole file, for the formats whose files are one JSON value of a journal's size.
    private static func contents(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw ImportError.unreadableFile(path) }
        return [UInt8](data).withoutByteOrderMark
    }

    /// A source reading `path` in this format, clock times taken in `timeZone`.
    /// - Throws: ``ImportError`` in words, also when a text format is given a zip (a Daylio backup).
    public func open(path: String, timeZone: TimeZone = .current) throws -> any ImportSource {
        if self != .daylioBackup, var start = try? FileChunks(path: path, chunkSize: 4), let opening = try start.nextChunk(),
           DaylioBackupSource.recognizes(start: opening) {
            throw ImportError.notThisFormat(path: path, format: name, reason: "it is a zip; import a Daylio backup with --format daylio-backup")
        }
        return switch self {
        case .json: try MoodtuiJSONSource(try FileChunks(path: path))
        case .daylio: try DaylioCSVSource(try FileChunks(path: path), timeZone: timeZone)
        case .daylioBackup: try DaylioBackupSource(path: path)
        case .jrnl: try JrnlSource(bytes: try Self.contents(path), timeZone: timeZone)
        case .pixels: try PixelsSource(bytes: try Self.contents(path), timeZone: timeZone)
        }
    }
}
