/// Notes as Daylio writes them, in its CSV export and its backup alike.
enum DaylioNote {
    /// The title and the text as one note, the title on the first line.
    static func text(title: String, body: String) -> String {
        [text(title), text(body)].filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// One of Daylio's note fields as moodtui text: `<br>` (in any case, or `<br/>`, `<br />`) a
    /// line break, blanks at either end left out.
    static func text(_ field: String) -> String {
        guard field.utf8.contains(UInt8(ascii: "<")) else { return field.trimmingBlanks }
        var note = ""
        var rest = field[...]
        while let open = rest.firstIndex(of: "<") {
            note += rest[..<open]
            var after = rest[open...].dropFirst()
            if after.prefix(2).lowercased() == "br" {
                after = after.dropFirst(2).drop(while: \.isWhitespace)
                if after.first == "/" { after = after.dropFirst() }
                if after.first == ">" {
                    note += "\n"
                    rest = after.dropFirst()
                    continue
                }
            }
            note += "<"
            rest = rest[open...].dropFirst()
        }
        note += rest
        return note.trimmingBlanks
    }
}
