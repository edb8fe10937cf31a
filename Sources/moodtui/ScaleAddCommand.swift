import ArgumentParser
import MoodKit

/// `moodtui scale add NAME --range LOW-HIGH | --number [--unit U] [--min X] [--max X] | --yes-no`.
struct ScaleAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a scale.",
        discussion: """
            Give one kind: --range 1-5 (whole numbers, for anxiety or energy), --number (one decimal, for hours \
            slept; --unit, --min and --max are optional) or --yes-no (medication taken). A journal holds up to \
            \(Scale.maximumScales) scales.
            """)

    @OptionGroup var journal: JournalOptions

    @Argument(help: ArgumentHelp("The scale's name: lower-case letters, digits, - and _, such as sleep.", valueName: "name"))
    var name: String

    @Option(help: ArgumentHelp("Whole numbers from LOW to HIGH, such as 1-5 or 0-10.", valueName: "low-high"))
    var range: String?

    @Flag(help: "A number with at most one decimal, such as 7.5.")
    var number = false

    @Option(help: ArgumentHelp("The number's unit, such as h.", valueName: "unit"))
    var unit: String?

    @Option(name: .customLong("min"), help: ArgumentHelp("The smallest number it takes.", valueName: "x"))
    var minimum: String?

    @Option(name: .customLong("max"), help: ArgumentHelp("The largest number it takes.", valueName: "x"))
    var maximum: String?

    @Flag(name: .customLong("yes-no"), help: "Yes or no.")
    var yesNo = false

    func validate() throws {
        let kinds = [range != nil, number, yesNo].filter { $0 }.count
        guard kinds == 1 else {
            throw ValidationError(kinds == 0 ? "give the scale's kind: --range LOW-HIGH, --number or --yes-no" : "give one kind only")
        }
        if !number, unit != nil || minimum != nil || maximum != nil {
            throw ValidationError("--unit, --min and --max go with --number")
        }
    }

    func run() throws {
        let scale = try CommandFailure.wrapping {
            let name = try ScaleName.normalized(name)
            let kind: ScaleKind
            if let range { kind = try ScaleKind.range(parsing: range) } else if number {
                kind = try ScaleKind.number(parsingUnit: unit, minimum: minimum, maximum: maximum)
            } else { kind = .yesNo }
            return try journal.open().write(origin: .commandLine) { try $0.addScale(name, kind: kind) }
        }
        print("Added the scale \(scale.name.value): it takes \(scale.kind.takes). Give it a value with --scale \(scale.name.value)=VALUE")
    }
}
