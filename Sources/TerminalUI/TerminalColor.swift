/// A foreground colour a view may ask for, independent of what the terminal can show.
///
/// The screen decides how (or whether) to render it from the ``ColorSupport`` in effect:
/// `.gray` becomes the 256-colour gray where available, otherwise dim white.
public enum TerminalColor: Hashable, Sendable, CaseIterable {
    case red, green, yellow, blue, magenta, cyan, white, gray
}
