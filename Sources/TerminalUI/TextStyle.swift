/// How a run of text looks: an optional colour plus video attributes.
///
/// Styles are plain values so views (and their tests) can describe appearance without curses;
/// on a monochrome terminal the colour is dropped but the attributes still apply.
public struct TextStyle: Hashable, Sendable {
    /// Foreground colour, or `nil` for the terminal's default.
    public var foreground: TerminalColor?
    /// Bold (or bright) text.
    public var bold: Bool
    /// Dim (half-bright) text.
    public var dim: Bool
    /// Swapped foreground and background, used for selection and swatches.
    public var reverse: Bool
    /// Underlined text.
    public var underline: Bool

    /// Creates a style; everything defaults to the terminal's normal appearance.
    public init(
        foreground: TerminalColor? = nil,
        bold: Bool = false,
        dim: Bool = false,
        reverse: Bool = false,
        underline: Bool = false
    ) {
        self.foreground = foreground
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    /// The terminal's default appearance: no colour, no attributes.
    public static let plain = TextStyle()
}
