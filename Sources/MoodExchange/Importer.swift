import Foundation
import MoodKit
import MoodStore

/// Brings a file's entries into a journal in one transaction that adds every entry or, on a bad
/// one, nothing — unless bad entries are to be skipped, each named. A survey reads a file without
/// writing: what the dry run shows, and every bad entry and mood name without a level when an
/// import stopped at one.
public enum Importer {
    /// What a file holds, read through without writing.
    public struct Survey: Sendable {
        public var formatName: String
        /// Entries read, good and bad.
        public var entries = 0
        /// Each mood label with how many entries have it, in the order first met.
        public var moods: [(label: MoodLabel, count: Int)] = []
        public var firstDate: Date?
        public var lastDate: Date?
        /// Activity names as the file has them, with the moodtui name each becomes.
        public var activities = ImportedActivityNames()
        /// Entries that cannot become moods, whatever their level.
        public var badRows = BadRows()
        /// The scales the file defines, made as they are.
        public var definedScales: [ImportedScale] = []
        /// Each scale the file gives values of, with what they look like, in the order first met.
        public var scales: [(name: ScaleName, sightings: ScaleSightings)] = []
        /// Scale names as the file has them, with the moodtui name each becomes.
        public var scaleNames = ImportedScaleNames()

        /// Scales to make of the values the file gives where it defines none: what an import
        /// that stopped at ``ImportError/unknownScales(_:)`` is given.
        public var scalesToMake: [ImportedScale] {
            let defined = Set(definedScales.map(\.name))
            return scales.filter { !defined.contains($0.name) }.map { ImportedScale(name: $0.name, kind: $0.sightings.kind) }
        }

        /// The mood names `mapping` gives no level, with their counts.
        public func unmapped(by mapping: LevelMapping) -> [String: Int] {
            var unmapped: [String: Int] = [:]
            for (label, count) in moods where mapping.level(for: label) == nil {
                unmapped[label.text, default: 0] += count
            }
            return unmapped
        }
    }

    /// What an import did.
    public struct Result: Equatable, Sendable {
        public var added = 0
        /// Entries whose mood the journal already held: imported before, here or on another device.
        public var alreadyThere = 0
        /// Entries whose mood was imported before and then deleted: they stay deleted.
        public var deletedBefore = 0
        /// Entries left out (only with `skipBadRows`).
        public var skipped = BadRows()
        /// Activity names that had to change to be moodtui's, by the text the file has.
        public var renamedActivities: [String: ActivityName] = [:]
        /// Scale names that had to change to be moodtui's, by the text the file has.
        public var renamedScales: [String: ScaleName] = [:]
        /// The scales the import made: those the file defines and the journal lacked, and
        /// those made of the file's values.
        public var addedScales: [Scale] = []
    }

    /// Reads `source` through without writing.
    /// - Throws: an ``ImportError`` when the file cannot be read on (a bad entry is recorded, not thrown).
    public static func survey(_ source: inout some ImportSource) throws -> Survey {
        var survey = Survey(formatName: source.formatName, definedScales: source.scaleDefinitions)
        var moodIndex: [MoodLabel: Int] = [:]
        var scaleIndex: [ScaleName: Int] = [:]
        while true {
            let entry: ImportedEntry
            do {
                guard let next = try source.next() else { break }
                entry = next
            } catch ImportError.badRow(let row) {
                survey.entries += 1
                survey.badRows.append(row)
                continue
            }
            survey.entries += 1
            if let index = moodIndex[entry.mood] {
                survey.moods[index].count += 1
            } else {
                moodIndex[entry.mood] = survey.moods.count
                survey.moods.append((entry.mood, 1))
            }
            do {
                let checked = try checked(entry, level: .meh, names: &survey.activities)
                survey.firstDate = min(survey.firstDate ?? checked.date, checked.date)
                survey.lastDate = max(survey.lastDate ?? checked.date, checked.date)
                for given in entry.scales {
                    do {
                        let name = try survey.scaleNames.name(given.name)
                        let index = scaleIndex[name] ?? survey.scales.count
                        if index == survey.scales.count {
                            scaleIndex[name] = index
                            survey.scales.append((name, ScaleSightings()))
                        }
                        try survey.scales[index].sightings.record(given.typed, for: name)
                    } catch {
                        throw ImportError.badRow(ImportRowError(
                            line: entry.line, column: "scales", value: "\(given.name)=\(given.typed)", reason: "\(error)"))
                    }
                }
            } catch ImportError.badRow(let row) {
                survey.badRows.append(row)
            }
        }
        return survey
    }

    /// Adds `source`'s entries to `store` in one transaction.
    ///
    /// The file is read and checked on a thread of its own while the journal's writer inserts
    /// the entries before (a few batches apart, so memory stays flat): on two cores the reading
    /// costs no time.
    ///
    /// An entry whose source gives no id gets one derived from its identity; entries of one file
    /// with the same identity (two moods of the same moment and name) get the next derived id
    /// each, in the file's order, so that none is taken for another and a second import finds
    /// the same ids.
    /// The scales the file defines are made first where the journal lacks them; a value of a
    /// scale neither has stops the import, unless `scalesToMake` (from a survey,
    /// ``Survey/scalesToMake``) makes it.
    /// - Parameters:
    ///   - scalesToMake: scales to make, where the journal has none of the name, for the values
    ///     of scales the file does not define.
    ///   - skipBadRows: leave out an entry that cannot become a mood (and say so) instead of
    ///     importing nothing.
    ///   - progress: told how much of the file was read, from 0 to 1, every few hundred entries
    ///     (on the reading thread).
    /// - Throws: the first bad entry's ``ImportError/badRow(_:)``, or ``ImportError/unmappedMoods(_:)``
    ///   for the first mood name `mapping` does not place, ``ImportError/unknownScales(_:)`` for
    ///   the first scale neither the file nor the journal has, a scale error, or a journal
    ///   error; nothing is written then. A ``survey(_:)`` finds them all.
    public static func write(
        _ source: some ImportSource, mapping: LevelMapping, scalesToMake: [ImportedScale] = [], into store: JournalStore,
        skipBadRows: Bool, progress: (@Sendable (Double) -> Void)? = nil
    ) throws -> Result {
        try store.write(origin: .commandLine) { writer in
            let reading = BatchChannel<Prepared>(capacity: 4)
            defer { reading.stop() }
            let scales = try ImportScales(defined: source.scaleDefinitions, made: scalesToMake, in: writer)
            let handed = Handed(source: source, stamp: try writer.stampForImport(), scales: scales)
            Thread { prepare(handed, mapping: mapping, into: reading, progress: progress) }.start()
            var result = Result(addedScales: scales.added)
            while let batch = reading.receive() {
                for item in batch {
                    switch item {
                    case .mood(let prepared):
                        switch try writer.addImported(prepared) {
                        case .added: result.added += 1
                        case .alreadyThere: result.alreadyThere += 1
                        case .deletedBefore: result.deletedBefore += 1
                        }
                    case .bad(let row):
                        guard skipBadRows else { throw ImportError.badRow(row) }
                        result.skipped.append(row)
                    case .failed(let error): throw error
                    case .read(let renamed, let renamedScales): (result.renamedActivities, result.renamedScales) = (renamed, renamedScales)
                    }
                }
            }
            return result
        }
    }

    /// What the reading thread hands the writer, in the file's order.
    private enum Prepared: Sendable {
        case mood(PreparedImport)
        case bad(ImportRowError)
        /// The file could not be read on, or a mood name has no level: the import stops.
        case failed(any Error)
        /// The file is read through; these activity and scale names had to change.
        case read(renamed: [String: ActivityName], renamedScales: [String: ScaleName])
    }

    /// A source given to the reading thread, which alone uses it from then on.
    private struct Handed: @unchecked Sendable {
        var source: any ImportSource
        let stamp: HybridTimestamp
        let scales: ImportScales
    }

    /// Reads `handed.source` through into `channel`, a batch of entries at a time.
    private static func prepare(
        _ handed: Handed, mapping: LevelMapping, into channel: BatchChannel<Prepared>, progress: (@Sendable (Double) -> Void)?
    ) {
        var source = handed.source
        var scales = handed.scales
        let prefix = source.identityPrefix
        var derived = Set<UUID>()
        var names = ImportedActivityNames()
        var batch: [Prepared] = []
        defer { channel.finish() }
        while true {
            do {
                guard let entry = try source.next() else { break }
                guard let level = mapping.level(for: entry.mood) else { throw ImportError.unmappedMoods([entry.mood.text: 1]) }
                let id = entry.id ?? ImportIdentity.id(source: prefix, identity: entry.identity, unlike: &derived)
                let mood = try checked(entry, level: level, names: &names, scales: try scales.values(of: entry))
                batch.append(.mood(PreparedImport(mood, id: id, creatorID: entry.creatorID, stamp: handed.stamp)))
            } catch ImportError.badRow(let row) {
                batch.append(.bad(row))
            } catch {
                _ = channel.send(batch + [.failed(error)])
                return
            }
            if batch.count == 256 {
                guard channel.send(batch) else { return }
                batch.removeAll(keepingCapacity: true)
                progress?(source.fractionRead)
            }
        }
        _ = channel.send(batch + [.read(renamed: names.renamed, renamedScales: scales.renamed)])
    }

    /// The entry as a mood a person could have typed, each rule checked where the entry has the
    /// field, with the scale values read already.
    static func checked(
        _ entry: ImportedEntry, level: MoodLevel, names: inout ImportedActivityNames, scales: [Scale.ID: ScaleValue] = [:]
    ) throws -> MoodEntry {
        func row(_ column: String, _ value: String, _ error: any Error) -> ImportError {
            .badRow(ImportRowError(line: entry.line, column: column, value: value, reason: "\(error)"))
        }
        // Files end lines as their system does: a note's line breaks are line feeds here.
        let text = entry.note.utf8.contains(UInt8(ascii: "\r"))
            ? entry.note.replacing("\r\n", with: "\n").replacing("\r", with: "\n") : entry.note
        let note: String
        do { note = try MoodNote.normalized(text) } catch { throw row("note", entry.note, error) }
        do { _ = try MoodDateRange.validated(entry.date, field: .date) } catch { throw row("date", "\(entry.date)", error) }
        var activities = Set<ActivityName>()
        for text in entry.activities {
            do { activities.insert(try names.name(text)) } catch { throw row("activities", text, error) }
        }
        do {
            return try MoodEntry(level: level, note: note, date: entry.date, activities: activities, scales: scales)
        } catch {
            throw row("activities", entry.activities.joined(separator: " | "), error)
        }
    }
}
