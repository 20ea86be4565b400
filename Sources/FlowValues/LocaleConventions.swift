// Part of FlowValues: the values flows compute with, below both the expression language and FlowMachine.
//
// Texts for people, written the way a locale writes them. The conventions are data here, pinned (taken
// from CLDR 45 and frozen), and never read from the machine's ICU: Foundation's formatters give different
// text on Linux and on iOS, and between OS versions, so a scenario checked on CI would not hold on a phone.

import Foundation

/// How one locale writes numbers, money, dates, times and lists.
@_spi(Generated) public struct LocaleConventions: Sendable {
    public var identifier: String
    @_spi(Generated) public var decimalSeparator: String
    @_spi(Generated) public var groupingSeparator: String
    /// `¤` stands for the currency sign, `#` for the number: `¤#` ($1.50), `# ¤` (1,50 €).
    @_spi(Generated) public var moneyPattern: String
    /// Percent after the number, with what is between them.
    @_spi(Generated) public var percentSuffix: String
    @_spi(Generated) public var monthNames: [String]
    @_spi(Generated) public var monthAbbreviations: [String]
    /// Monday first.
    @_spi(Generated) public var weekdayNames: [String]
    /// `d`, `dd`, `M`, `MM`, `MMM`, `MMMM`, `y`, `EEEE` as in Unicode date patterns.
    @_spi(Generated) public var datePatterns: [String: String]
    @_spi(Generated) public var twelveHourClock: Bool
    /// Between the date and the time of a timestamp.
    @_spi(Generated) public var dateTimeSeparator: String
    /// The word before the last element of a list, and whether a comma comes before it (US English).
    @_spi(Generated) public var listConjunction: String
    @_spi(Generated) public var serialComma: Bool
    @_spi(Generated) public var relative: RelativeWords
    /// The signs that differ from the currency code's usual one in this locale (`$US` in French).
    @_spi(Generated) public var currencySymbols: [String: String]

    @_spi(Generated) public struct RelativeWords: Sendable {
        @_spi(Generated) public var now: String
        @_spi(Generated) public var past: String  // `%@` is the amount with its unit
        @_spi(Generated) public var future: String
        @_spi(Generated) public var units: [(one: String, other: String)]  // minute, hour, day
    }

    /// The date styles a text may ask for.
    public static let dateStyles = ["short", "medium", "long", "full"]
}

@_spi(Generated) public enum FlowLocales {
    /// The locales flowc writes texts for, by identifier.
    public static let supported: [String: LocaleConventions] = {
        let englishMonths = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]
        let englishShortMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let englishDays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        let englishRelative = LocaleConventions.RelativeWords(
            now: "just now", past: "%@ ago", future: "in %@",
            units: [("minute", "minutes"), ("hour", "hours"), ("day", "days")])
        let us = LocaleConventions(
            identifier: "en-US", decimalSeparator: ".", groupingSeparator: ",", moneyPattern: "¤#", percentSuffix: "%",
            monthNames: englishMonths, monthAbbreviations: englishShortMonths, weekdayNames: englishDays,
            datePatterns: ["short": "M/d/y", "medium": "MMM d, y", "long": "MMMM d, y", "full": "EEEE, MMMM d, y"],
            twelveHourClock: true, dateTimeSeparator: ", ", listConjunction: "and", serialComma: true,
            relative: englishRelative, currencySymbols: [:])
        var gb = us
        gb.identifier = "en-GB"
        gb.datePatterns = ["short": "dd/MM/y", "medium": "d MMM y", "long": "d MMMM y", "full": "EEEE, d MMMM y"]
        gb.twelveHourClock = false
        gb.serialComma = false
        gb.monthAbbreviations = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"]
        let french = LocaleConventions(
            identifier: "fr-FR", decimalSeparator: ",", groupingSeparator: "\u{202F}", moneyPattern: "#\u{00A0}¤",
            percentSuffix: "\u{202F}%",
            monthNames: ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
                         "novembre", "décembre"],
            monthAbbreviations: ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.",
                                 "déc."],
            weekdayNames: ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"],
            datePatterns: ["short": "dd/MM/y", "medium": "d MMM y", "long": "d MMMM y", "full": "EEEE d MMMM y"],
            twelveHourClock: false, dateTimeSeparator: " à ", listConjunction: "et", serialComma: false,
            relative: .init(now: "à l’instant", past: "il y a %@", future: "dans %@",
                            units: [("minute", "minutes"), ("heure", "heures"), ("jour", "jours")]),
            currencySymbols: ["USD": "$US", "CAD": "$CA", "AUD": "$AU"])
        let german = LocaleConventions(
            identifier: "de-DE", decimalSeparator: ",", groupingSeparator: ".", moneyPattern: "#\u{00A0}¤",
            percentSuffix: "\u{00A0}%",
            monthNames: ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober",
                         "November", "Dezember"],
            monthAbbreviations: ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.",
                                 "Dez."],
            weekdayNames: ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"],
            datePatterns: ["short": "dd.MM.y", "medium": "dd.MM.y", "long": "d. MMMM y", "full": "EEEE, d. MMMM y"],
            twelveHourClock: false, dateTimeSeparator: ", ", listConjunction: "und", serialComma: false,
            relative: .init(now: "gerade eben", past: "vor %@", future: "in %@",
                            units: [("Minute", "Minuten"), ("Stunde", "Stunden"), ("Tag", "Tagen")]),
            currencySymbols: [:])
        return ["en-US": us, "en-GB": gb, "fr-FR": french, "de-DE": german]
    }()

    /// The conventions for `identifier`: the locale itself, or the first supported one of its language
    /// (`fr` and `fr-BE` write as `fr-FR`, `en` as `en-US`); nil when flowc has none for the language.
    public static func conventions(_ identifier: String) -> LocaleConventions? {
        let normalised = identifier.replacingOccurrences(of: "_", with: "-")
        if let exact = supported[normalised] { return exact }
        let language = normalised.split(separator: "-").first.map(String.init) ?? normalised
        let fallback = ["en": "en-US", "fr": "fr-FR", "de": "de-DE"]
        return fallback[language.lowercased()].flatMap { supported[$0] }
    }
}
