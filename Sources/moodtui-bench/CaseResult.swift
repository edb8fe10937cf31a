import Foundation

/// One line of the report: a case's timings, its baseline's when it has one, and its target.
struct CaseResult {
    var name: String
    var rows: Int
    var samples: Samples
    var baseline: Samples?
    /// What the issue asks, in words ("p95 ≤ 2 ms"), and whether this run met it.
    var target: String
    var met: Bool
    /// Anything else measured, by name (peak memory, throughput).
    var extra: [String: Double] = [:]

    /// Shows the 99th percentile in the table too, for cases whose target names it.
    func withP99() -> CaseResult {
        var result = self
        result.extra["p99_ms"] = (Double(samples.p99) / 1e4).rounded() / 100
        return result
    }

    var ratio: Double? {
        baseline.map { Double($0.median) / Double(max(1, samples.median)) }
    }

    /// The JSON object `--json` prints for the case.
    var json: [String: Any] {
        var object: [String: Any] = [
            "name": name, "rows": rows, "median_ns": samples.median, "p95_ns": samples.p95, "p99_ns": samples.p99,
            "iterations": samples.nanoseconds.count, "target": target, "met": met,
        ]
        if let baseline {
            object["baseline_median_ns"] = baseline.median
            object["baseline_p95_ns"] = baseline.p95
            object["ratio"] = ratio
        }
        for (key, value) in extra { object[key] = value }
        return object
    }
}
