/// A foreground colour a view may ask for, independent of what the terminal can show.
///
/// The screen decides how (or whether) to render it from the ``ColorSupport`` in effect:
/// `.gray` becomes the 256-colour gray where available, otherwise dim white; an ``indexed(_:basic:)``
/// colour is its 256-colour entry where available, otherwise its basic colour.
public enum TerminalColor: Hashable, Sendable {
    case red, green, yellow, blue, magenta, cyan, white, gray
    /// Entry `index` (16–255) of the 256-colour palette, drawn as `basic` on 8-colour terminals.
    indirect case indexed(UInt8, basic: TerminalColor)
}
