import Foundation

/// Receives diagnostics from every stage of the compiler.
public protocol DiagnosticCollector: AnyObject, Sendable {
    func emit(_ diagnostic: Diagnostic)
}

extension DiagnosticCollector {
    public func error(_ code: String, _ message: String, at range: SourceRange, notes: [Diagnostic.Note] = []) {
        emit(.error(code, message, at: range, notes: notes))
    }

    public func warning(_ code: String, _ message: String, at range: SourceRange, notes: [Diagnostic.Note] = []) {
        emit(.warning(code, message, at: range, notes: notes))
    }
}

/// Keeps every diagnostic it is given; hands them back sorted and deduplicated.
public final class DiagnosticBag: DiagnosticCollector, @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Diagnostic] = []

    public init() {}

    public func emit(_ diagnostic: Diagnostic) {
        lock.lock()
        storage.append(diagnostic)
        lock.unlock()
    }

    /// Every diagnostic so far, in presentation order, without exact repeats.
    public var diagnostics: [Diagnostic] {
        lock.lock()
        let all = storage
        lock.unlock()
        var seen = Set<Diagnostic>()
        return all.sorted(by: Diagnostic.presentationOrder).filter { seen.insert($0).inserted }
    }

    public var hasErrors: Bool {
        lock.lock()
        defer { lock.unlock() }
        return storage.contains { $0.severity == .error }
    }
}
