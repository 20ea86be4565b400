/// Finds the candidate a misspelt name most likely meant, for did-you-mean notes.
///
/// A case-insensitive exact match wins; otherwise the closest candidate by edit distance,
/// provided the distance is small for the name's length (at most a third of it, at least 1),
/// so `ONB-0O4` suggests `ONB-004` but `x` never suggests `checkout`.
public func closestMatch(to name: String, among candidates: some Sequence<String>) -> String? {
    // No name worth suggesting for is this long; without the bound a pasted 1 MB name took minutes
    // (length × candidates edit distances).
    let nameLength = name.unicodeScalars.count
    guard nameLength <= maximumSuggestedLength else { return nil }
    let lowered = Array(name.lowercased().unicodeScalars)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates where candidate != name {
        let other = Array(candidate.lowercased().unicodeScalars)
        if other == lowered { return candidate }
        // The distance is at least the difference in length; skip candidates that could never be accepted.
        let limit = max(1, min(nameLength, other.count) / 3)
        guard abs(other.count - lowered.count) <= limit else { continue }
        let distance = editDistance(lowered, other)
        guard distance <= limit else { continue }
        if let current = best, distance > current.distance || (distance == current.distance && candidate >= current.candidate) {
            continue
        }
        best = (candidate, distance)
    }
    return best?.candidate
}

/// Names longer than this (in Unicode scalars) get no did-you-mean.
let maximumSuggestedLength = 256

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
