import MoodKit
import MoodStore

/// The scales an import gives values to, by name: the journal's own, those the file defines
/// (made when the journal lacks them), and those made of what the file's values look like
/// (``ScaleSightings``). Made by the journal's writer before the first entry; read on the
/// thread that prepares the entries.
struct ImportScales: Sendable {
    private let byName: [ScaleName: Scale]
    private var names = ImportedScaleNames()
    /// The scales the import made, in the order made.
    let added: [Scale]

    /// Makes in the journal each scale the file defines and each of `made` that the journal
    /// lacks.
    /// - Parameters:
    ///   - defined: the file's own scales; one the journal has must have the journal's kind.
    ///   - made: scales made of the file's values; where the journal has the name, its own
    ///     scale reads the values.
    /// - Throws: ``ImportError/scaleKindDiffers(_:file:journal:)``, or the journal's error (too many scales).
    init(defined: [ImportedScale], made: [ImportedScale], in writer: JournalWriter) throws {
        var byName = Dictionary(try writer.snapshot.scales().map { ($0.name.value, $0) }) { first, _ in first }
        var added: [Scale] = []
        for scale in defined {
            if let held = byName[scale.name], held.kind != scale.kind {
                throw ImportError.scaleKindDiffers(scale.name, file: scale.kind, journal: held.kind)
            }
        }
        for scale in defined + made where byName[scale.name] == nil {
            let new = try writer.addScale(scale.name, kind: scale.kind)
            byName[scale.name] = new
            added.append(new)
        }
        (self.byName, self.added) = (byName, added)
    }

    /// The values `entry` gives, by scale, each read by its scale's kind.
    /// - Throws: ``ImportError/badRow(_:)`` for a name or value that breaks the rules, and
    ///   ``ImportError/unknownScales(_:)`` for a scale none of them has.
    mutating func values(of entry: ImportedEntry) throws -> [Scale.ID: ScaleValue] {
        var values: [Scale.ID: ScaleValue] = [:]
        for given in entry.scales {
            func bad(_ reason: String) -> ImportError {
                .badRow(ImportRowError(line: entry.line, column: "scales", value: "\(given.name)=\(given.typed)", reason: reason))
            }
            let name: ScaleName
            do { name = try names.name(given.name) } catch { throw bad("\(error)") }
            guard let scale = byName[name] else { throw ImportError.unknownScales([given.name: 1]) }
            let value: ScaleValue
            do { value = try scale.kind.value(parsing: given.typed, for: name) } catch { throw bad("\(error)") }
            guard values.updateValue(value, forKey: scale.id) == nil else { throw bad("\(name) is given twice") }
        }
        return values
    }

    /// Scale names that had to change to be moodtui's, by the text the file has.
    var renamed: [String: ScaleName] { names.renamed }
}
