// Part of FlowValues: the values flows compute with, below both the expression language and FlowMachine.

import Foundation

/// Text inside a record or list, as the interpreter writes it: in double quotes, `\\` and `"` escaped.
@_spi(Generated) public func quotedText(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}
