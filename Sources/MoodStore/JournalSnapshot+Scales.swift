import Foundation
import GRDB
import MoodKit

extension JournalSnapshot {
    /// Every scale the journal holds, removed ones too, by name.
    public func allScales() throws -> [Scale] {
        try Row.fetchAll(db, sql: "SELECT \(Scale.selection) FROM scale").compactMap(Scale.init(row:))
            .sorted { ($0.name.value, $0.id.uuidString) < ($1.name.value, $1.id.uuidString) }
    }

    /// The scales in use, by name.
    public func scales() throws -> [Scale] { try allScales().filter(\.isInUse) }

    /// The scale in use named `name`.
    /// - Throws: ``JournalError/scaleNotFound(_:)``.
    public func scale(named name: ScaleName) throws -> Scale {
        guard let scale = try scales().first(where: { $0.name.value == name }) else { throw JournalError.scaleNotFound(name) }
        return scale
    }

    /// How many moods in the list have a value of each scale, by scale; a scale no mood has a
    /// value of is left out. Reads every mood that has any value.
    public func scaleValueCounts() throws -> [Scale.ID: Int] {
        var counts: [Scale.ID: Int] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT scales, creatorID FROM mood WHERE scales <> '' AND markedForRemoteDeletion = 0")
        while let row = try rows.next() {
            for id in ScaleValues(storedText: row[0], creatorID: row[1]).values.keys { counts[id, default: 0] += 1 }
        }
        return counts
    }
}
