/// What a test or a benchmark needs could not be had (a binary, tmux, PostgreSQL): it fails,
/// saying what was missing, rather than skipping.
public struct SetupError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
