import Foundation

/// Prints results as they come: a table for people, or one JSON object per line for scripts.
struct Report {
    let json: Bool

    /// Wide enough for the longest case name, `remote-latency-postgres-2-instances`.
    private static let nameWidth = 37

    func header() {
        guard !json else { return }
        Swift.print(pad("case", Self.nameWidth) + pad("rows", 10) + pad("median", 11) + pad("p95", 11) + pad("naive", 11) + pad("ratio", 9) + "target")
    }

    func print(_ result: CaseResult) {
        if json {
            let data = (try? JSONSerialization.data(withJSONObject: result.json, options: [.sortedKeys])) ?? Data()
            Swift.print(String(decoding: data, as: UTF8.self))
        } else {
            let naive = result.baseline.map { Self.time($0.median) } ?? ""
            let ratio = result.ratio.map { String(format: "%.0f×", $0) } ?? ""
            var line = pad(result.name, Self.nameWidth) + pad(Self.count(result.rows), 10) + pad(Self.time(result.samples.median), 11)
            line += pad(Self.time(result.samples.p95), 11) + pad(naive, 11) + pad(ratio, 9)
            line += (result.met ? "✓ " : "✗ ") + result.target
            for (key, value) in result.extra.sorted(by: { $0.key < $1.key }) { line += "  \(key)=\(Self.number(value))" }
            Swift.print(line)
        }

    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    static func time(_ nanoseconds: UInt64) -> String {
        switch nanoseconds {
        case ..<10_000: String(format: "%.2f µs", Double(nanoseconds) / 1e3)
        case ..<10_000_000: String(format: "%.3f ms", Double(nanoseconds) / 1e6)
        case ..<10_000_000_000: String(format: "%.1f ms", Double(nanoseconds) / 1e6)
        default: String(format: "%.2f s", Double(nanoseconds) / 1e9)
        }
    }

    static func count(_ rows: Int) -> String {
        rows >= 1_000_000 && rows % 1_000_000 == 0 ? "\(rows / 1_000_000)M" : rows >= 1_000 && rows % 1_000 == 0 ? "\(rows / 1_000)k" : "\(rows)"
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }
}
