import FlowExpression
import FlowIR
import FlowRuntime

/// What a person at `flowc run` sees of the run between two commands, so the change line can say what changed.
public struct SessionSnapshot: Sendable {
    var screen: String
    var variant: String?
    var state: [String: String]
    var values: [String: Value]
    var form: [String: String]
    var errors: [String: String]
    var stepCount: Int
    var ended: String?

    public init(_ interpreter: Interpreter, app: App) {
        screen = interpreter.currentScreen.id
        variant = (try? interpreter.currentVariant()) ?? nil
        values = interpreter.state
        state = Dictionary(uniqueKeysWithValues: app.state.map { [values] in ($0.name, values[$0.name]?.description ?? "null") })
        form = interpreter.form.mapValues(shown)
        errors = interpreter.errors
        stepCount = interpreter.stepCount
        ended = interpreter.ended
    }
}

/// `"Ayrton"` or `[a, b]`: a field's input as the session shows it.
func shown(_ input: FieldInput) -> String {
    switch input {
    case .text(let text): "\"\(text)\""
    case .list(let items): "[" + items.joined(separator: ", ") + "]"
    }
}

extension Session {
    /// The run before anything happened: no screen, nothing typed, the state as it was before the first screen's
    /// entry actions ran is not kept, so the first change line shows the start step's transitions and effects only.
    public var startSnapshot: SessionSnapshot {
        var snapshot = SessionSnapshot(interpreter, app: app)
        snapshot.screen = ""
        snapshot.stepCount = 0
        return snapshot
    }

    /// The short account of one command: where the run is now, what was taken, which fields, state and effects
    /// changed, and what can happen next. `state` prints the whole state, `show` the whole screen.
    ///
    /// ```
    /// → ONB-003 · Card Selection  (+2s)
    ///   tap_im_new: ONB-001 → ONB-003
    ///   state: onboarding_started false → true
    ///   effect: analytics onb_card_selection_viewed
    ///   next: tap_select, tap_back
    /// ```
    public func changeLines(since before: SessionSnapshot) -> String {
        let now = SessionSnapshot(interpreter, app: app)
        let screen = interpreter.currentScreen
        var lines: [String] = []
        let variant = now.variant.map { " (\($0))" } ?? ""
        let arrow = now.screen == before.screen ? "=" : "→"
        lines.append("\(arrow) \(screen.id) · \(screen.name)\(variant)  (+\(interpreter.elapsed / 1000)s)")
        let recent = interpreter.steps(from: min(before.stepCount, interpreter.stepCount))
        for micro in recent.flatMap(\.microSteps) { lines.append("  \(micro)") }
        if now.screen == before.screen {
            for field in screen.fields {
                let old = before.form[field.name] ?? "(empty)"
                let new = now.form[field.name] ?? "(empty)"
                if old != new { lines.append("  field \(field.name): \(old) → \(new)") }
                if let error = now.errors[field.name], before.errors[field.name] != error { lines.append("  ✗ \(field.name): \(error)") }
                if now.errors[field.name] == nil, before.errors[field.name] != nil { lines.append("  ✓ \(field.name): no longer in error") }
            }
        }
        let changed = app.state.filter { before.state[$0.name] != now.state[$0.name] }
        for variable in changed {
            lines.append(contentsOf: stateChanges([variable.name], before.values[variable.name] ?? .null, now.values[variable.name] ?? .null))
        }
        for effect in recent.flatMap(\.effects) { lines.append("  effect: \(effect)") }
        if let ended = now.ended, before.ended == nil { lines.append("  the run ended: \(ended)") }
        lines.append(contentsOf: whatCanHappen())
        return lines.joined(separator: "\n")
    }

    /// What can happen next, by who makes it happen: the person (taps and other events of the screen), the
    /// services the app is waiting for (with their outcomes), and the clock.
    func whatCanHappen() -> [String] {
        var lines: [String] = []
        // Service outcomes are listed with the calls that wait for them; events the flows raise are not the person's to send.
        let screen = interpreter.currentScreen
        let (onScreen, flowWide) = (sendableEvents.onScreen, sendableEvents.flowWide)
        lines.append("  next: " + (onScreen.isEmpty ? "(no events on this screen)" : onScreen.joined(separator: ", ")))
        if !flowWide.isEmpty {
            lines.append("  anywhere in \(app.flows[screen.flow].name): " + flowWide.joined(separator: ", "))
        }
        for call in interpreter.pendingCalls {
            let names = outcomeNames(of: call)
            lines.append("  waiting for \(call): outcome \(call) \(names.isEmpty ? "<outcome>" : names.joined(separator: "|"))")
        }
        let timers = interpreter.upcomingTimers
        if !timers.isEmpty {
            lines.append("  timers: " + timers.map { "\($0.delay.hasPrefix("at ") ? $0.delay : "after \($0.delay)") (in \($0.remaining / 1000)s)" }.joined(separator: ", ") + "; advance <duration>")
        }
        return lines
    }

    /// The whole state, one variable a line, in declaration order; a record field by field and a list item by item
    /// on lines of their own, indented, so a large state reads as a list, not as one line of thousands of characters.
    public func stateLines(indent: String = "  ") -> String {
        let values = interpreter.state
        guard !app.state.isEmpty else { return indent + "(no state)" }
        return app.state.flatMap { valueLines($0.name, values[$0.name] ?? .null, indent: indent) }.joined(separator: "\n")
    }

    /// The screen's `texts:` as it shows them now, values filled in, one a line; none when it has no texts.
    func textLines() -> [String] {
        let screen = interpreter.currentScreen
        guard !screen.texts.isEmpty else { return [] }
        let shown = (try? interpreter.texts()) ?? [:]
        return ["  texts:"] + screen.texts.map { "    \($0.name): " + (shown[$0.name].map { "\"\($0)\"" } ?? "(cannot be shown)") }
    }

    /// The label, placeholder and hint of the screen's fields that write them, in the current locale, one field a
    /// line: `email: "Email address", placeholder "you@example.com"`.
    func captionLines() -> [String] {
        let lines = interpreter.currentScreen.fields.compactMap { field -> String? in
            guard let shown = try? interpreter.captions(of: field.name) else { return "    \(field.name): (cannot be shown)" }
            guard !shown.isEmpty else { return nil }
            let words = Field.Caption.allCases.compactMap { caption in
                shown[caption].map { caption == .label ? "\"\($0)\"" : "\(caption.rawValue) \"\($0)\"" }
            }
            return "    \(field.name): " + words.joined(separator: ", ")
        }
        return lines.isEmpty ? [] : ["  labels:"] + lines
    }

    /// The options of the screen's choice fields whose options have labels, in the current locale: `value "label"`.
    func optionLines() -> [String] {
        let fields = interpreter.currentScreen.fields.filter { field in field.options.contains { $0.label != nil } }
        guard !fields.isEmpty else { return [] }
        return ["  options:"] + fields.map { field in
            let shown = (try? interpreter.options(of: field.name)).map { $0.map { "\($0.value) \"\($0.label)\"" }.joined(separator: ", ") }
            return "    \(field.name): " + (shown ?? "(cannot be shown)")
        }
    }

    /// Every `service.operation.outcome` event of the app.
    var serviceOutcomeEvents: Set<String> {
        var events = Set<String>()
        for service in app.services {
            for operation in service.operations {
                for outcome in operation.outcomes { events.insert("\(service.name).\(operation.name).\(outcome.name)") }
            }
        }
        return events
    }

    func outcomeNames(of call: String) -> [String] {
        for service in app.services {
            for operation in service.operations where "\(service.name).\(operation.name)" == call { return operation.outcomes.map(\.name) }
        }
        return []
    }

    /// Words the line editor completes: commands, the screen's events, its fields (after `fill`), pending calls
    /// (after `outcome`) and their outcomes.
    public func completions(for line: String) -> [String] {
        let words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let commands = ["send", "fill", "advance", "outcome", "back", "tap_row", "swipe_row", "long_press_row", "undo", "save", "state", "show", "help", "quit"]
        switch (words.first, words.count) {
        case (_, 1):
            return commands + sendableEvents.all
        case ("send", 2):
            return sendableEvents.all
        case ("fill", 2):
            return interpreter.currentScreen.fields.map(\.name)
        case ("tap_row", 2):
            return interpreter.currentScreen.lists.filter { $0.tap != nil }.map(\.name)
        case ("swipe_row", 2), ("long_press_row", 2):
            let gesture: ScreenList.RowAction.Gesture = words[0] == "swipe_row" ? .swipe : .longPress
            return interpreter.currentScreen.lists.filter { $0.actions.contains { $0.gesture == gesture } }.map(\.name)
        case ("swipe_row", 3), ("long_press_row", 3):
            let gesture: ScreenList.RowAction.Gesture = words[0] == "swipe_row" ? .swipe : .longPress
            return interpreter.currentScreen.lists.first { $0.name == words[1] }?.actions.filter { $0.gesture == gesture }.map(\.name) ?? []
        case ("outcome", 2):
            return interpreter.pendingCalls
        case ("outcome", 3):
            return outcomeNames(of: words[1])
        case ("advance", 2):
            return interpreter.upcomingTimers.map(\.delay)
        default:
            return []
        }
    }
}

/// `  state a.b: old → new` for each changed leaf: records are compared field by field, so a change to one field
/// of a large record reads as that field, not as two copies of the record.
func stateChanges(_ path: [String], _ old: Value, _ new: Value) -> [String] {
    if old == new { return [] }
    if case .record(let before) = old, case .record(let after) = new {
        return Set(before.keys).union(after.keys).sorted().flatMap { key in
            stateChanges(path + [key], before[key] ?? .null, after[key] ?? .null)
        }
    }
    return ["  state \(path.joined(separator: ".")): \(shownValue(old)) → \(shownValue(new))"]
}

/// A value as the session shows it: text in quotes (so an empty text is seen), everything else as the runtime writes it.
func shownValue(_ value: Value) -> String {
    if case .text(let text) = value { return "\"\(text)\"" }
    return value.description
}

/// `name = value` for a plain value; for a record or a list that is not short, `name:` and then its parts one a line,
/// indented one step further (record fields in name order, list items as `- `).
func valueLines(_ name: String, _ value: Value, indent: String) -> [String] {
    let whole = "\(indent)\(name) = \(shownValue(value))"
    switch value {
    case .record(let fields) where whole.count > 100:
        return ["\(indent)\(name):"] + fields.keys.sorted().flatMap { valueLines($0, fields[$0] ?? .null, indent: indent + "  ") }
    case .list(let items) where whole.count > 100:
        return ["\(indent)\(name): \(items.count) item\(items.count == 1 ? "" : "s")"]
            + items.enumerated().flatMap { valueLines("[\($0.offset)]", $0.element, indent: indent + "  ") }
    default:
        return [whole]
    }
}
