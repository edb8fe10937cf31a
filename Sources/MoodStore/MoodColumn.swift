/// The mood columns a change can touch, as reported in ``JournalChange/changedColumns``.
public struct MoodColumn: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let date = MoodColumn(rawValue: 1 << 0)
    public static let level = MoodColumn(rawValue: 1 << 1)
    public static let note = MoodColumn(rawValue: 1 << 2)
    /// When level, note or date last changed (their clock stamps): moves with every change of
    /// theirs, by a person or a merge.
    public static let stamps = MoodColumn(rawValue: 1 << 3)
    public static let syncState = MoodColumn(rawValue: 1 << 4)
    /// The activities and their histories.
    public static let activities = MoodColumn(rawValue: 1 << 5)
    /// The scales' values and their stamps.
    public static let scales = MoodColumn(rawValue: 1 << 6)

    /// An SQL expression, valid inside an update trigger, giving the mask of changed columns
    /// named in `names`: the SQL columns behind each flag, as the migration that writes the
    /// trigger knew them (`JournalSchema` keeps each migration's list, frozen).
    static func changedMaskSQL(_ names: [(MoodColumn, [String])]) -> String {
        names.map { flag, names in
            let changed = names.map { "NEW.\($0) IS NOT OLD.\($0)" }.joined(separator: " OR ")
            return "((\(changed)) * \(flag.rawValue))"
        }.joined(separator: " + ")
    }
}
