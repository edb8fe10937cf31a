import MoodInsights

/// The period's notes under their days, oldest first: only when the person asks for them.
enum NoteList {
    static func html(_ notes: [ReportNote], _ content: ReportContent) -> HTML {
        guard !notes.isEmpty else { return "<p class=\"empty\">No mood in this period has a note.</p>" }
        var pieces: [HTML] = []
        var lastDay: LocalDay?
        for note in notes {
            if note.day != lastDay {
                pieces.append("<h3>\(InsightsWords.date(note.day))</h3>\n")
                lastDay = note.day
            }
            let activities = note.activities.isEmpty ? "" : " · " + note.activities.map(\.text).joined(separator: ", ")
            pieces.append("""
                <article class="note"><p class="note-head"><span class="swatch \(LevelStyle.className(note.level))"></span>\
                \(note.time) · \(content.words.word(for: note.level))\(activities)</p><p class="note-text">\(note.text)</p></article>

                """)
        }
        return HTML(joining: pieces)
    }
}
