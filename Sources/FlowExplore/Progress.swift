/// The progress line a terminal shows while `flowc explore` runs:
/// `tempo: depth 3, 40,960 states (12,345/s), frontier 8,192, ETA 2m05s to 200,000 states`.
///
/// The ETA is the time to the nearest bound at the current rates (states per second, steps per second, or the
/// `--seconds` limit); a search can also end sooner, when nothing new is left or at its depth.
public func progressLine(app: String, _ progress: ExploreProgress, bounds: ExploreBounds) -> String {
    let seconds = max(progress.seconds, 0.001)
    let stateRate = Double(progress.states) / seconds
    let stepRate = Double(progress.steps) / seconds
    var estimates: [(seconds: Double, bound: String)] = []
    if stateRate > 0 { estimates.append((Double(max(0, bounds.states - progress.states)) / stateRate, "\(grouped(bounds.states)) states")) }
    if stepRate > 0 { estimates.append((Double(max(0, bounds.steps - progress.steps)) / stepRate, "\(grouped(bounds.steps)) steps")) }
    if let limit = bounds.seconds { estimates.append((max(0, limit - progress.seconds), "the \(etaText(limit)) limit")) }
    var line = "\(app): depth \(progress.depth), \(grouped(progress.states)) states (\(grouped(Int(stateRate)))/s), frontier \(grouped(progress.frontier))"
    if let nearest = estimates.min(by: { $0.seconds < $1.seconds }) { line += ", ETA \(etaText(nearest.seconds)) to \(nearest.bound)" }
    return line
}

/// `<1s`, `42s`, `3m05s`, `2h07m`, `>99h`: a duration as a progress line shows it.
public func etaText(_ seconds: Double) -> String {
    guard seconds.isFinite, seconds < 99 * 3600 else { return ">99h" }
    let whole = Int(seconds.rounded())
    if whole < 1 { return "<1s" }
    if whole < 60 { return "\(whole)s" }
    if whole < 3600 { return "\(whole / 60)m" + (whole % 60 < 10 ? "0" : "") + "\(whole % 60)s" }
    return "\(whole / 3600)h" + (whole / 60 % 60 < 10 ? "0" : "") + "\(whole / 60 % 60)m"
}
