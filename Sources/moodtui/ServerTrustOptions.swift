import ArgumentParser
import Foundation
import MoodSync

/// `--ca-file` and `--insecure`: how a command that first reaches a server (`login`, `share
/// accept`) is to check it.
struct ServerTrustOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "A private certificate authority (PEM) to check a self-hosted server's certificate against; kept with the journal.",
        valueName: "file"))
    var caFile: String?

    @Flag(help: "Allow plain http:// to another machine: the token and what it opens cross the network readable.")
    var insecure = false

    /// How `server` is to be checked, or a failure starting with `refusal` when it may not be
    /// reached as it is (plain HTTP to another machine without `--insecure`).
    func trust(for server: URL, refusal: String) throws -> ServerTrust {
        var trust = ServerTrust(allowsPlainHTTP: insecure)
        if let caFile {
            let path = (caFile as NSString).expandingTildeInPath
            guard let data = FileManager.default.contents(atPath: path), data.count <= 1 << 20, let pem = String(data: data, encoding: .utf8) else {
                throw CommandFailure("cannot read the certificate authority \(path)")
            }
            trust.certificateAuthority = pem
            do { _ = try trust.tlsConfiguration() } catch { throw CommandFailure("\(path) holds no certificate in PEM form") }
        }
        if let reason = trust.refusal(of: server) { throw CommandFailure("\(refusal): \(reason)") }
        return trust
    }
}
