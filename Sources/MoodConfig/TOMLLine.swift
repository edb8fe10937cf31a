/// A value as `config.toml` may write it: the part of TOML moodtui's keys need.
enum TOMLValue: Equatable {
    case string(String)
    case bool(Bool)
    case integer(Int)
}

/// One line of TOML: blank, a comment, a table header (refused: the file has none), or
/// `key = value` with a string (basic or literal), a boolean or an integer, and an optional
/// comment. Arrays, inline tables, dates and strings over several lines are refused in words.
enum TOMLLine {
    /// The key and value on `line`, or `nil` for a blank or comment line.
    static func keyAndValue(_ line: Substring) throws(ConfigProblem.Reason) -> (String, TOMLValue)? {
        let text = line.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed()
        let trimmed = String(text)
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
        if trimmed.hasPrefix("[") {
            throw .table(String(trimmed.dropFirst().prefix { $0 != "]" }))
        }
        guard let equals = trimmed.firstIndex(of: "=") else { throw .notAKeyAndValue }
        let key = trimmed[..<equals].trimmingSpaces
        guard !key.isEmpty, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) else {
            throw .notAKeyAndValue
        }
        var rest = Substring(trimmed[trimmed.index(after: equals)...].trimmingSpaces)
        let value = try parseValue(&rest)
        let after = rest.trimmingSpaces
        guard after.isEmpty || after.hasPrefix("#") else { throw .textAfterValue }
        return (String(key), value)
    }

    private static func parseValue(_ text: inout Substring) throws(ConfigProblem.Reason) -> TOMLValue {
        if text.hasPrefix("\"\"\"") || text.hasPrefix("'''") { throw .badString("a string over several lines is not used here") }
        if text.hasPrefix("\"") { return .string(try basicString(&text)) }
        if text.hasPrefix("'") {
            text = text.dropFirst()
            guard let end = text.firstIndex(of: "'") else { throw .badString("the string has no closing '") }
            defer { text = text[text.index(after: end)...] }
            return .string(String(text[..<end]))
        }
        let word = text.prefix { !$0.isWhitespace && $0 != "#" }
        text = text[word.endIndex...]
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        default:
            guard let number = Int(word.replacingUnderscores) else { throw .unsupportedValue }
            return .integer(number)
        }
    }

    /// A string in double quotes, with TOML's escapes.
    private static func basicString(_ text: inout Substring) throws(ConfigProblem.Reason) -> String {
        var result = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            switch character {
            case "\"":
                text = text[index...]
                return result
            case "\\":
                guard index < text.endIndex else { break }
                let escape = text[index]
                index = text.index(after: index)
                switch escape {
                case "\"": result.append("\"")
                case "\\": result.append("\\")
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "b": result.append("\u{8}")
                case "f": result.append("\u{C}")
                case "u", "U":
                    let length = escape == "u" ? 4 : 8
                    let digits = text[index...].prefix(length)
                    guard digits.count == length, let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else {
                        throw .badString("\\\(escape) takes \(length) hexadecimal digits of a character")
                    }
                    result.unicodeScalars.append(scalar)
                    index = digits.endIndex
                default: throw .badString("unknown escape \\\(escape) in the string")
                }
            default:
                result.append(character)
            }
        }
        throw .badString("the string has no closing \"")
    }
}

extension StringProtocol {
    var trimmingSpaces: Substring {
        let start = drop { $0 == " " || $0 == "\t" }
        return Substring(start.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    var replacingUnderscores: String { String(filter { $0 != "_" }) }
}
