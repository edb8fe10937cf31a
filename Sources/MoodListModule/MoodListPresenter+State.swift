/// Changes to what is open, each only while it is the open one: a late change (a batch arriving
/// after the form closed) changes nothing.
extension MoodListPresenter {
    /// Changes the open form (typing, level).
    func updateForm(_ change: (inout MoodFormState) -> Void) {
        guard case .form(var form) = state else { return }
        change(&form)
        state = .form(form)
    }

    /// Changes the open detail view (scrolling, the mood changed on another device).
    func updateDetail(_ change: (inout MoodDetailState) -> Void) {
        guard case .detail(var detail) = state else { return }
        change(&detail)
        state = .detail(detail)
    }

    /// Changes the open insights screen (another year, another day selected).
    func updateInsights(_ change: (inout InsightsState) -> Void) {
        guard case .insights(var insights) = state else { return }
        change(&insights)
        state = .insights(insights)
    }
}
