import Foundation
import Logging
import MoodServer
import UnixSignals

/// SIGHUP makes `moodtui serve` load its certificate and key again, so that a renewed certificate
/// is served without a restart: connections made after use it, open ones keep theirs. Files that
/// do not load leave the one being served in place, and say why.
enum CertificateReload {
    /// Listens for SIGHUP until cancelled, replacing `certificate` with what `options` load.
    static func listen(replacing certificate: ServerCertificate?, from options: ServerTLSOptions, logger: Logger) -> Task<Void, Never> {
        Task {
            for await _ in await UnixSignalsSequence(trapping: .sighup) {
                guard let certificate else {
                    logger.notice("SIGHUP: this server speaks plain HTTP; there is no certificate to load again")
                    continue
                }
                do {
                    guard let context = try options.context() else { continue }
                    certificate.replace(with: context)
                    FileHandle.standardOutput.write(Data("moodtui serve loaded its certificate again\n".utf8))
                } catch {
                    FileHandle.standardError.write(Data("moodtui serve kept the certificate it serves: \(error)\n".utf8))
                }
            }
        }
    }
}
