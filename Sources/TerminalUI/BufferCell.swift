/// One cell of a ``BufferScreen``: what is drawn there and how.
struct BufferCell: Equatable, Sendable {
    /// The grapheme cluster drawn here; empty for the right half of a wide character.
    var text: String
    /// The style it was drawn with.
    var style: TextStyle
    /// `true` for the second column of a wide character.
    var isContinuation: Bool

    /// An empty cell, as after a clear.
    static let blank = BufferCell(text: " ", style: .plain, isContinuation: false)
}
