// Part of FlowMachine, the runtime library every generated module imports.

@_spi(Generated) import FlowValues
import Foundation

/// A practical email address check: `local@domain.tld` (the interpreter's `is_email`).
@_spi(Generated) public func isEmail(_ text: String) -> Bool {
    let scalars = Array(text.unicodeScalars)
    guard scalars.count <= 254, let at = scalars.lastIndex(of: "@") else { return false }
    let local = scalars[..<at]
    let domain = scalars[(at + 1)...]
    let localSpecials = Set("!#$%&'*+/=?^_`{|}~-".unicodeScalars)
    guard (1...64).contains(local.count), local.first != ".", local.last != ".",
          !zip(local, local.dropFirst()).contains(where: { $0 == "." && $1 == "." }),
          local.allSatisfy({ $0.isASCII && (isIdentifierScalar($0) || localSpecials.contains($0) || $0 == ".") })
    else { return false }
    let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
    guard labels.count >= 2, domain.count <= 253 else { return false }
    for label in labels {
        guard (1...63).contains(label.count), label.first != "-", label.last != "-",
              label.allSatisfy({ $0.isASCII && ((isIdentifierScalar($0) && $0 != "_") || $0 == "-") }) else { return false }
    }
    guard let tld = labels.last else { return false }
    let tldText = String(String.UnicodeScalarView(tld)).lowercased()
    return tldText.hasPrefix("xn--") || (tld.count >= 2 && tld.allSatisfy { !isDigit($0) && $0 != "-" })
}

@_spi(Generated) public func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F: true
    default: false
    }
}
