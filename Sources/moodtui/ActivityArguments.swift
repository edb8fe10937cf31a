import MoodKit

/// Activities as the command line takes them: `--activity run --activity "sleep bad"` or
/// `--activity run,sleep-bad`, each brought to its one spelling (``ActivityName/normalized(_:)``).
enum ActivityArguments {
    /// The names `values` give; empty pieces (`--activity ""`) give none.
    /// - Throws: ``MoodValidationError/invalidActivity(_:)`` for a name that breaks the rules.
    static func names(_ values: [String]) throws(MoodValidationError) -> Set<ActivityName> {
        var names: Set<ActivityName> = []
        for value in values {
            for piece in value.split(separator: ",") where !piece.allSatisfy(\.isWhitespace) {
                names.insert(try ActivityName.normalized(String(piece)))
            }
        }
        return names
    }

    /// The help of an `--activity` option: what it does, then the rules.
    static func help(_ purpose: String) -> String {
        purpose + " Repeat it or separate names with commas. A name is lower-case letters, digits, - and _; "
            + "what you type is lowered and its spaces become -. #name in the note adds one too."
    }
}
