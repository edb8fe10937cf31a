import TerminalUI

extension TextStyle {
    /// The same style with reverse video set to `reverse`.
    func with(reverse: Bool) -> TextStyle {
        var copy = self
        copy.reverse = reverse
        return copy
    }
}
