import Foundation
import GRDB
import MoodKit

/// Reading and writing a ``Scale`` as a `scale` row.
extension Scale {
    static let selection = "id, name, nameStamp, kind, state, stateStamp"

    /// A scale from a row selected with ``selection``; `nil` for a row that cannot be read (a
    /// journal edited by hand), which is left out rather than guessed at.
    init?(row: Row) {
        guard let name = try? ScaleName.validated(row[1]), let nameStamp = HybridTimestamp(row[2] as String),
            let kind = ScaleKind(storedText: row[3]), let state = State(rawValue: row[4]),
            let stateStamp = HybridTimestamp(row[5] as String)
        else { return nil }
        self.init(id: row[0], name: Stamped(name, at: nameStamp), kind: kind, state: Stamped(state, at: stateStamp))
    }

    /// Writes the whole scale, in place of the row with its id.
    func save(_ db: Database) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO scale (\(Self.selection)) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [id, name.value.text, name.stamp.description, kind.storedText, state.value.rawValue, state.stamp.description])
    }
}
