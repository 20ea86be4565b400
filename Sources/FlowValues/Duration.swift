// Part of FlowValues: the values flows compute with, below both the expression language and FlowMachine.

import Foundation

/// A duration in milliseconds as flows write it: `0s`, `1m30s`, `-2h`, `250ms`.
@_spi(Generated) public func describeDuration(_ milliseconds: Int) -> String {
    if milliseconds == 0 { return "0s" }
    if milliseconds == Int.min { return "\(milliseconds)ms" }
    var rest = abs(milliseconds)
    var text = milliseconds < 0 ? "-" : ""
    for (unit, size) in [("d", 86_400_000), ("h", 3_600_000), ("m", 60_000), ("s", 1000), ("ms", 1)] where rest >= size {
        text += "\(rest / size)\(unit)"
        rest %= size
    }
    return text
}
