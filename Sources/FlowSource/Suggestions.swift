/// Finds the candidate a misspelt name most likely meant, for did-you-mean notes.
///
/// A case-insensitive exact match wins; otherwise the closest candidate by edit distance,
/// provided the distance is small for the name's length (at most a third of it, at least 1),
/// so `ONB-0O4` suggests `ONB-004` but `x` never suggests `checkout`.
public func closestMatch(to name: String, among candidates: some Sequence<String>) -> String? {
    let lowered = name.lowercased()
    var best: (candidate: String, distance: Int)?
    for candidate in candidates where candidate != name {
        if candidate.lowercased() == lowered { return candidate }
        let distance = editDistance(Array(lowered.unicodeScalars), Array(candidate.lowercased().unicodeScalars))
        if let current = best, distance > current.distance || (distance == current.distance && candidate >= current.candidate) {
            continue
        }
        best = (candidate, distance)
    }
    guard let best else { return nil }
    let limit = max(1, min(name.count, best.candidate.count) / 3)
    return best.distance <= limit ? best.candidate : nil
}

/// Levenshtein distance with adjacent transpositions counted as one edit.
func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                value = min(value, previousPrevious[j - 2] + 1)
            }
            current[j] = value
        }
        previousPrevious = previous
        previous = current
    }
    return previous[b.count]
}
