/// The entries an import could not take, as it reports them: how many, and the first few. A file
/// of nothing but bad rows keeps ten in memory, not all of them.
public struct BadRows: Equatable, Sendable {
    /// How many are named; the report counts the rest.
    public static let namedLimit = 10

    /// The first ``namedLimit`` of them, in the file's order.
    public private(set) var named: [ImportRowError] = []
    public private(set) var count = 0

    public init() {}

    public var isEmpty: Bool { count == 0 }

    mutating func append(_ row: ImportRowError) {
        count += 1
        if named.count < Self.namedLimit { named.append(row) }
    }
}
