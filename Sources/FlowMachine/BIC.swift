// Part of FlowMachine, the runtime library every generated module imports.

@_spi(Generated) import FlowValues
import Foundation

@_spi(Generated) public func isBIC(_ text: String) -> Bool {
    let characters = Array(text.uppercased().unicodeScalars)
    guard characters.count == 8 || characters.count == 11 else { return false }
    let isLetter: (Unicode.Scalar) -> Bool = { ("A"..."Z").contains($0) }
    return characters[0..<6].allSatisfy(isLetter)
        && characters[6...].allSatisfy({ isLetter($0) || isDigit($0) })
        && PhoneNumbers.dialCodes[String(String.UnicodeScalarView(characters[4..<6]))] != nil
}
