@_spi(Generated) import FlowValues
import Foundation
import FlowSource

/// Splits an expression into tokens, reporting lexical mistakes as diagnostics.
///
/// A mistake becomes one `.invalid` token (or a literal with a placeholder value) so the
/// parser can go on without reporting it again.
struct ExpressionLexer {
    let scalars: [Unicode.Scalar]
    private var position = 0
    private(set) var diagnostics: [ExpressionDiagnostic] = []

    init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    static let durationUnits: [String: Int] = ["ms": 1, "s": 1000, "m": 60_000, "h": 3_600_000, "d": 86_400_000]

    /// Every token, ending with one `.end` token.
    mutating func tokenize() -> [ExpressionToken] {
        var tokens: [ExpressionToken] = []
        while true {
            skipWhitespace()
            guard position < scalars.count else { break }
            tokens.append(nextToken())
        }
        tokens.append(ExpressionToken(kind: .end, span: scalars.count..<scalars.count))
        return tokens
    }

    private mutating func skipWhitespace() {
        while position < scalars.count, scalars[position].properties.isWhitespace { position += 1 }
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    private func text(_ span: ExpressionSpan) -> String {
        String(String.UnicodeScalarView(scalars[span]))
    }

    private mutating func report(_ code: String, _ message: String, _ span: ExpressionSpan, notes: [String] = []) {
        diagnostics.append(ExpressionDiagnostic(code: code, message: message, span: span, notes: notes))
    }

    private mutating func nextToken() -> ExpressionToken {
        let start = position
        let scalar = scalars[position]
        if isDigit(scalar) { return lexNumber() }
        if scalar == "\"" || scalar == "'" { return lexText(raw: false) }
        if (scalar == "r" || scalar == "R"), let next = peek(1), next == "\"" || next == "'" {
            position += 1
            return lexText(raw: true, prefixStart: start)
        }
        if isIdentifierStart(scalar) {
            while position < scalars.count, isIdentifierScalar(scalars[position]) { position += 1 }
            return ExpressionToken(kind: .identifier(text(start..<position)), span: start..<position)
        }
        if let next = peek(1), let symbol = ExpressionToken.Symbol(rawValue: String(scalar) + String(next)) {
            position += 2
            return ExpressionToken(kind: .symbol(symbol), span: start..<position)
        }
        position += 1
        if let symbol = ExpressionToken.Symbol(rawValue: String(scalar)), symbol != .or, symbol != .and {
            return ExpressionToken(kind: .symbol(symbol), span: start..<position)
        }
        switch scalar {
        case "=":
            report(ExpressionDiagnosticCode.syntax, "unexpected '='", start..<position, notes: ["use '==' to compare values, as in 'a == b'"])
        case "&":
            report(ExpressionDiagnosticCode.syntax, "unexpected '&'", start..<position, notes: ["use '&&' for 'and'"])
        case "|":
            report(ExpressionDiagnosticCode.syntax, "unexpected '|'", start..<position, notes: ["use '||' for 'or'"])
        case "\u{201C}", "\u{201D}", "\u{2018}", "\u{2019}":
            report(ExpressionDiagnosticCode.syntax, "unexpected character '\(scalar)'", start..<position,
                   notes: ["text literals use straight quotes: \"...\" or '...'"])
            // Skip to the closing curly quote so the quoted words are not reported again.
            let closing: Set<Unicode.Scalar> = scalar == "\u{201C}" || scalar == "\u{201D}" ? ["\u{201C}", "\u{201D}"] : ["\u{2018}", "\u{2019}"]
            var end = position
            while end < scalars.count, !closing.contains(scalars[end]), scalars[end] != "\n" { end += 1 }
            if end < scalars.count, closing.contains(scalars[end]) { position = end + 1 }
        default:
            let shown = scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F
                ? "U+" + padded(hex: scalar.value) : "'\(scalar)'"
            report(ExpressionDiagnosticCode.syntax, "unexpected character \(shown)", start..<position)
        }
        return ExpressionToken(kind: .invalid, span: start..<position)
    }

    // MARK: Numbers, money and durations

    /// Reads `digits[.digits]` at the current position; nil when there is no digit.
    private mutating func readNumber() -> (text: String, isDecimal: Bool)? {
        let start = position
        while position < scalars.count, isDigit(scalars[position]) { position += 1 }
        guard position > start else { return nil }
        var isDecimal = false
        if position + 1 < scalars.count, scalars[position] == ".", isDigit(scalars[position + 1]) {
            isDecimal = true
            position += 1
            while position < scalars.count, isDigit(scalars[position]) { position += 1 }
        }
        return (text(start..<position), isDecimal)
    }

    private mutating func lexNumber() -> ExpressionToken {
        let start = position
        guard let (numberText, isDecimal) = readNumber() else {
            position += 1
            return ExpressionToken(kind: .invalid, span: start..<position)
        }
        let numberEnd = position
        if let scalar = peek(), isIdentifierStart(scalar) {
            return lexDuration(start: start, firstNumber: numberText)
        }
        let value: ExpressionToken.Kind
        if isDecimal {
            guard let decimal = decimalLiteral(numberText, span: start..<numberEnd) else {
                return ExpressionToken(kind: .invalid, span: start..<numberEnd)
            }
            value = .decimal(decimal)
        } else {
            // CEL's smallest int is written -9223372036854775808: right after a '-' the magnitude 2^63 reads as
            // Int.min, which the parser takes only as the operand of that minus.
            if numberText == "9223372036854775808", start > 0, scalars[start - 1] == "-" {
                value = .int(Int.min)
            } else {
            guard let int = Int(numberText) else {
                report(ExpressionDiagnosticCode.invalidLiteral, "integer '\(numberText)' does not fit in 64 bits",
                       start..<numberEnd, notes: ["the largest int is \(Int.max); write a decimal for larger numbers"])
                return ExpressionToken(kind: .invalid, span: start..<numberEnd)
            }
            value = .int(int)
            }
        }
        // Money: the number, whitespace, then exactly three uppercase letters ending the word.
        var look = position
        while look < scalars.count, scalars[look] == " " || scalars[look] == "\t" { look += 1 }
        if look > position, look + 3 <= scalars.count,
           scalars[look..<(look + 3)].allSatisfy({ ("A"..."Z").contains($0) }),
           look + 3 == scalars.count || !isIdentifierScalar(scalars[look + 3]) {
            let code = text(look..<(look + 3))
            position = look + 3
            let amount: Decimal
            switch value {
            case .int(let int): amount = Decimal(int)
            case .decimal(let decimal): amount = decimal
            default: amount = 0
            }
            guard CurrencyCodes.isKnown(code) else {
                var notes: [String] = []
                if let close = closestCurrencyCode(to: code) { notes.append("did you mean '\(close)'?") }
                report(ExpressionDiagnosticCode.invalidLiteral, "unknown currency code '\(code)'", look..<position, notes: notes)
                return ExpressionToken(kind: .invalid, span: start..<position)
            }
            let places = minorUnits(of: code)
            guard decimalPlaces(amount) <= places else {
                report(ExpressionDiagnosticCode.invalidLiteral, "\(text(start..<numberEnd)) \(code) is finer than \(code) allows: \(code) has \(places) decimal place\(places == 1 ? "" : "s")",
                       start..<position, notes: ["money is kept to its currency's minor unit; write round(...) where a calculation needs it"])
                return ExpressionToken(kind: .invalid, span: start..<position)
            }
            return ExpressionToken(kind: .money(Money(amount: amount, currency: code)), span: start..<position)
        }
        return ExpressionToken(kind: value, span: start..<numberEnd)
    }

    /// A decimal literal's value; reports numbers Decimal cannot hold exactly.
    private mutating func decimalLiteral(_ text: String, span: ExpressionSpan) -> Decimal? {
        let significant = text.drop { $0 == "0" || $0 == "." }.filter { $0 != "." }
        if significant.count > 38 {
            report(ExpressionDiagnosticCode.invalidLiteral, "number '\(text)' has more than 38 significant digits", span)
            return nil
        }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// Reads `1h30m`-style durations: number+unit pairs with nothing between them.
    private mutating func lexDuration(start: Int, firstNumber: String) -> ExpressionToken {
        var total = Decimal(0)
        var number: String? = firstNumber
        var valid = true
        while let numberText = number {
            let unitStart = position
            while position < scalars.count, isIdentifierStart(scalars[position]) { position += 1 }
            let unit = text(unitStart..<position)
            guard let size = ExpressionLexer.durationUnits[unit] else {
                valid = false
                break
            }
            let amount = Decimal(string: numberText, locale: Locale(identifier: "en_US_POSIX")) ?? 0
            total += amount * Decimal(size)
            number = readNumber()?.text
            if number == nil, let scalar = peek(), isIdentifierScalar(scalar) {
                valid = false
                break
            }
        }
        // Swallow the rest of the word so one mistake is one diagnostic.
        while position < scalars.count, isIdentifierScalar(scalars[position]) || scalars[position] == "." { position += 1 }
        let span = start..<position
        let written = text(span)
        guard valid else {
            let suffix = written.drop { $0.isNumber || $0 == "." }
            var notes = ["durations end in ms, s, m, h or d, as in '30s' or '1h30m'"]
            if suffix.count == 3, suffix.allSatisfy({ $0.isUppercase && $0.isASCII }) {
                notes = ["write a space before the currency, as in '\(written.dropLast(3)) \(suffix)'"]
            } else if suffix.first == "e" || suffix.first == "E" {
                notes = ["exponents are not supported; write the number in full"]
            }
            report(ExpressionDiagnosticCode.invalidLiteral, "invalid number '\(written)'", span, notes: notes)
            return ExpressionToken(kind: .invalid, span: span)
        }
        var rounded = Decimal()
        var exact = total
        NSDecimalRound(&rounded, &exact, 0, .plain)
        guard rounded == total else {
            report(ExpressionDiagnosticCode.invalidLiteral, "duration '\(written)' is not a whole number of milliseconds", span)
            return ExpressionToken(kind: .invalid, span: span)
        }
        guard let milliseconds = Int(formatDecimal(rounded)) else {
            report(ExpressionDiagnosticCode.invalidLiteral, "duration '\(written)' is too long", span)
            return ExpressionToken(kind: .invalid, span: span)
        }
        return ExpressionToken(kind: .duration(milliseconds), span: span)
    }

    // MARK: Text

    /// Reads a text literal: `"..."`, `'...'`, triple-quoted, or raw (`r"..."`, no escapes).
    private mutating func lexText(raw: Bool, prefixStart: Int? = nil) -> ExpressionToken {
        let start = prefixStart ?? position
        let quote = scalars[position]
        let triple = peek(1) == quote && peek(2) == quote
        position += triple ? 3 : 1
        var value = String.UnicodeScalarView()
        while true {
            guard position < scalars.count, triple || (scalars[position] != "\n" && scalars[position] != "\r") else {
                let closing = quote == "\"" ? "'\"'" : "\"'\""
                report(ExpressionDiagnosticCode.syntax, "unterminated text literal, expected a closing \(closing)", start..<position)
                return ExpressionToken(kind: .invalid, span: start..<position)
            }
            let scalar = scalars[position]
            if scalar == quote, !triple || (peek(1) == quote && peek(2) == quote) {
                position += triple ? 3 : 1
                return ExpressionToken(kind: .text(String(value)), span: start..<position)
            }
            if scalar == "\\", !raw {
                if let escaped = lexEscape() { value.append(escaped) }
                continue
            }
            value.append(scalar)
            position += 1
        }
    }

    /// Reads one escape sequence starting at a backslash; reports and skips an invalid one.
    private mutating func lexEscape() -> Unicode.Scalar? {
        let start = position
        position += 1
        guard let letter = peek() else { return nil }
        position += 1
        switch letter {
        case "\\", "\"", "'", "`", "?": return letter
        case "a": return "\u{07}"
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "v": return "\u{0B}"
        case "x", "X", "u", "U":
            let count = letter == "u" ? 4 : letter == "U" ? 8 : 2
            var code: UInt32 = 0
            for _ in 0..<count {
                guard let digit = peek(), let nibble = UInt32(String(digit), radix: 16) else {
                    report(ExpressionDiagnosticCode.invalidLiteral,
                           "invalid escape sequence '\(text(start..<position))': expected \(count) hexadecimal digits",
                           start..<position)
                    return nil
                }
                code = code * 16 + nibble
                position += 1
            }
            guard let scalar = Unicode.Scalar(code) else {
                report(ExpressionDiagnosticCode.invalidLiteral,
                       "escape sequence '\(text(start..<position))' is not a Unicode scalar", start..<position)
                return nil
            }
            return scalar
        case "0"..."3":
            guard let second = peek(), ("0"..."7").contains(second), let third = peek(1), ("0"..."7").contains(third) else {
                report(ExpressionDiagnosticCode.invalidLiteral,
                       "invalid escape sequence '\(text(start..<position))': octal escapes have three digits, as in '\\101'",
                       start..<position)
                return nil
            }
            position += 2
            return Unicode.Scalar((letter.value - 0x30) * 64 + (second.value - 0x30) * 8 + (third.value - 0x30))
        default:
            report(ExpressionDiagnosticCode.invalidLiteral, "invalid escape sequence '\\\(letter)'", start..<position,
                   notes: ["to write a backslash, use '\\\\' or a raw text literal such as r'\\d+'"])
            return nil
        }
    }
}

/// `value` as at least four uppercase hexadecimal digits.
func padded(hex value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
