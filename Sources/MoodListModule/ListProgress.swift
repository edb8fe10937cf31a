/// How far the list asked for last — the journal, or a search typed after `/` — has been read.
public enum ListProgress: Hashable, Sendable {
    /// The list shows all of it.
    case complete
    /// The list shows its first screen of matches; the rest, and so their count, follow.
    case firstScreen
    /// Not read yet: the list shows the one before it.
    case reading
}
