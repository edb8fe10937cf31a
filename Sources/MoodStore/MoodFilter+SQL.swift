import GRDB
import MoodKit

/// The SQL forms of a list's filter and order. Kept beside each other so that the SQL and the
/// Swift rules (``MoodFilter/matches(_:)``, ``MoodSortKey``) are easy to compare.
extension MoodFilter {
    /// A `WHERE` condition (never empty) and its arguments.
    var sqlCondition: (sql: String, arguments: StatementArguments) {
        var clauses = ["1"]
        var arguments = StatementArguments()
        if !includesMarkedForDeletion { clauses.append("markedForRemoteDeletion = 0") }
        if let levels {
            clauses.append("level IN (\(levels.map { String($0.rawValue) }.sorted().joined(separator: ", ")))")
        }
        if let query = effectiveNoteQuery {
            clauses.append("moodtui_note_matches(note, ?)")
            arguments += [query]
        }
        return (clauses.joined(separator: " AND "), arguments)
    }
}

extension MoodSortOrder {
    var sqlOrdering: String {
        switch self {
        case .newestFirst: "date DESC, id DESC"
        case .oldestFirst: "date ASC, id ASC"
        }
    }

    /// A condition selecting the rows at or after a key's position in this order.
    var sqlAtOrAfter: String {
        switch self {
        case .newestFirst: "(date, id) <= (?, ?)"
        case .oldestFirst: "(date, id) >= (?, ?)"
        }
    }
}
