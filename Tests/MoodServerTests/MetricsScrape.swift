import Foundation

/// One scrape of `/metrics`, read as Prometheus does: each series (the name and its labels, as
/// the server wrote them) to its value.
struct MetricsScrape {
    let values: [String: Double]
    let text: String

    init(_ text: String) {
        self.text = text
        var values: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else { continue }
            values[String(line[..<space])] = value
        }
        self.values = values
    }

    subscript(series: String) -> Double? { values[series] }

    /// The sum of every series of `name` whose labels include each of `labels`.
    func total(_ name: String, where labels: String...) -> Double {
        values.filter { series, _ in
            series.hasPrefix(name + "{") && labels.allSatisfy { series.contains($0) }
        }.values.reduce(0, +)
    }
}
