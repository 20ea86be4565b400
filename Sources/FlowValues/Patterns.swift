// Part of FlowValues: the values flows compute with, below both the expression language and FlowMachine.

import Foundation

// A flow's regular expressions, one reading of them for the checker (which compiles literal patterns once and reports
// those that do not compile), the interpreter and generated code. The syntax is ICU's (NSRegularExpression), which
// accepts everything RE2 (CEL's engine) does for ordinary patterns.

/// `pattern` compiled, or nil when it is not a regular expression. The empty pattern matches everywhere (CEL, RE2);
/// ICU refuses it, so it is compiled as an empty group.
@_spi(Generated) public func compilePattern(_ pattern: String) -> NSRegularExpression? {
    try? NSRegularExpression(pattern: pattern.isEmpty ? "(?:)" : pattern)
}

/// CEL's `matches`: whether `regex` matches anywhere in `text` (anchor with `^...$` to match the whole text).
@_spi(Generated) public func searches(_ regex: NSRegularExpression, _ text: String) -> Bool {
    regex.firstMatch(in: text, range: NSRange(text.startIndex..<text.endIndex, in: text)) != nil
}
