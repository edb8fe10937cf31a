import JournalPeek

/// The one question both `moodtui prompt` and the reminder ask: is there a mood for today yet?
enum DailyNudge {
    /// What the journal at `path` holds of today (this device's local day), from any device.
    static func today(inJournalAt path: String) throws(CommandFailure) -> JournalPeek.Day {
        do {
            return try JournalPeek.day(.today, inJournalAt: path)
        } catch {
            throw CommandFailure(error.description)
        }
    }
}
