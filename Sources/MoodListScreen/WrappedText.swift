import MoodKit
import TerminalUI

/// Text laid out in lines of at most a given number of columns: a line feed starts a line, and a
/// line too long for the width wraps after its last space that fits (within a word only when the
/// word alone is wider than a line). Each character is shown as ``MoodKit/TerminalSafeText``
/// shows it, so the editor and the detail view measure what they draw.
struct WrappedText {
    /// The characters, line feeds included.
    let characters: [Character]
    /// Each line's characters (without the line feed that ends it); never empty.
    let lines: [Range<Int>]

    /// - Complexity: O(n) in the number of characters.
    init(_ text: String, width: Int) {
        self.init(characters: Array(text), width: width)
    }

    init(characters: [Character], width: Int) {
        self.characters = characters
        let width = max(1, width)
        var lines: [Range<Int>] = []
        var start = 0, used = 0
        var lastSpace: Int?
        for (index, character) in characters.enumerated() {
            if character == "\n" {
                lines.append(start..<index)
                (start, used, lastSpace) = (index + 1, 0, nil)
                continue
            }
            let columns = Self.columns(of: character)
            if used + columns > width, index > start {
                let end = lastSpace.map { $0 + 1 } ?? index
                lines.append(start..<end)
                start = end
                used = characters[end..<index].reduce(0) { $0 + Self.columns(of: $1) }
                lastSpace = nil
                if used + columns > width, index > start {
                    // What followed the space still leaves no room: break before this character too.
                    lines.append(start..<index)
                    (start, used) = (index, 0)
                }
            }
            used += columns
            if character == " " { lastSpace = index }
        }
        lines.append(start..<characters.count)
        self.lines = lines
    }

    /// Line `index` as it is drawn.
    func text(ofLine index: Int) -> String {
        TerminalSafeText.singleLine(String(characters[lines[index]]))
    }

    /// The line and column where a cursor before character `cursor` is drawn: at the start of a
    /// wrapped line rather than the end of the one before, at the end of a line broken by a
    /// line feed.
    func location(ofCursor cursor: Int) -> (line: Int, column: Int) {
        let line = lines.indices.first { index in
            lines[index].contains(cursor)
                || (cursor == lines[index].upperBound && (index == lines.count - 1 || lines[index + 1].lowerBound > cursor))
        } ?? lines.count - 1
        let start = lines[line].lowerBound
        let column = characters[start..<max(start, min(cursor, lines[line].upperBound))].reduce(0) { $0 + Self.columns(of: $1) }
        return (line, column)
    }

    private static func columns(of character: Character) -> Int {
        TextWidth.columns(of: TerminalSafeText.singleLine(String(character)))
    }
}
