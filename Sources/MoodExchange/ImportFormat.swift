import Foundation

/// The formats `moodtui import` reads.
public enum ImportFormat: String, CaseIterable, Sendable {
    /// moodtui's own JSON, as `moodtui export` writes it.
    case json
    /// Daylio's CSV export (every header it has had).
    case daylio

    /// The format's name in messages.
    public var name: String {
        switch self {
        case .json: "moodtui JSON"
        case .daylio: "Daylio CSV"
        }
    }

    /// Which format a file is in, from its first bytes.
    /// - Throws: ``ImportError`` when it cannot be read or is none of them.
    public static func recognize(path: String) throws -> ImportFormat {
        var lines = LineReader(try FileChunks(path: path))
        if let first = try? lines.next(), MoodtuiJSONSource<FileChunks>.recognizes(firstLine: first) { return .json }
        var reader = CSVRecordReader(try FileChunks(path: path))
        if let header = try? reader.next(), DaylioCSVSource<FileChunks>.recognizes(header: header.fields) { return .daylio }
        throw ImportError.unknownFormat(path)
    }

    /// A source reading `path` in this format, clock times taken in `timeZone`.
    public func open(path: String, timeZone: TimeZone = .current) throws -> any ImportSource {
        switch self {
        case .json: MoodtuiJSONSource(try FileChunks(path: path))
        case .daylio: try DaylioCSVSource(try FileChunks(path: path), timeZone: timeZone)
        }
    }
}
