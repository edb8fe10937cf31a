/// What a test or a benchmark needs could not be had (a binary, tmux, PostgreSQL): it fails,
/// saying what was missing, rather than skipping.
public struct SetupError: Error, CustomStringConvertible {
    /// What was missing, and how to get it.
    public let description: String
    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
