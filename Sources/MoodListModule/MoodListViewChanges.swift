/// Which parts of the screen a new view model changed, so that the view redraws only those.
public struct MoodListViewChanges: Hashable, Sendable {
    /// Redraw everything (first display, resize, scroll, reload).
    public var everything: Bool
    /// Visible lines (0 = top of the list area) whose row changed.
    public var lines: Set<Int>
    public var header: Bool
    public var footer: Bool
    /// The overlay or message changed.
    public var overlay: Bool

    public init(everything: Bool = false, lines: Set<Int> = [], header: Bool = false, footer: Bool = false, overlay: Bool = false) {
        self.everything = everything
        self.lines = lines
        self.header = header
        self.footer = footer
        self.overlay = overlay
    }

    public static let all = MoodListViewChanges(everything: true)

    /// Whether nothing needs drawing.
    public var isEmpty: Bool { !everything && lines.isEmpty && !header && !footer && !overlay }
}
