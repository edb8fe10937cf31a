import Foundation
import CacheTracking
import MoodKit

/// What each intent does in the list itself and on the filter line (overlays: `+Overlays`).
extension MoodListPresenter {
    func handleList(_ intent: MoodListIntent) {
        message = nil
        if interactor.listProgress == .reading, [.editSelected, .showDetail, .deleteSelected].contains(intent) {
            search.waitingIntent = intent
            return
        }
        // `n` counts and steps through every match: on a search's first screen, it waits for them.
        if interactor.listProgress == .firstScreen, case .moveToMatch = intent {
            search.waitingIntent = intent
            return
        }
        switch intent {
        case .moveSelection(let steps): select(selected + steps)
        case .movePage(let pages): movePage(by: pages)
        case .moveToTop: select(0)
        case .moveToBottom: select(count - 1)
        case .moveToMatch(let forward): moveToMatch(forward: forward)
        case .select(let index): select(index)
        case .add:
            state = .form(MoodFormState(knownActivities: interactor.activitySuggestions(), scales: interactor.allScales(), dateInput: dateInput))
        case .editSelected:
            guard let mood = selectedMood else { return sayTheListIsEmpty() }
            openForm(editing: mood)
        case .showDetail:
            guard let mood = selectedMood else { return sayTheListIsEmpty() }
            state = .detail(detailState(of: mood))
        case .deleteSelected:
            guard let row = selectedRow else { return sayTheListIsEmpty() }
            state = .confirmDelete(rows.fullyDated(row))
        case .undoDelete: undoDelete()
        case .showHelp: state = .help(scroll: 0)
        case .showInsights: openInsights()
        case .explainPaste: message = MoodListMessage(.info, "A paste goes into a field: a opens a new mood, / the filter.")
        case .startFilter:
            state = .filtering(TextFieldState(search.applied ?? ""), returnTo: ListBeforeFilterLine(filter: search.applied, selection: selectedRow?.id))
        case .cancel where search.applied != nil: applyFilter(nil)
        case .switchJournal:
            if !router.switchJournal() {
                message = MoodListMessage(.info, "No other journal: `moodtui share accept INVITATION` keeps a share someone sends you.")
            }
        case .quit: router.quit()
        default: break
        }
    }

    func handleFilterLine(_ intent: MoodListIntent, _ field: TextFieldState, returnTo: ListBeforeFilterLine) {
        switch intent {
        case .edit(let edit):
            var field = field
            field.apply(edit)
            state = .filtering(field, returnTo: returnTo)
            applyFilter(field.text)
        case .submit:
            state = .list
            if let applied = search.applied { search.kept = applied }
        case .cancel:
            state = .list
            search.selectionToKeep = returnTo.selection
            applyFilter(returnTo.filter)
        default: break
        }
    }

    /// A key for the selected mood, on a list without one: said, so that it never seems lost. (A
    /// list that could not be read has said so already.)
    private func sayTheListIsEmpty() {
        guard count == 0 else { return }
        message = MoodListMessage(.info, search.applied == nil ? "No mood to open: the list is empty." : "No mood matches the filter.")
    }

    /// Opens the insights screen on today; the first time, the journal's moods are counted.
    private func openInsights() {
        do throws(MoodListError) {
            _ = try interactor.insightsCounts()
            state = .insights(InsightsState(today: interactor.localDays.day(of: now().millisecondsSince1970)))
        } catch {
            message = MoodListMessage(.error, "cannot count the journal for insights: \(error)")
        }
    }

    /// Opens the form on `mood`, from the list or from its detail.
    func openForm(editing mood: Mood) {
        state = .form(MoodFormState(
            editing: mood.id, level: mood.level, note: mood.note, date: mood.date, activities: mood.activities.names,
            knownActivities: interactor.activitySuggestions(), scaleValues: mood.scales.values, scales: interactor.allScales(),
            dateInput: dateInput))
    }

    private var selectedMood: Mood? {
        guard count > 0 else { return nil }
        return interactor.moods(in: selected..<(selected + 1)).first ?? nil
    }

    private func undoDelete() {
        guard let id = undoOffer?.id else {
            message = MoodListMessage(.info, "Nothing to undo.")
            return
        }
        do {
            try interactor.undoDelete(id)
            undoOffer = nil
            if let index = interactor.index(of: id) { select(index) }
            message = MoodListMessage(.info, "Restored.")
        } catch {
            message = MoodListMessage(.error, "Cannot undo: \(error.description)")
        }
    }

    /// Selects the kept search's next (or previous) match, coming round past the list's ends, and
    /// says which match it is.
    private func moveToMatch(forward: Bool) {
        guard let kept = search.kept else {
            message = MoodListMessage(.info, "No search to repeat: type one after / and keep it with Enter.")
            return
        }
        do {
            guard let step = try interactor.stepToMatch(of: kept, from: selected, forward: forward) else {
                message = MoodListMessage(.info, "No mood matches “\(kept)”.")
                return
            }
            select(step.index)
            let cameRound = step.wrapped ? (forward ? ", from the top again" : ", from the bottom again") : ""
            message = MoodListMessage(.info, "“\(kept)”: \(step.ordinal) of \(step.count)\(cameRound)")
        } catch {
            message = MoodListMessage(.error, error.description)
        }
    }

    /// Filters the list; the selected mood stays selected while the new list holds it.
    private func applyFilter(_ text: String?) {
        let text = text?.isEmpty == true ? nil : text
        let previous = search.applied
        search.selectionToKeep = search.selectionToKeep ?? selectedRow?.id
        search.applied = text
        do { try interactor.filter(search: text) } catch {
            search.applied = previous
            search.selectionToKeep = nil
            message = MoodListMessage(.error, error.description)
        }
    }
}
