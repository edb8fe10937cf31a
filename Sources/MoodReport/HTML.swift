import MoodKit

/// A piece of HTML. Text interpolated into it is escaped and HTML interpolated is kept, so a note
/// or an activity's name becomes markup only by being written as `HTML`, never by being forgotten.
public struct HTML: ExpressibleByStringInterpolation, Hashable, Sendable {
    public private(set) var markup: String

    public init(stringLiteral value: String) { markup = value }

    public init(stringInterpolation: Interpolation) { markup = stringInterpolation.markup }

    /// The pieces one after the other.
    public init(joining pieces: some Sequence<HTML>) { markup = pieces.map(\.markup).joined() }

    public struct Interpolation: StringInterpolationProtocol {
        var markup = ""

        public init(literalCapacity: Int, interpolationCount: Int) { markup.reserveCapacity(literalCapacity + 16 * interpolationCount) }
        public mutating func appendLiteral(_ literal: String) { markup += literal }
        /// Text: escaped.
        public mutating func appendInterpolation(_ text: String) { markup += HTML.escaped(text) }
        public mutating func appendInterpolation(_ html: HTML) { markup += html.markup }
        public mutating func appendInterpolation(_ pieces: [HTML]) { for piece in pieces { markup += piece.markup } }
        public mutating func appendInterpolation(_ number: Int) { markup += String(number) }
        /// A coordinate or a length, to a tenth: `12.5`.
        public mutating func appendInterpolation(_ number: Double) {
            let tenths = Int((number * 10).rounded())
            markup += (tenths < 0 ? "-" : "") + String(abs(tenths) / 10) + (tenths % 10 == 0 ? "" : "." + String(abs(tenths) % 10))
        }
    }

    /// `text` safe between tags and inside quoted attributes. A control character (an escape
    /// sequence in a note, say) is shown as its picture, `␛`, and a bidi override or a line
    /// separator as `�` (as on the terminal, ``TerminalSafeText``): a note that another device
    /// wrote cannot make "gnp.exe" read as "exe.png" to the doctor.
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            case "\u{7F}": result += "\u{2421}"
            case _ where scalar.value < 0x20: result.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case _ where TerminalSafeText.needsReplacement(scalar): result.unicodeScalars.append(TerminalSafeText.replacementMark)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
