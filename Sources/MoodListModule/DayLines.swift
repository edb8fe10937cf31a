import MoodInsights

/// How consecutive moods of the list fall into screen lines under day headings: a heading on the
/// first line and wherever the day changes, then one line per mood. The only place that decides
/// it, so the presenter's scrolling and the lines drawn agree.
///
/// A mood whose day is unknown (`nil`: a mood deleted by a commit the list has not caught up
/// with) continues the day above it. A list area of one line shows the mood without its heading.
struct DayLines {
    /// One line of the list area.
    enum Line: Hashable {
        /// The heading of a day.
        case heading(LocalDay)
        /// The mood at this offset into the days laid out.
        case mood(Int)
    }

    /// How many lines the list area has.
    let lineCount: Int

    /// The lines of moods felt on `days` (top to bottom), as far as they fit.
    func lines(_ days: [LocalDay?]) -> [Line] {
        layOut(days[...], upTo: lineCount)
    }

    /// How many of the moods felt on `days` fit, from the first.
    func moodsFitting(_ days: [LocalDay?]) -> Int {
        lines(days).count { if case .mood = $0 { true } else { false } }
    }

    /// The offset of the top mood that puts the last of `days` on line `line` (0 = the top), or on
    /// the line above when a day heading is in the way (on line 1 when `line` is 0: under its
    /// heading): where to scroll so that a mood shows at a line.
    ///
    /// - Complexity: O(k²) for k days; k is at most a screen's lines.
    func top(placingLastOf days: [LocalDay?], atLine line: Int) -> Int {
        var top = max(0, days.count - 1)
        while top > 0, layOut(days[(top - 1)...], upTo: .max).count <= line + 1 { top -= 1 }
        return top
    }

    private func layOut(_ days: ArraySlice<LocalDay?>, upTo limit: Int) -> [Line] {
        var lines: [Line] = []
        var shownDay: LocalDay?
        for (offset, day) in zip(0..., days) {
            if let day, day != shownDay, lineCount > 1 {
                guard lines.count + 2 <= limit else { break }
                lines.append(.heading(day))
                shownDay = day
            }
            guard lines.count < limit else { break }
            lines.append(.mood(offset))
        }
        return lines
    }
}
