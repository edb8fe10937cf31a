import ArgumentParser
import Foundation
import MoodExchange
import MoodKit

/// `moodtui import`: another app's export into the journal, all of it in one transaction or
/// nothing, and never twice.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import moods from another app's export (Daylio CSV, jrnl, Pixels) or a moodtui export (JSON).",
        discussion: """
            Every entry is added in one transaction, or none: a bad entry stops the import, and \
            every bad entry is named by its line. Moods whose names have no level are asked about \
            on a terminal (or named with --map). Values of scales the journal lacks make scales \
            that fit them (a moodtui export names its own). Importing the same file again adds nothing. \
            Clock times are read in this device's time zone (TZ).
            """)

    @OptionGroup var journal: JournalOptions

    @Argument(help: ArgumentHelp("The export to import.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp(
        "The file's format: \(ImportFormat.allCases.map(\.rawValue).joined(separator: ", ")). Default: recognised from the file.",
        valueName: "format"))
    var format: ImportFormat?

    @Flag(help: "Show what would be imported — moods and their levels, counts, bad entries — and write nothing.")
    var dryRun = false

    @Option(help: ArgumentHelp(
        "Levels for mood names of the other app, such as \"super=5,müde=bad\" (1–5, awful, bad, meh, good, great, or your words).",
        valueName: "name=level,…"))
    var map: [String] = []

    @Option(help: ArgumentHelp(
        "The level of entries that state none (jrnl's): 1–5, awful, bad, meh, good, great, or your words.", valueName: "level"))
    var level: String?

    @Flag(help: "Import the good entries and list the bad ones, instead of importing nothing.")
    var skipBadRows = false

    func run() throws {
        let format = try CommandFailure.wrapping { try self.format ?? ImportFormat.recognize(path: file) }
        // The account's words name levels too, in a journal there is already (a dry run makes none).
        let words = FileManager.default.fileExists(atPath: journal.path)
            ? try CommandFailure.wrapping { try journal.open().read { try $0.levelWordsInUse() } } : .builtIn
        var mapping = LevelMapping.daylio(with: words)
        for text in map { try CommandFailure.wrapping { try mapping.place(mapText: text, words: words) } }
        mapping.fallback = try level.map { text in try CommandFailure.wrapping { try words.level(parsing: text) } }
        if dryRun {
            print(ImportReport.dryRun(try survey(format), file: file, mapping: mapping, words: words))
            return
        }
        let store = try journal.open()
        // Most files import as they are: read once, and read through again (the survey) only
        // to list every bad entry or mood name without a level when the import met one, or to
        // see what the values of scales the journal lacks look like.
        var scalesToMake: [ImportedScale] = []
        while true {
            do {
                let source = try format.open(path: file)
                let bar = ProgressBar.onTerminal(label: "Importing \((file as NSString).lastPathComponent)")
                defer { bar?.finish() }
                let result = try Importer.write(
                    source, mapping: mapping, scalesToMake: scalesToMake, into: store, skipBadRows: skipBadRows, progress: bar?.update)
                bar?.finish()
                if !result.skipped.isEmpty {
                    FileHandle.standardError.write(Data((ImportReport.badRows(result.skipped, verb: "Skipped") + "\n").utf8))
                }
                print(ImportReport.summary(result, file: file, format: format))
                return
            } catch ImportError.badRow {
                let survey = try survey(format)
                FileHandle.standardError.write(Data((ImportReport.badRows(survey.badRows) + "\n").utf8))
                throw CommandFailure("Nothing was imported; --skip-bad-rows imports the other entries.")
            } catch ImportError.unknownScales(let names) {
                let survey = try survey(format)
                guard scalesToMake.isEmpty, !survey.scalesToMake.isEmpty else {
                    throw CommandFailure("\(ImportError.unknownScales(names)); \(file) changed while it was read; nothing was imported")
                }
                scalesToMake = survey.scalesToMake
            } catch ImportError.unmappedMoods {
                let survey = try survey(format)
                if !survey.badRows.isEmpty && !skipBadRows {  // said before asking anything
                    FileHandle.standardError.write(Data((ImportReport.badRows(survey.badRows) + "\n").utf8))
                    throw CommandFailure("Nothing was imported; --skip-bad-rows imports the other entries.")
                }
                let unmapped = survey.unmapped(by: mapping)
                guard !unmapped.isEmpty else { throw CommandFailure("\(file) changed while it was read; nothing was imported") }
                try placeUnmapped(unmapped, in: &mapping, words: words)
            } catch {
                throw CommandFailure("\(error)")
            }
        }
    }

    /// The file read through without writing.
    private func survey(_ format: ImportFormat) throws -> Importer.Survey {
        try CommandFailure.wrapping {
            var source = try format.open(path: file)
            return try Importer.survey(&source)
        }
    }

    /// Asks for the level of each mood name the mapping does not place, on a terminal; refuses
    /// with the `--map` to give otherwise.
    private func placeUnmapped(_ unmapped: [String: Int], in mapping: inout LevelMapping, words: LevelWords) throws {
        guard isatty(STDIN_FILENO) == 1 && isatty(STDERR_FILENO) == 1 else {
            throw CommandFailure(ImportError.unmappedMoods(unmapped).description)
        }
        for (name, count) in unmapped.sorted(by: { $0.key < $1.key }) {
            while true {
                FileHandle.standardError.write(Data(
                    "“\(name)” (\(count) \(count == 1 ? "entry" : "entries")): which level? 1–5 or \(words.topToBottom.reversed().joined(separator: ", ")): ".utf8))
                guard let answer = readLine() else { throw CommandFailure("no level for “\(name)”; nothing was imported") }
                do {
                    let level = try words.level(parsing: answer)
                    // Entries without a level are listed under one name; a mood the other app
                    // calls by that very name takes the same answer.
                    if name == MoodLabel.noLevel { mapping.fallback = level }
                    mapping.place(name, at: level)
                    break
                } catch {
                    FileHandle.standardError.write(Data("\(error)\n".utf8))
                }
            }
        }
    }
}

extension ImportFormat: ExpressibleByArgument {}
