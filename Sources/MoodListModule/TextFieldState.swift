/// A one-line text field being edited: the text as characters (so a wide character or an emoji
/// is one step of the cursor) and the cursor between them.
public struct TextFieldState: Hashable, Sendable {
    public private(set) var characters: [Character]
    /// Position of the cursor, 0…characters.count.
    public private(set) var cursor: Int

    public init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    public var text: String { String(characters) }

    /// Applies one edit; edits that cannot apply (backspace at the start) do nothing.
    public mutating func apply(_ edit: TextEdit) {
        switch edit {
        case .insert(let character):
            characters.insert(character, at: cursor)
            cursor += 1
        case .deleteBackward where cursor > 0:
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .deleteForward where cursor < characters.count:
            characters.remove(at: cursor)
        case .moveLeft:
            cursor = max(0, cursor - 1)
        case .moveRight:
            cursor = min(characters.count, cursor + 1)
        case .moveToStart:
            cursor = 0
        case .moveToEnd:
            cursor = characters.count
        case .deleteBackward, .deleteForward:
            break
        }
    }

    var viewModel: TextFieldViewModel { TextFieldViewModel(text: text, cursor: cursor) }
}
