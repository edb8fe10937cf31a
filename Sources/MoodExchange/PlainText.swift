/// Text helpers for the row-by-row paths of import and export. Foundation's `trimmingCharacters`,
/// `replacingOccurrences` and `String(format:)` go through NSString, and the standard library's
/// `replacing(_:with:)` searches character by character; on Linux they cost an import or export
/// of 100,000 Daylio rows seconds. These look at the bytes first.
extension StringProtocol {
    /// Without spaces and tabs at either end (line breaks kept).
    var trimmingSpaces: String { trimming { $0.isWhitespace && !$0.isNewline } }

    /// Without spaces, tabs and line breaks at either end.
    var trimmingBlanks: String { trimming(\.isWhitespace) }

    private func trimming(_ isBlank: (Character) -> Bool) -> String {
        let text = String(self)
        // Most fields start and end with a printable ASCII character: nothing to look at.
        if let first = text.utf8.first, let last = text.utf8.last, (0x21..<0x80).contains(first), (0x21..<0x80).contains(last) {
            return text
        }
        guard let first = text.firstIndex(where: { !isBlank($0) }), let last = text.lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(text[first...last])
    }
}

extension String {
    /// Every `character` (an ASCII one) as `replacement`; the string itself when it has none.
    func replacing(ascii character: Character, with replacement: String) -> String {
        guard let byte = character.asciiValue, utf8.contains(byte) else { return self }
        return split(separator: character, omittingEmptySubsequences: false).joined(separator: replacement)
    }

    /// The parts between each `separator`, compared byte by byte: the standard library's
    /// `split(separator:)` with a string compares characters, several times slower.
    func parts(separatedBy separator: String) -> [Substring] {
        let bytes = utf8, mark = Array(separator.utf8)
        var parts: [Substring] = []
        var start = bytes.startIndex, index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == mark[0] && bytes[index...].starts(with: mark) {
                parts.append(self[start..<index])
                index = bytes.index(index, offsetBy: mark.count)
                start = index
            } else {
                bytes.formIndex(after: &index)
            }
        }
        parts.append(self[start..<bytes.endIndex])
        return parts
    }
}

/// `value` in decimal with zeros in front up to `width` digits: `padded(7, 2)` is `07`.
func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}
