import CacheTracking
import Foundation
import MoodKit

/// What each intent does while an overlay is open over the list — the form, the delete
/// question, a mood's detail, the help, insights — and how an open detail follows its mood.
extension MoodListPresenter {
    /// What an intent does while an overlay (the form, the delete question, a mood's detail, the
    /// help, insights) is open over the list.
    func handleOverlay(_ intent: MoodListIntent) {
        switch (state, intent) {
        case (.form, .edit(let edit)): updateForm { $0.apply(edit) }
        case (.form, .focusNext): updateForm { $0.moveFocus(forward: true) }
        case (.form, .focusPrevious): updateForm { $0.moveFocus(forward: false) }
        case (.form, .focus(let field)): updateForm { $0.focus(on: field) }
        case (.form, .setLevel(let level)): updateForm { $0.level = level }
        case (.form, .stepLevel(let steps)): updateForm { $0.stepLevel(by: steps) }
        case (.form, .completeActivity): updateForm { if !$0.completeActivity() { $0.moveFocus(forward: true) } }
        case (.form, .stepActivityCandidate(let steps)): updateForm { $0.stepActivityCandidate(by: steps) }
        case (.form, .stepScaleValue(let steps)): updateForm { $0.stepScaleValue(by: steps) }
        case (.form(let form), .submit): save(form)
        case (.detail(let detail), .moveSelection(let lines)): scrollDetail(detail, by: lines)
        case (.detail(let detail), .movePage(let pages)): scrollDetail(detail, by: pages * max(visibleRows / 2, 1))
        case (.detail(let detail), .editSelected): openForm(editing: detail.mood)
        case (.detail(let detail), .deleteSelected): state = .confirmDelete(rows.row(for: detail.mood))
        case (.confirmDelete(let row), .answer(true)):
            state = .list
            delete(row)
        case (.insights, .changeYear(let years)): updateInsights { $0.changeYear(by: years) }
        case (.insights, .moveDay(let days)): updateInsights { $0.moveSelection(days: days) }
        case (.insights, .moveMonth(let months)): updateInsights { $0.moveSelection(months: months) }
        case (.insights(let state), .submit):
            closeInsights()
            selectAtTop(interactor.index(ofDay: state.selected))
        case (.insights, .cancel): closeInsights()
        case (.help(let scroll), .moveSelection(let lines)): scrollHelp(from: scroll, by: lines)
        case (.help(let scroll), .movePage(let pages)): scrollHelp(from: scroll, by: pages * max(visibleRows - 3, 1))
        case (.form, .cancel), (.confirmDelete, .answer(false)), (.confirmDelete, .cancel), (.detail, .cancel), (.help, .cancel):
            state = .list
        default: break
        }
    }

    private func closeInsights() {
        state = .list
        interactor.insightsDidClose()
    }

    /// Scrolls the help, no further than the view says its last line reaches the bottom.
    private func scrollHelp(from scroll: Int, by lines: Int) {
        let limit = view?.scrollLimit(for: .help(lines: keyGuide.helpLines, scroll: scroll)) ?? 0
        state = .help(scroll: min(max(scroll + lines, 0), limit))
    }

    /// Scrolls the detail view's note, as far as the view says it wraps.
    private func scrollDetail(_ detail: MoodDetailState, by lines: Int) {
        let limit = view?.scrollLimit(for: .detail(rows.detail(for: detail, status: syncStatus))) ?? 0
        updateDetail { $0.scroll = min(max($0.scroll + lines, 0), limit) }
    }

    /// The detail view's state for `mood`, with what it shows read: the scales that name its
    /// values, and its day a year and a month before.
    func detailState(of mood: Mood, scroll: Int = 0) -> MoodDetailState {
        var detail = MoodDetailState(
            mood: mood, scales: interactor.allScales(),
            onThisDay: interactor.onThisDay(before: interactor.localDays.day(of: mood.date.millisecondsSince1970)))
        detail.scroll = scroll
        return detail
    }

    /// Keeps an open detail view on its mood as it changes, and closes it when the mood goes.
    func followDetail(_ batch: CacheTransactionBatch) {
        guard case .detail(let detail) = state else { return }
        let id = detail.mood.id
        if batch.deletions.contains(where: { $0.id == id }) {
            // Gone from the list: deleted, or (with a filter on) changed so that it no longer matches.
            if let mood = interactor.liveMood(id) {
                updateDetail { $0 = detailState(of: mood, scroll: $0.scroll) }
            } else {
                state = .list
                message = MoodListMessage(.info, "That mood was deleted.")
            }
        } else if let changed = (batch.updates.map(\.mood) + batch.moves.map(\.mood)).first(where: { $0.id == id }) {
            updateDetail { $0 = detailState(of: changed, scroll: $0.scroll) }
        }
    }

    private func save(_ form: MoodFormState) {
        do {
            let activities: ActivityEdit?
            do { activities = try form.chosenActivities() } catch {
                return updateForm { $0.error = "\(error)"; $0.focus = .activities }
            }
            let scales: [Scale.ID: ScaleValue?]
            do { scales = try form.chosenScales() } catch {
                return updateForm { $0.error = "\(error)"; $0.focus = .scales }
            }
            let date: Date?
            do { date = try form.chosenDate(now: now(), input: dateInput) } catch {
                return updateForm { $0.error = "\(error)"; $0.focus = .date }
            }
            if let id = form.editing {
                try interactor.edit(id, level: form.chosenLevel, note: form.chosenNote, date: date, activities: activities, scales: scales)
                if let index = interactor.index(of: id) { select(index) }
            } else {
                let id = try interactor.add(
                    level: form.level, note: form.note.text, date: date ?? now(), activities: activities?.applied(to: []) ?? [],
                    scales: scales.compactMapValues(\.self))
                if let index = interactor.index(of: id) { select(index) }
            }
            state = .list
        } catch {
            updateForm { $0.error = "\(error)" }
        }
    }

    private func delete(_ row: MoodRowViewModel) {
        // Read before the deletion is written, so that the offer ends no later than the journal's window.
        let deletedAt = now()
        do {
            try interactor.delete(row.id)
            undoOffer = UndoOffer(id: row.id, ends: deletedAt.addingTimeInterval(interactor.undoWindow.timeInterval))
            message = .undoOffer
        } catch {
            message = MoodListMessage(.error, error.description)
        }
    }
}
