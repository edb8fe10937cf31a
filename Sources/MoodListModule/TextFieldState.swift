/// A text field being edited: the text as characters (so a wide character or an emoji is one
/// step of the cursor) and the cursor between them. Line feeds make lines; ↑ and ↓ move between
/// them.
public struct TextFieldState: Hashable, Sendable {
    public private(set) var characters: [Character]
    /// Position of the cursor, 0…characters.count.
    public private(set) var cursor: Int
    /// The most characters the field takes, if it has a limit.
    public let limit: Int?

    /// - Parameter limit: typing stops at this many characters; a paste is cut to fit.
    public init(_ text: String = "", limit: Int? = nil) {
        characters = Array(text)
        cursor = characters.count
        self.limit = limit
    }

    public var text: String { String(characters) }

    /// Applies one edit; edits that cannot apply (backspace at the start) do nothing.
    /// - Returns: `false` when text was inserted only in part (or not at all) for the limit.
    @discardableResult
    public mutating func apply(_ edit: TextEdit) -> Bool {
        switch edit {
        case .insert(let character):
            return insert([character])
        case .insertText(let text):
            return insert(Array(text))
        case .deleteBackward:
            delete(from: max(0, cursor - 1))
        case .deleteForward:
            delete(to: min(characters.count, cursor + 1))
        case .deleteWordBackward:
            delete(from: wordStart(before: cursor))
        case .deleteWordForward:
            delete(to: wordEnd(after: cursor))
        case .deleteToStart:
            delete(from: 0)
        case .deleteToEnd:
            delete(to: characters.count)
        case .moveLeft:
            cursor = max(0, cursor - 1)
        case .moveRight:
            cursor = min(characters.count, cursor + 1)
        case .moveWordLeft:
            cursor = wordStart(before: cursor)
        case .moveWordRight:
            cursor = wordEnd(after: cursor)
        case .moveToStart:
            cursor = 0
        case .moveToEnd:
            cursor = characters.count
        case .moveLineUp:
            cursor = position(onLineBy: -1)
        case .moveLineDown:
            cursor = position(onLineBy: 1)
        }
        return true
    }

    /// Inserts at the cursor as much of `inserted` as the limit leaves room for.
    private mutating func insert(_ inserted: [Character]) -> Bool {
        // Characters join across the cursor (a combining mark after a letter), so the text is
        // put together again and the cursor kept at the same distance from the end.
        let after = characters.count - cursor
        let joined = Array(String(characters[..<cursor] + inserted + characters[cursor...]))
        guard let limit, joined.count > limit else {
            characters = joined
            cursor = characters.count - after
            return true
        }
        let room = max(0, limit - characters.count)
        characters = Array(String(characters[..<cursor] + inserted.prefix(room) + characters[cursor...]))
        cursor = characters.count - after
        return false
    }

    /// The same offset into the line `lines` away (or that line's end), or the cursor when
    /// there is no such line.
    private func position(onLineBy lines: Int) -> Int {
        let starts = [0] + characters.indices.filter { characters[$0] == "\n" }.map { $0 + 1 }
        guard let line = starts.lastIndex(where: { $0 <= cursor }), starts.indices.contains(line + lines) else { return cursor }
        let target = starts[line + lines]
        let end = characters[target...].firstIndex(of: "\n") ?? characters.count
        return min(target + cursor - starts[line], end)
    }

    /// Deletes from `start` to the cursor.
    private mutating func delete(from start: Int) {
        characters.removeSubrange(start..<cursor)
        cursor = start
        rejoin()
    }

    /// Deletes from the cursor to `end`.
    private mutating func delete(to end: Int) {
        characters.removeSubrange(cursor..<end)
        rejoin()
    }

    /// Splits the text into characters again after a deletion, which can join the characters
    /// on either side (👩‍ and 💻 once the `x` between them is gone), keeping the cursor at the
    /// same distance from the end.
    private mutating func rejoin() {
        let after = characters.count - cursor
        characters = Array(String(characters))
        cursor = max(0, characters.count - after)
    }

    /// readline's word start: back over non-word characters, then over word characters.
    private func wordStart(before position: Int) -> Int {
        var index = position
        while index > 0, !Self.isWordCharacter(characters[index - 1]) { index -= 1 }
        while index > 0, Self.isWordCharacter(characters[index - 1]) { index -= 1 }
        return index
    }

    /// readline's word end: forward over non-word characters, then over word characters.
    private func wordEnd(after position: Int) -> Int {
        var index = position
        while index < characters.count, !Self.isWordCharacter(characters[index]) { index += 1 }
        while index < characters.count, Self.isWordCharacter(characters[index]) { index += 1 }
        return index
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character.unicodeScalars.first?.properties.isEmojiPresentation == true
    }

    var viewModel: TextFieldViewModel { TextFieldViewModel(text: text, cursor: cursor) }
}
