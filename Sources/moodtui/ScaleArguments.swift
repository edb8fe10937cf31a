import MoodKit

/// Scale values as `add` and `edit` take them: `--scale sleep=7.5 --scale meds=yes`
/// (``ScaleAssignments``); `--scale sleep=` clears the value.
enum ScaleArguments {
    static let help = "A scale's value, as NAME=VALUE (sleep=7.5, meds=yes); repeat it for more. "
        + "NAME= clears a value. moodtui scale list shows the scales."

    /// The values `assignments` give the scales in `scales` (those in use), by id; a cleared one
    /// is `nil`.
    /// - Throws: a ``CommandFailure`` naming a malformed assignment, an unknown scale, a scale
    ///   given twice, or a value its scale does not take.
    static func values(_ assignments: [String], scales: [Scale]) throws(CommandFailure) -> [Scale.ID: ScaleValue?] {
        do { return try ScaleAssignments.values(assignments, scales: scales) } catch {
            switch error {
            case .notAnAssignment, .givenTwice: throw CommandFailure("--scale \(error)")
            case .unknownScale, .invalid: throw CommandFailure("\(error)")
            }
        }
    }
}
