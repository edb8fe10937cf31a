import GRDB
import MoodKit

/// The SQL forms of a list's filter and order. Kept beside each other so that the SQL and the
/// Swift rules (``MoodFilter/matches(_:)``, ``MoodSortKey``) are easy to compare.
extension MoodFilter {
    /// A `WHERE` condition (never empty) and its arguments, looking notes up in the search index.
    var sqlCondition: (sql: String, arguments: StatementArguments) { sqlCondition(notes: .searchIndex) }

    /// How a condition finds the notes that hold a search.
    enum NoteLookup {
        /// Through the trigram index first, then the rule on the few notes it found: for a whole list.
        case searchIndex
        /// The rule alone, on each row the query reaches: for a few rows read in list order, where
        /// asking the index would read every match it holds first.
        case ruleOnly
    }

    /// A `WHERE` condition (never empty) and its arguments.
    func sqlCondition(notes: NoteLookup) -> (sql: String, arguments: StatementArguments) {
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
        for condition in scaleConditions.sorted(by: { ($0.scale.uuidString, $0.comparison.rawValue, $0.number) < ($1.scale.uuidString, $1.comparison.rawValue, $1.number) }) {
            // The rule itself (ScaleCondition.holds), on each mood with any value.
            clauses.append("scales <> '' AND \(JournalFunctions.scaleConditionHolds.name)(scales, creatorID, ?, ?, ?)")
            arguments += [condition.scale.uuidString, condition.comparison.rawValue, condition.number]
        }
        if let query = effectiveNoteQuery {
            let folded = MoodSearchText.folded(query)
            if notes == .searchIndex, let phrase = Self.searchIndexPhrase(folded) {
                // With the moods not indexed yet: those an older moodtui wrote (see SearchIndexCatchUp).
                clauses.append("localID IN (SELECT rowid FROM moodSearch WHERE moodSearch MATCH ? UNION ALL SELECT localID FROM moodSearchPending)")
                arguments += [phrase]
            }
            // The rule itself, on the few moods the index found (or, for a query of one or two
            // characters, which the index cannot look up, on every mood).
            clauses.append("instr(coalesce(searchText, lower(note)), ?) > 0")
            arguments += [folded]
        }
        return (clauses.joined(separator: " AND "), arguments)
    }

    /// Where to read a whole list from (counts, date bounds, every sort key). With a note search
    /// or activities the rows are taken by row id — those the search or activity index found,
    /// in its order, or every row for a query too short to look up — then sorted: walking the
    /// `mood_list` index in list order and looking each row up costs ten times as much (a million
    /// moods: 2 s against 0.14 s for the whole table; 0.03 s for a word in one note of a
    /// hundred). Otherwise the `mood_list` index alone answers.
    var sqlWholeListSource: String { readsByRowID ? "mood NOT INDEXED" : "mood" }

    /// The query of the list's sort keys (`date`, `id`), in list order, and its arguments; with
    /// `dates`, only moods felt in that range. A list of one activity and nothing else is read
    /// from that activity's index alone (`moodActivity_list`); any other from the table.
    func sqlSortKeyQuery(order: MoodSortOrder, dates: ClosedRange<Int64>?) -> (sql: String, arguments: StatementArguments) {
        var (source, condition) = (sqlWholeListSource, sqlCondition)
        if activities.count == 1, effectiveNoteQuery == nil, levels == nil, scaleConditions.isEmpty, !includesMarkedForDeletion,
            let name = activities.first
        {
            source = "moodActivity INDEXED BY moodActivity_list"
            condition = ("name = ? AND live = 1", [name.text])
        }
        if let dates {
            condition.sql += " AND date BETWEEN ? AND ?"
            condition.arguments += [dates.lowerBound, dates.upperBound]
        }
        return ("SELECT date, id FROM \(source) WHERE \(condition.sql) ORDER BY \(order.sqlOrdering)", condition.arguments)
    }

    /// The query of the first `scanLimit` moods not marked for deletion in list order, walking the
    /// `mood_list` index, each with its sort key and whether the filter selects it: how a search's
    /// first screen is found without reading all its matches. `nil` for a filter that lists moods
    /// marked for deletion, which that index does not hold in list order.
    func sqlFirstKeysQuery(order: MoodSortOrder, scanLimit: Int) -> (sql: String, arguments: StatementArguments)? {
        guard !includesMarkedForDeletion else { return nil }
        let condition = sqlCondition(notes: .ruleOnly)
        return (
            "SELECT date, id, (\(condition.sql)) FROM mood INDEXED BY mood_list WHERE markedForRemoteDeletion = 0 ORDER BY \(order.sqlOrdering) LIMIT ?",
            condition.arguments + [scanLimit]
        )
    }

    /// Whether the list is read by row id (see ``sqlWholeListSource``).
    public var readsByRowID: Bool { effectiveNoteQuery != nil || !activities.isEmpty || !scaleConditions.isEmpty }

    /// The search index's query for notes holding `folded`: a quoted phrase, which its trigram
    /// tokenizer matches where the text holds it; `nil` below three characters, which hold no
    /// trigram to look up.
    static func searchIndexPhrase(_ folded: String) -> String? {
        guard folded.unicodeScalars.count >= 3 else { return nil }
        return "\"" + folded.replacingOccurrences(of: "\"", with: "\"\"") + "\""
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
