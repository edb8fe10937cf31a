import GRDB
import MoodKit

/// Making, renaming and removing the journal's scales. A scale's values stay on its moods
/// through every one of these: a rename is a change of the scale alone, and a removal hides the
/// scale but keeps its values, so that adding it again brings them back.
extension JournalWriter {
    /// Makes a scale named `name` of kind `kind`, with the id every device derives from the name
    /// (``Scale/derivedID(for:attempt:)``), past the ids the journal holds. A scale of that name
    /// and kind removed before comes back instead, with its values.
    /// - Throws: ``JournalError/scaleExists(_:)``, ``JournalError/tooManyScales(limit:)``.
    @discardableResult
    public func addScale(_ name: ScaleName, kind: ScaleKind) throws -> Scale {
        let all = try snapshot.allScales()
        let inUse = all.filter(\.isInUse)
        guard !inUse.contains(where: { $0.name.value == name }) else { throw JournalError.scaleExists(name) }
        guard inUse.count < Scale.maximumScales else { throw JournalError.tooManyScales(limit: Scale.maximumScales) }
        let stamp = try clockReading()
        if var removed = all.first(where: { $0.name.value == name && $0.kind == kind }) {
            removed.state = Stamped(.inUse, at: stamp)
            try removed.save(db)
            return removed
        }
        let held = Set(all.map(\.id))
        var attempt = 0
        while held.contains(Scale.derivedID(for: name, attempt: attempt)) { attempt += 1 }
        let scale = Scale(
            id: Scale.derivedID(for: name, attempt: attempt), name: Stamped(name, at: stamp), kind: kind, state: Stamped(.inUse, at: stamp))
        try scale.save(db)
        return scale
    }

    /// Gives the scale named `old` the name `new`; its values follow it.
    /// - Throws: ``JournalError/scaleNotFound(_:)``, ``JournalError/scaleExists(_:)``.
    @discardableResult
    public func renameScale(_ old: ScaleName, to new: ScaleName) throws -> Scale {
        var scale = try snapshot.scale(named: old)
        guard old != new else { return scale }
        guard try !snapshot.scales().contains(where: { $0.name.value == new }) else { throw JournalError.scaleExists(new) }
        scale.name = Stamped(new, at: try clockReading())
        try scale.save(db)
        return scale
    }

    /// Removes the scale named `name` from use; its values stay on their moods.
    /// - Throws: ``JournalError/scaleNotFound(_:)``.
    @discardableResult
    public func removeScale(_ name: ScaleName) throws -> Scale {
        var scale = try snapshot.scale(named: name)
        scale.state = Stamped(.removed, at: try clockReading())
        try scale.save(db)
        return scale
    }
}
