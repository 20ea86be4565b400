import Foundation

/// Where a generated machine finds the words of its texts, by the key `<App>.xcstrings` gives each one
/// (`STEP-14.2.caption`, a toast's own words), in the locale the app shows now (its locale state value, not the
/// device's language).
///
/// A machine asks its lookup first and falls back to the words compiled into it (the flows' own translations)
/// when the lookup has none. Words are in the String Catalog's format: `%@` or `%1$@`, `%2$@` where the values go,
/// `%%` for a percent sign. A lookup's words that put in a value the text does not have, or leave one out, are
/// not shown: the machine shows its compiled-in words and tells the lookup (`rejected(_:)`).
///
/// ```swift
/// var machine = try YOLEMachine()
/// machine.textLookup = FlowBundleTexts(bundle: .main, table: "YOLE")   // YOLE.xcstrings, compiled into the app
/// ```
public protocol FlowTextLookup: Sendable {
    /// The words of `key` in `locale` (`fr-FR`), or nil to show the compiled-in words.
    func format(forKey key: String, locale: String) -> String?
    /// Words this lookup gave were not shown, and why. The default does nothing.
    func rejected(_ problem: FlowTextProblem)
}

extension FlowTextLookup {
    public func rejected(_ problem: FlowTextProblem) {}
}

/// Words a `FlowTextLookup` gave that a machine did not show: the compiled-in words were shown instead.
public struct FlowTextProblem: Hashable, Sendable, CustomStringConvertible {
    public var key: String
    public var locale: String
    /// The words as the lookup gave them.
    public var format: String
    /// Why, in words (`puts in %3$@ but the text has 2 values`).
    public var reason: String

    public init(key: String, locale: String, format: String, reason: String) {
        self.key = key; self.locale = locale; self.format = format; self.reason = reason
    }

    public var description: String { "'\(key)' in \(locale): \(reason) (\"\(format)\"); the compiled-in text was shown" }
}

/// The words compiled into the machine, always: every generated machine starts with this lookup.
public struct FlowCompiledTexts: FlowTextLookup {
    public init() {}
    public func format(forKey key: String, locale: String) -> String? { nil }
}

/// Words from a bundle's `.strings` tables (what Xcode compiles a String Catalog into: `fr.lproj/YOLE.strings`),
/// in the machine's locale: `fr-FR` is looked for in `fr-FR.lproj`, `fr_FR.lproj`, then `fr.lproj`. A key the
/// bundle does not have shows the compiled-in words.
///
/// ```swift
/// let texts = FlowBundleTexts(bundle: .main, table: "YOLE", rejected: { problem in log.error("\(problem)") })
/// ```
///
/// Each rejected key and locale is reported once.
public final class FlowBundleTexts: FlowTextLookup, @unchecked Sendable {
    private let bundle: Bundle
    private let table: String?
    private let onRejected: @Sendable (FlowTextProblem) -> Void
    // Guarded by `lock`: the locale bundles found so far (nil: the bundle has no folder for the locale), and what was reported.
    private let lock = NSLock()
    private var localeBundles: [String: Bundle?] = [:]
    private var reported: Set<String> = []

    /// - Parameters:
    ///   - bundle: The bundle holding the `.lproj` folders (the app's `.main`).
    ///   - table: The `.strings` table (`YOLE` for `YOLE.strings`, the name of `YOLE.xcstrings`); nil: `Localizable`.
    ///   - rejected: Told of words not shown (a value left out or added), once per key and locale.
    public init(bundle: Bundle = .main, table: String? = nil, rejected: @escaping @Sendable (FlowTextProblem) -> Void = { _ in }) {
        self.bundle = bundle
        self.table = table
        self.onRejected = rejected
    }

    public func format(forKey key: String, locale: String) -> String? {
        guard let folder = localeBundle(locale) else { return nil }
        // A value no key can have tells "not in the table" apart from words equal to the key.
        let missing = "\u{0}flowc-missing\u{0}"
        let words = folder.localizedString(forKey: key, value: missing, table: table)
        return words == missing ? nil : words
    }

    public func rejected(_ problem: FlowTextProblem) {
        let first = lock.withLock { reported.insert(problem.locale + "\u{0}" + problem.key).inserted }
        if first { onRejected(problem) }
    }

    private func localeBundle(_ locale: String) -> Bundle? {
        if let found = lock.withLock({ localeBundles[locale] }) { return found }
        let language = String(locale.prefix { $0 != "-" && $0 != "_" })
        let names = [locale, locale.replacingOccurrences(of: "-", with: "_"), language]
        let found = names.lazy.compactMap { self.bundle.path(forResource: $0, ofType: "lproj") }.first.flatMap { Bundle(path: $0) }
        lock.withLock { localeBundles[locale] = .some(found) }
        return found
    }
}

/// An option of a choice field as a picker shows it: the value `fill` takes and its label in the machine's locale.
public struct FlowOption: Hashable, Sendable, Identifiable {
    public var value: String
    public var label: String
    public var id: String { value }

    public init(value: String, label: String) { self.value = value; self.label = label }
}
