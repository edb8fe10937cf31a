import MoodKit

/// Why an import stopped or left a row out, in words a person can act on: the line of the file,
/// the column and the value, and what would work instead.
public enum ImportError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadableFile(String)
    /// The file holds nothing.
    case emptyFile(String)
    /// The file is in none of the formats moodtui reads.
    case unknownFormat(String)
    /// The file is not CSV the reader can follow (a quote never closed, text that is not UTF-8).
    case malformedCSV(line: Int, reason: String)
    /// The first line does not name the columns the format needs.
    case missingColumns(format: String, missing: [String], found: [String])
    /// One entry cannot become a mood; the others may still (`--skip-bad-rows`).
    case badRow(ImportRowError)
    /// Mood names the level mapping does not place, with how many entries have each.
    case unmappedMoods([String: Int])
    /// The file is not in the format it was taken for, and why (`it is no zip`).
    case notThisFormat(path: String, format: String, reason: String)
    /// The file unpacks to more than `limit` bytes, more than a journal's backup holds.
    case tooLarge(path: String, limit: Int)
    /// A scale the file defines cannot be made as it says.
    case badScale(line: Int, name: String, reason: String)
    /// The file defines a scale the journal has by that name with another kind.
    case scaleKindDiffers(ScaleName, file: ScaleKind, journal: ScaleKind)
    /// Names of scales the file gives values of but neither defines nor finds in the journal,
    /// with how many entries give each: a survey works out what they look like
    /// (``ScaleSightings``), and the import is made again with them.
    case unknownScales([String: Int])

    public var description: String {
        switch self {
        case .unreadableFile(let path): "cannot read \(path)"
        case .emptyFile(let path): "\(path) is empty; nothing was imported"
        case .unknownFormat(let path):
            "cannot tell which app wrote \(path); name its format with --format (\(ImportFormat.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .malformedCSV(let line, let reason): "line \(line): \(reason)"
        case .missingColumns(let format, let missing, let found):
            "this is not \(format): its first line has no \(missing.joined(separator: ", ")) column "
                + "(it has \(found.prefix(12).joined(separator: ", ")))"
        case .badRow(let row): row.description
        case .notThisFormat(let path, let format, let reason): "\(path) is not a \(format): \(reason)"
        case .tooLarge(let path, let limit):
            "\(path) unpacks to more than \(limit >> 20) MiB, more than a journal's backup holds; nothing was imported"
        case .badScale(let line, let name, let reason):
            "line \(line), the scale “\(TerminalSafeText.singleLine(String(name.prefix(40))))”: \(reason); nothing was imported"
        case .scaleKindDiffers(let name, let file, let journal):
            "the file's scale \(name) takes \(file.takes), this journal's \(name) takes \(journal.takes); "
                + "rename this journal's (moodtui scale rename \(name) \(name)-2) and import again; nothing was imported"
        case .unknownScales(let counts):
            "values of scales this journal does not have: "
                + counts.sorted { $0.key < $1.key }.map { "“\($0.key)” (\($0.value) \($0.value == 1 ? "entry" : "entries"))" }.joined(separator: ", ")
        case .unmappedMoods(var counts):
            if let untagged = counts.removeValue(forKey: MoodLabel.noLevel) {
                "\(untagged) \(untagged == 1 ? "entry has" : "entries have") no level: give one with --level (1–5 or awful, bad, meh, good, great), "
                    + "or place a tag with --map \"@tag=LEVEL\""
                    + (counts.isEmpty ? "" : "; and " + Self.unmappedMoods(counts).description)
            } else {
                "moods with no level: "
                    + counts.sorted { $0.key < $1.key }.map { "“\($0.key)” (\($0.value) \($0.value == 1 ? "entry" : "entries"))" }.joined(separator: ", ")
                    + ". Say where each goes with --map, such as --map \""
                    + counts.keys.sorted().map { "\($0)=4" }.joined(separator: ",")
                    + "\" (a level 1–5 or awful, bad, meh, good, great)"
            }
        }
    }
}

/// An entry that cannot become a mood: where it is and why.
public struct ImportRowError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line of the file the entry starts on; for a file read whole (jrnl, Pixels), the
    /// entry's place in its list, from 1.
    public var line: Int
    /// The column or field that is wrong.
    public var column: String
    /// What it holds, shortened for the message.
    public var value: String
    public var reason: String

    public init(line: Int, column: String, value: String, reason: String) {
        self.line = line
        self.column = column
        self.value = value
        self.reason = reason
    }

    public var description: String {
        let shown = value.count > 40 ? value.prefix(40) + "…" : Substring(value)
        return "line \(line), \(column) “\(shown)”: \(reason)"
    }
}
