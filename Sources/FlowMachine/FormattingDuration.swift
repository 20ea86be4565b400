@_spi(Generated) import FlowValues

/// `format_duration(d)`: a length of time as people read it, in whole days, hours, minutes and seconds, largest
/// first, the parts that are not zero joined as a list of the locale: `5 minutes`, `1 minute`, `45 seconds`,
/// `1 hour and 30 minutes` (fr-FR `1 heure et 30 minutes`). Under a second reads as `0 seconds`; a negative
/// length keeps its sign in front (`-5 minutes`).
/// Rail: "Passcode required after 5 minutes of inactivity"; Regent's lock countdown ("Lock for 1 minute").
@_spi(Generated) public func formatDuration(_ milliseconds: Int, _ locale: String) throws -> String {
    let conventions = try FlowLocales.require(locale, argument: 1)
    let units = durationUnitWords[conventions.identifier] ?? durationUnitWords["en-US", default: []]
    let seconds = milliseconds.magnitude / 1000
    let counts: [UInt] = [seconds / 86_400, seconds / 3600 % 24, seconds / 60 % 60, seconds % 60]
    var parts: [String] = []
    for (count, words) in zip(counts, units) where count > 0 {
        parts.append("\(count) \(count == 1 ? words.one : words.other)")
    }
    if parts.isEmpty, let second = units.last { parts = ["0 \(second.other)"] }
    let sign = milliseconds < 0 && seconds > 0 ? "-" : ""
    return sign + (try joinList(parts, locale))
}

/// Day, hour, minute and second, singular and plural, as a length of time reads (German `Tage`, not the `Tagen` of
/// `vor 3 Tagen`), by the locale's identifier in `FlowLocales.supported` (CLDR 45).
private let durationUnitWords: [String: [(one: String, other: String)]] = {
    let english = [("day", "days"), ("hour", "hours"), ("minute", "minutes"), ("second", "seconds")]
    return [
        "en-US": english,
        "en-GB": english,
        "fr-FR": [("jour", "jours"), ("heure", "heures"), ("minute", "minutes"), ("seconde", "secondes")],
        "de-DE": [("Tag", "Tage"), ("Stunde", "Stunden"), ("Minute", "Minuten"), ("Sekunde", "Sekunden")],
    ]
}()
