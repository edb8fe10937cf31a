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
        for name in activities.sorted() {
            clauses.append("localID IN (SELECT moodLocalID FROM moodActivity WHERE name = ?)")
            arguments += [name.text]
        }
        if let query = effectiveNoteQuery {
            // (A query longer than any note matches none; SQLite would refuse it as a pattern.)
            if Self.isPlainASCII(query), query.utf8.count <= MoodNote.maximumLength {
                // SQLite searches plain notes itself (`LIKE` ignores ASCII case, as the rule does
                // for them): calling into Swift for each of a million notes took seconds.
                clauses.append("""
                    CASE WHEN length(CAST(note AS BLOB)) = length(note) AND instr(note, char(13)) = 0
                    THEN note LIKE ? ESCAPE '\\' ELSE moodtui_note_matches(note, ?) END
                    """)
                arguments += [Self.likePattern(containing: query), query]
            } else {
                clauses.append("moodtui_note_matches(note, ?)")
                arguments += [query]
            }
        }
        return (clauses.joined(separator: " AND "), arguments)
    }

    /// Where to read a whole list from (counts, date bounds, every sort key). A note search
    /// reads every row's note anyway, and walking the table in storage order costs a tenth of
    /// walking the `mood_list` index and looking each note up (a million moods: 0.14 s against
    /// 2 s). Without one, the index alone answers.
    var sqlWholeListSource: String { effectiveNoteQuery == nil ? "mood" : "mood NOT INDEXED" }

    /// A `LIKE … ESCAPE '\'` pattern matching text that contains `query` as it is.
    static func likePattern(containing query: String) -> String {
        var escaped = ""
        for character in query {
            if "\\%_".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return "%\(escaped)%"
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
