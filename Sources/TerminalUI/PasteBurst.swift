/// Finds pastes in terminals that do not mark them (GNU screen, the Linux console, tmux's
/// `paste-buffer` without `-p`): there a pasted text arrives as typed keys, and its line breaks
/// were Enter — the form saved at the first one and the next lines ran as commands (a `q` quit).
///
/// What no one types is recognised in what one read of the terminal holds: a line break with
/// more text after it is a paste, whole. Characters without a line break between them stay
/// keys, however many arrive at once: typed fast, or by a script, they mean what typing means
/// (a word typed into the activities field is completed as typed). Text
/// arriving within ``continuation`` of a long paste (``longPaste`` characters or more) belongs
/// to it: the terminal layer hands a program a long paste in pieces of a few kilobytes, while a
/// short one, written at once, is read at once. After a short paste a key is a key, however
/// soon: a script (or a test) that pastes and then presses a key means the key. A paste becomes
/// one ``KeyEvent/paste(_:)``, which a text field inserts whole, line
/// breaks included, and which is never taken as commands.
public struct PasteBurst: Sendable {
    /// How soon after a long paste more text is taken as the rest of it.
    public static let continuation = Duration.milliseconds(30)
    /// The fewest characters read at once that may be a piece of a longer paste.
    static let longPaste = 256

    private var pasteEnds: ContinuousClock.Instant?

    public init() {}

    /// The keys of one read made at `time`, with a paste among them made one key.
    public mutating func keys(_ keys: [KeyEvent], readAt time: ContinuousClock.Instant) -> [KeyEvent] {
        let continuing = pasteEnds.map { time <= $0 } ?? false
        pasteEnds = nil
        guard keys.contains(where: \.isPrintable), let text = Self.text(of: keys) else { return keys }
        guard continuing || Self.isMultiLine(keys) else { return keys }
        expectMore(after: text, readAt: time, continuing: continuing)
        return [.paste(text)]
    }

    /// Waits for more of a paste after a long piece, and after every piece that follows one.
    private mutating func expectMore(after text: String, readAt time: ContinuousClock.Instant, continuing: Bool) {
        pasteEnds = continuing || text.count >= Self.longPaste ? time + Self.continuation : nil
    }

    /// A line break with a character after it: no one types the next line before a program
    /// reads the first.
    static func isMultiLine(_ keys: [KeyEvent]) -> Bool {
        guard let lineBreak = keys.firstIndex(of: .enter) else { return false }
        return keys[(lineBreak + 1)...].contains(where: \.isPrintable)
    }

    /// `keys` as text, when every one of them is text: characters, tabs, line breaks (as `\n`)
    /// and pastes.
    static func text(of keys: some Collection<KeyEvent>) -> String? {
        var text = ""
        for key in keys {
            switch key {
            case .character(let character): text.append(character)
            case .enter: text.append("\n")
            case .tab: text.append("\t")
            case .paste(let pasted): text += pasted
            default: return nil
            }
        }
        return text
    }
}

extension KeyEvent {
    /// A character someone could have typed or pasted (not Enter, a tab or a control key).
    var isPrintable: Bool {
        if case .character = self { true } else { false }
    }
}
