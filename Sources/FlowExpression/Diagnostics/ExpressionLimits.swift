/// The limits that keep pathological input from exhausting memory or the stack.
///
/// Parsing, checking and evaluating recurse once per nesting level. At 100 levels the worst
/// shapes need about 330 KB of stack in a debug build and 100 KB in a release build (measured on
/// Linux x86_64), so they fit the 512 KB stacks of Swift concurrency threads on macOS; a test
/// runs the deepest accepted expressions on such a thread.
public enum ExpressionLimits {
    /// The longest expression accepted, in Unicode scalars.
    public static let maximumLength = 10_000
    /// The deepest nesting accepted: parentheses, lists, calls, operator chains.
    public static let maximumDepth = 100
}
