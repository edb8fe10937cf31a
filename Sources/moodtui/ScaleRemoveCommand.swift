import ArgumentParser
import MoodKit

/// `moodtui scale remove NAME`: the scale leaves the form and the list; its values stay.
struct ScaleRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a scale; the values moods have of it are kept.",
        discussion: "Adding a scale of the same name and kind again brings its values back.")

    @OptionGroup var journal: JournalOptions

    @Argument(help: ArgumentHelp("The scale's name.", valueName: "name"))
    var name: String

    func run() throws {
        let scaleName = try CommandFailure.wrapping { try ScaleName.normalized(name) }
        let (scale, kept) = try CommandFailure.wrapping {
            try journal.open(ifMissing: .refuse).write(origin: .commandLine) { writer in
                let scale = try writer.removeScale(scaleName)
                return (scale, try writer.snapshot.scaleValueCounts()[scale.id] ?? 0)
            }
        }
        guard kept > 0 else { return print("Removed the scale \(scaleName)") }
        let (moods, them) = kept == 1 ? ("1 mood that has a value of it keeps", "it") : ("\(kept) moods that have values of it keep", "them")
        print("Removed the scale \(scaleName). The \(moods) \(them): moodtui scale add \(scaleName) \(scale.kind.flags) "
            + "brings the scale back with \(them)")
    }
}

extension ScaleKind {
    /// The options of `scale add` that make a scale of this kind.
    fileprivate var flags: String {
        switch self {
        case .range(let range): return "--range \(range.lowerBound)-\(range.upperBound)"
        case .number(let unit, let minimum, let maximum):
            let options = [
                unit.map { "--unit '\($0)'" }, minimum.map { "--min \(ScaleValue.tenths($0))" }, maximum.map { "--max \(ScaleValue.tenths($0))" },
            ]
            return (["--number"] + options.compactMap(\.self)).joined(separator: " ")
        case .yesNo: return "--yes-no"
        }
    }
}
