/// Turns what curses reads into keys, consuming whole escape sequences.
///
/// curses (keypad on) decodes the sequences its terminfo entry knows. The rest arrive as
/// characters: ESC and letters. Read one by one, they were Esc (cancel the form, losing the
/// text) and then commands (`d`, `y`: a mood deleted). Here an ESC starts a sequence that is
/// consumed to its end: CSI (`ESC [ … final`, mouse reports included), SS3 (`ESC O x`), the Linux
/// console's `ESC [ [ x`, bracketed paste (`ESC [200~ … ESC [201~`), X10 mouse reports
/// (`ESC [ M` and three bytes); `ESC` and a character is Alt and that character. What the table (``EscapeSequence``) does not know means nothing.
///
/// A sequence cut at the end of what was read waits for the rest; ``flush()`` ends it after a
/// pause (``pendingTimeout``). An ESC at the end of a read is a lone Escape at once: curses has
/// already waited its escape delay for whatever could follow.
public struct KeyDecoder: Sendable {
    private enum State: Sendable, Equatable {
        case ground
        /// Just after ESC.
        case escape
        /// After `ESC [`: its parameter and intermediate bytes so far.
        case csi(String)
        /// A CSI sequence longer than any key's: garbage, dropped up to its final byte.
        case overlongCSI
        /// After `ESC O`.
        case ss3
        /// After `ESC [ [` (the Linux console's F1–F5).
        case linuxFunctionKey
        /// After `ESC [ M`: the bytes of an X10 mouse report so far.
        case x10Mouse([UInt32])
        /// Inside a bracketed paste: the text so far.
        case paste(PasteBuffer)
    }

    /// The longest CSI sequence taken; a longer one is garbage, dropped.
    private static let maximumSequenceLength = 32

    private var state = State.ground
    /// Whether the app asked for mouse reports: only then is `ESC [ M` the start of one (X10)
    /// rather than a sequence of its own whose next characters are typed.
    private let mouseReports: Bool

    public init(mouseReports: Bool = true) {
        self.mouseReports = mouseReports
    }

    /// How long to wait for the rest of an unfinished sequence before ``flush()``: a pasted text
    /// may pause (a slow link), an escape sequence does not. `nil` when nothing is pending.
    public var pendingTimeout: Duration? {
        switch state {
        case .ground: nil
        case .paste: .seconds(2)
        case .escape, .csi, .overlongCSI, .ss3, .linuxFunctionKey, .x10Mouse: .milliseconds(100)
        }
    }

    /// The keys in `inputs`, one read's worth; an unfinished sequence is kept for the next read.
    public mutating func decode(_ inputs: [KeyInput]) -> [KeyEvent] {
        var keys: [KeyEvent] = []
        for input in inputs { feed(input, into: &keys) }
        if state == .escape {
            state = .ground
            keys.append(.escape)
        }
        return KeyEvent.combining(keys)
    }

    /// Ends an unfinished sequence after a pause: a pasted text without its end marker is
    /// delivered as it is; `ESC O` and `ESC [` alone were Alt-O and Alt-[; the rest is dropped.
    public mutating func flush() -> [KeyEvent] {
        defer { state = .ground }
        switch state {
        case .ground, .linuxFunctionKey, .overlongCSI, .x10Mouse: return []
        case .escape: return [.escape]
        case .ss3: return [.alt("O")]
        case .csi(let collected): return collected.isEmpty ? [.alt("[")] : []
        case .paste(let buffer): return buffer.text.isEmpty ? [] : [.paste(buffer.text)]
        }
    }

    private mutating func feed(_ input: KeyInput, into keys: inout [KeyEvent]) {
        switch (state, input) {
        case (.paste(var buffer), _):
            if buffer.append(input) {
                state = .ground
                if !buffer.text.isEmpty { keys.append(.paste(buffer.text)) }
            } else {
                state = .paste(buffer)
            }
        case (.ground, .scalar(27)):
            state = .escape
        case (.ground, _), (.escape, .keyCode):
            state = .ground
            keys.append(Self.plainKey(input))
        case (.escape, .scalar(let value)):
            afterEscape(value, into: &keys)
        case (.csi(let collected), .scalar(let value)):
            inCSI(collected, value, into: &keys)
        case (.overlongCSI, .scalar(let value)):
            if !(0x20...0x3F).contains(value) { state = .ground }
            if !(0x20...0x7E).contains(value) { restart(with: input, into: &keys) }
        case (.ss3, .scalar(let value)):
            state = .ground
            if let final = Unicode.Scalar(value), final.isASCII, !final.properties.generalCategory.isControlLike {
                EscapeSequence.ss3(final: final).map { keys.append($0) }
            } else {
                restart(with: input, into: &keys)
            }
        case (.linuxFunctionKey, .scalar(let value)):
            state = .ground
            if !(0x40...0x7E).contains(value) { restart(with: input, into: &keys) }
        case (.x10Mouse, .scalar(let value)) where value < 32:
            // Not a report after all (its bytes are 32 and up): the control is a key again.
            restart(with: input, into: &keys)
        case (.x10Mouse(let bytes), .scalar(let value)):
            state = bytes.count == 2 ? .ground : .x10Mouse(bytes + [value])
            if bytes.count == 2 { EscapeSequence.x10Mouse(bytes + [value]).map { keys.append($0) } }
        case (.csi, .keyCode), (.overlongCSI, .keyCode), (.ss3, .keyCode), (.linuxFunctionKey, .keyCode), (.x10Mouse, .keyCode):
            // A sequence broken off by a key curses decoded: drop what was collected.
            restart(with: input, into: &keys)
        }
    }

    private mutating func afterEscape(_ value: UInt32, into keys: inout [KeyEvent]) {
        state = .ground
        switch value {
        case 0x5B: state = .csi("")  // [
        case 0x4F: state = .ss3  // O
        case 27:
            keys.append(.escape)
            state = .escape
        case 8, 127: keys.append(.altBackspace)
        default:
            switch KeyEvent(code: Int32(bitPattern: value), isKeyCode: false) {
            case .character(let character): keys.append(.alt(character))
            case .enter: keys.append(.altEnter)
            case let other: keys.append(other)  // Alt-Tab, Alt-Ctrl-x: the key alone
            }
        }
    }

    private mutating func inCSI(_ collected: String, _ value: UInt32, into keys: inout [KeyEvent]) {
        guard let scalar = Unicode.Scalar(value), scalar.isASCII else { return restart(with: .scalar(value), into: &keys) }
        switch value {
        case 0x5B where collected.isEmpty:  // ESC [ [
            state = .linuxFunctionKey
        case 0x20...0x3F:  // parameters and intermediates
            guard collected.utf8.count < Self.maximumSequenceLength else { return state = .overlongCSI }
            state = .csi(collected + String(scalar))
        case 0x40...0x7E:  // the final byte
            state = .ground
            switch (collected, scalar) {
            case ("200", "~"): state = .paste(PasteBuffer())
            case ("201", "~"): break  // the end of a paste whose start was missed
            case ("", "M") where mouseReports: state = .x10Mouse([])
            default: EscapeSequence.csi(parameters: collected, final: scalar).map { keys.append($0) }
            }
        default:  // a control character: the sequence was broken off
            restart(with: .scalar(value), into: &keys)
        }
    }

    /// Drops the unfinished sequence and reads `input` afresh.
    private mutating func restart(with input: KeyInput, into keys: inout [KeyEvent]) {
        state = .ground
        feed(input, into: &keys)
    }

    private static func plainKey(_ input: KeyInput) -> KeyEvent {
        switch input {
        case .scalar(let value): KeyEvent(code: Int32(bitPattern: value), isKeyCode: false)
        case .keyCode(let code): KeyEvent(code: code, isKeyCode: true)
        }
    }
}

/// A bracketed paste being read: its text, and how much of the end marker has been seen.
private struct PasteBuffer: Sendable, Equatable {
    /// The most text a paste keeps; the rest is dropped (no field takes that much).
    static let maximumScalars = 1 << 20
    private static let endMarker: [UInt32] = [27, 0x5B, 0x32, 0x30, 0x31, 0x7E]  // ESC [ 2 0 1 ~

    private(set) var text = ""
    private var scalars = 0
    private var markerMatched = 0
    private var lastWasCarriageReturn = false

    /// Adds one input; `true` once the end marker is complete.
    mutating func append(_ input: KeyInput) -> Bool {
        let value: UInt32
        switch input {
        case .scalar(let scalar):
            value = scalar
        case .keyCode(let code):
            // Keys curses decoded inside a paste: only a line break means something as text.
            if KeyEvent(code: code, isKeyCode: true) == .enter { add(10) }
            return false
        }
        if value == Self.endMarker[markerMatched] {
            markerMatched += 1
            return markerMatched == Self.endMarker.count
        }
        // A partial marker that did not go on was text after all.
        let partial = Self.endMarker.prefix(markerMatched)
        markerMatched = 0
        partial.forEach { add($0) }
        if value == Self.endMarker[0] { markerMatched = 1 } else { add(value) }
        return false
    }

    /// Keeps text, tabs and line breaks (CR and CR LF become LF); drops other controls.
    private mutating func add(_ value: UInt32) {
        defer { lastWasCarriageReturn = value == 13 }
        guard scalars < Self.maximumScalars, let scalar = Unicode.Scalar(value) else { return }
        switch value {
        case 13: append("\n")
        case 10 where lastWasCarriageReturn: break
        case 9, 10: append(Character(scalar))
        default:
            guard !scalar.properties.generalCategory.isControlLike else { return }
            append(Character(scalar))
        }
    }

    private mutating func append(_ character: Character) {
        text.append(character)
        scalars += 1
    }
}
