import FuzzingSupport
import TerminalUI

/// What a terminal sends, read as keys: escape sequences, bracketed pastes, mouse reports (SGR and
/// X10), cut into two reads where the input's first byte says, with the pause that ends an
/// unfinished sequence. Beyond not crashing: a mouse event is on a cell a screen can have, a
/// paste holds no escape character, and a plain character is never a control.
@main enum FuzzKeyDecoder {
    static func main() {
        Fuzzing.run { data, size in
            decode(Fuzzing.bytes(data, size))
            return 0
        }
    }
}

private func decode(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    let cut = min(Int(bytes[0]), bytes.count - 1)
    // The rest as Unicode scalars, as curses hands them over (a byte above 0x7F stands for a
    // character of its own here; curses would have decoded UTF-8 first).
    let scalars = bytes.dropFirst().map { KeyInput.scalar(UInt32($0)) }
    for mouseReports in [true, false] {
        var decoder = KeyDecoder(mouseReports: mouseReports)
        var keys = decoder.decode(Array(scalars.prefix(cut)))
        keys += decoder.decode(Array(scalars.dropFirst(cut)))
        keys += decoder.flush()
        var burst = PasteBurst()
        keys = burst.keys(keys, readAt: .now)
        for key in keys { check(key) }
    }
}

private func check(_ key: KeyEvent) {
    switch key {
    case .mouse(let mouse):
        Fuzzing.require((0..<100_000).contains(mouse.row) && (0..<100_000).contains(mouse.column), "a mouse event off any screen: \(mouse)")
    case .paste(let text):
        Fuzzing.require(!text.unicodeScalars.contains("\u{1B}"), "an escape character in a paste: \(text.debugDescription)")
    case .character(let character):
        Fuzzing.require(!character.unicodeScalars.allSatisfy { $0.value < 0x20 || $0.value == 0x7F }, "a control as a character: \(key)")
    default:
        break
    }
}
