/// A hint for two texts that print alike but differ in characters nobody sees: French money and numbers use a
/// no-break space (`120,00\u{00A0}$US`) and a narrow one (`1\u{202F}250`), so `expected "120,00 $US", found
/// "120,00 $US"` would leave the reader guessing. Empty when the difference is visible.
func invisibleDifference(expected: String, found: String) -> String {
    func escaped(_ text: String) -> String {
        text.unicodeScalars.map { scalar in
            isInvisible(scalar) ? "\\u\(String(repeating: "0", count: max(0, 4 - String(scalar.value, radix: 16).count)))\(String(scalar.value, radix: 16, uppercase: true))"
                : String(scalar)
        }.joined()
    }
    func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x00A0 || scalar.value == 0x202F || scalar.value == 0x2009 || scalar.value == 0x200B
            || scalar.value == 0x2007 || scalar.value == 0x00AD || scalar.value == 0xFEFF
    }
    func visible(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.compactMap { scalar in
            scalar.value == 0x200B || scalar.value == 0x00AD || scalar.value == 0xFEFF ? nil : isInvisible(scalar) ? " " : scalar
        }))
    }
    guard expected != found, visible(expected) == visible(found) else { return "" }
    return " (they differ in characters that print as spaces or nothing: expected \"\(escaped(expected))\", found \"\(escaped(found))\"; "
        + "in YAML write them inside double quotes, as \\u00A0)"
}
