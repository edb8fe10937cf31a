import Foundation
import MoodKit
import SyncProtocol

/// The server's answer to an upload, checked against what was sent before anything is acted on:
/// only answers about moods this request sent count, each mood answered once, and a `stale`
/// conflict only with a copy newer than the upload's base (or the reason it was set aside). What breaks those
/// rules changes nothing here (``broken``): a server cannot remove or rewrite a mood by naming
/// it in an answer.
struct UploadAnswer: Sendable {
    /// The moods sent that the server saved.
    var saved: [SavedMood]
    /// The conflicts about moods sent, opened.
    var conflicts: [OpenedConflict]
    /// What in the answer broke the protocol, if anything.
    var broken: BrokenAnswer?

    init(_ response: UploadResponse, sent: [Mood.ID: Mood], encryption: SyncEncryption) {
        var answers: [UUID: Int] = [:]
        for id in response.saved.map(\.id) + response.conflicts.map(\.id) { answers[id, default: 0] += 1 }
        let once = { (id: UUID) in sent[id] != nil && answers[id] == 1 }
        saved = response.saved.filter { once($0.id) }
        let answered = response.conflicts.filter { once($0.id) }
        let believable = { (conflict: MoodConflict) in Self.isBelievable(conflict, basedOn: sent[conflict.id]!.sync.remoteVersion) }
        conflicts = answered.filter(believable).map { OpenedConflict($0, encryption: encryption) }
        let withoutNewerCopy = answered.filter { !believable($0) }
        let notSent = answers.keys.filter { sent[$0] == nil }.count
        let unanswered = sent.keys.filter { answers[$0] != 1 }.count
        broken = withoutNewerCopy.isEmpty && notSent == 0 && unanswered == 0
            ? nil : BrokenAnswer.upload(staleWithoutNewerCopy: withoutNewerCopy.count, notSent: notSent, unanswered: unanswered)
    }

    /// A `deleted` conflict is judged by its proof later; a `stale` one must carry a copy newer
    /// than the version the upload was based on (or one set aside as it was decoded): an
    /// honest server refuses an upload only for a newer version, and acting on an older one
    /// would send the same upload again at once.
    private static func isBelievable(_ conflict: MoodConflict, basedOn base: Int64?) -> Bool {
        guard conflict.reason == .stale else { return true }
        guard let copy = conflict.server else { return conflict.unreadableServerCopy != nil }
        return copy.version > (base ?? 0)
    }
}
