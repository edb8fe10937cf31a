import GRDB
import MoodKit

/// Making, renaming and removing the journal's scales. A scale's values stay on its moods
/// through every one of these: a rename is a change of the scale alone, and a removal hides the
/// scale but keeps its values, so that adding it again brings them back. Each counts in
/// ``JournalSettingKey/setupChanges``, which tells the sync engine to store the scales again.
extension JournalWriter {
    /// Makes a scale named `name` of kind `kind`, with the id every device derives from them
    /// (``Scale/derivedID(for:kind:attempt:)``), past the ids the journal holds. A scale of that
    /// name and kind removed before comes back instead, with its values.
    /// - Throws: ``JournalError/scaleExists(_:)``, ``JournalError/tooManyScales(limit:)``,
    ///   ``JournalError/tooManyScalesKept(limit:)``.
    @discardableResult
    public func addScale(_ name: ScaleName, kind: ScaleKind) throws -> Scale {
        let all = try snapshot.allScales()
        let inUse = all.filter(\.isInUse)
        guard !inUse.contains(where: { $0.name.value == name }) else { throw JournalError.scaleExists(name) }
        guard inUse.count < Scale.maximumScales else { throw JournalError.tooManyScales(limit: Scale.maximumScales) }
        let stamp = try clockReading()
        if var removed = all.first(where: { $0.name.value == name && $0.kind == kind }) {
            removed.state = Stamped(.inUse, at: stamp)
            try saveChanged(removed)
            return removed
        }
        guard all.count < Scale.maximumKept else { throw JournalError.tooManyScalesKept(limit: Scale.maximumKept) }
        let held = Set(all.map(\.id))
        var attempt = 0
        while held.contains(Scale.derivedID(for: name, kind: kind, attempt: attempt)) { attempt += 1 }
        let scale = Scale(
            id: Scale.derivedID(for: name, kind: kind, attempt: attempt), name: Stamped(name, at: stamp), kind: kind,
            state: Stamped(.inUse, at: stamp))
        try saveChanged(scale)
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
        try saveChanged(scale)
        return scale
    }

    /// Removes the scale named `name` from use; its values stay on their moods.
    /// - Throws: ``JournalError/scaleNotFound(_:)``.
    @discardableResult
    public func removeScale(_ name: ScaleName) throws -> Scale {
        var scale = try snapshot.scale(named: name)
        scale.state = Stamped(.removed, at: try clockReading())
        try saveChanged(scale)
        return scale
    }

    /// Saves a scale a person changed, and counts the change.
    private func saveChanged(_ scale: Scale) throws {
        try scale.save(db)
        try countSetupChange()
    }

    /// Merges another device's copies of scales into the journal's, each at its later change
    /// (``Scale/merged(with:)``), as sync brings them; returns the journal's scales after it.
    /// Two scales in use that end up with one name (made with two kinds, or renamed alike on two
    /// devices) are told apart: the one whose id sorts first keeps it, the others become
    /// `name-2`, `name-3`, the same on every device. Not a person's change: it does not count in
    /// ``JournalSettingKey/setupChanges``.
    @discardableResult
    public func mergeScales(_ copies: some Sequence<Scale>) throws -> [Scale] {
        var held = Dictionary(uniqueKeysWithValues: try snapshot.allScales().map { ($0.id, $0) })
        for copy in copies {
            try observe(max(copy.name.stamp, copy.state.stamp))
            let merged = held[copy.id].map { $0.merged(with: copy) } ?? copy
            guard merged != held[copy.id] else { continue }
            try merged.save(db)
            held[copy.id] = merged
        }
        let inUse = held.values.filter(\.isInUse).sorted { $0.id.uuidString < $1.id.uuidString }
        var taken = Set<ScaleName>()
        for var scale in inUse {
            guard !taken.insert(scale.name.value).inserted else { continue }
            let base = scale.name.value.text.prefix(ScaleName.maximumLength - 4)
            var (number, name) = (1, scale.name.value)
            repeat {
                number += 1
                name = try ScaleName.normalized("\(base)-\(number)")
            } while taken.contains(name)
            taken.insert(name)
            scale.name = Stamped(name, at: try clockReading())
            try scale.save(db)
            held[scale.id] = scale
        }
        return Array(held.values)
    }
}
