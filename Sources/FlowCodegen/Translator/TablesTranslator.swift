import FlowExpression
import FlowIR
@_spi(Generated) import FlowLowering
@_spi(Generated) import FlowMachine

/// Translates an app's lowered tables into `Tables.swift`: the rows FlowMachine's engine reads, written as data
/// (numbers with a comment naming each row, or one string per table for a very large app), and their fingerprint.
struct TablesTranslator {
    /// The longest line of a table in its string literal, before the indentation.
    static let longestTableLine = 140

    /// Whether `lines` read back the same from a raw multi-line string literal (`#"""`, split at line breaks): no
    /// line break, closing delimiter or raw escape (`\#`) inside a line, and not the one empty line (which reads back
    /// as no line).
    static func fitsRawMultilineString(_ lines: [String]) -> Bool {
        lines != [""] && lines.allSatisfy { line in
            !line.contains(where: \.isNewline) && !line.contains("\"\"\"#") && !line.contains("\\#")
        }
    }

    let lowered: LoweredApp
    let names: AppNames
    let style: TableStyle
    var app: App { lowered.app }

    func declarations() -> [SwiftDeclaration] {
        let t = lowered.tables
        func int32(_ value: Int) -> SwiftExpression { value < 0 ? .parenthesized(.id(String(value))) : .int(value) }
        var members: [SwiftDeclaration] = []
        // FNV-1a over every table, for snapshots: any change to screens, transitions, fields or timers changes it.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ text: String) {
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
            hash = (hash ^ 0xff) &* 0x0000_0100_0000_01b3
        }
        for string in t.strings { mix(string) }
        var fingerprint: String { String(hash, radix: 16) }
        func table(_ name: String, _ type: String, doc: String, columns: [String], rows: [[Int]], comments: [String],
                   build: (([Int]) -> SwiftExpression)) {
            mix(name)
            for row in rows { mix(row.map(String.init).joined(separator: " ")) }
            let fitsInt32 = rows.allSatisfy { $0.allSatisfy { Int(Int32.min) <= $0 && $0 <= Int(Int32.max) } }
            switch style {
            case _ where !fitsInt32:
                // A timer longer than Int32 milliseconds (24.8 days) would not fit the numbers: its rows are initializer calls.
                members.append(SwiftDeclaration(doc: [doc], .variable(isLet: true, isStatic: true, name: name, type: "[\(type)]",
                                                                       value: .arrayLines(rows.map(build), comments: comments), getter: nil)))
            case .literals:
                // The numbers, one row per line with what the row is, in one string literal; the rows are built from
                // them on first use. An array literal of the same numbers (3,500 for Tempo's transitions) is an
                // initializer the optimizer works through element by element: seconds of Tempo's build.
                let lines = rows.indices.map { index -> String in
                    let numbers = rows[index].map(String.init).joined(separator: " ")
                    guard index < comments.count else { return numbers }
                    // The comment names the row for a reader; a long guard is cut so the line stays readable.
                    let line = numbers + " // " + comments[index]
                    return line.count <= Self.longestTableLine ? line : String(line.prefix(Self.longestTableLine - 1)) + "…"
                }
                let closure = SwiftClosure(parameters: ["row"], body: [.expression(build((0..<columns.count).map { -1000 - $0 }))])
                if Self.fitsRawMultilineString(lines) {
                    members.append(SwiftDeclaration(doc: ["Columns: " + columns.joined(separator: ", ") + "; one row per line, with what it is after `//`."],
                                                    .variable(isLet: true, isStatic: true, name: name + "Data", type: nil, value: .multilineString(lines), getter: nil)))
                    members.append(SwiftDeclaration(doc: [doc], .variable(isLet: true, isStatic: true, name: name, type: "[\(type)]",
                                                                           value: .call(.id("decodeTable"), [SwiftArgument(nil, .id(name + "Data"))], trailingClosure: closure), getter: nil)))
                } else {
                    members.append(SwiftDeclaration(doc: ["Columns: " + columns.joined(separator: ", ") + "."], .variable(isLet: true, isStatic: true, name: name + "Data", type: "[Int32]",
                                                                                                                     value: .numberRows(rows, comments: comments), getter: nil)))
                    members.append(SwiftDeclaration(doc: [doc], .variable(isLet: true, isStatic: true, name: name, type: "[\(type)]",
                                                                           value: .call(.id("decodeTable"), [SwiftArgument(nil, .id(name + "Data")), SwiftArgument("columns", .int(columns.count))],
                                                                                        trailingClosure: closure), getter: nil)))
                }
            case .encoded:
                let lines = rows.map { $0.map(String.init).joined(separator: " ") }
                members.append(SwiftDeclaration(doc: ["Columns: " + columns.joined(separator: ", ") + "."], .variable(isLet: true, isStatic: true, name: name + "Data", type: nil, value: .multilineString(lines), getter: nil)))
                let closure = SwiftClosure(parameters: ["row"], body: [.expression(build((0..<columns.count).map { -1000 - $0 }))])
                members.append(SwiftDeclaration(doc: [doc], .variable(isLet: true, isStatic: true, name: name, type: "[\(type)]",
                                                                       value: .call(.id("decodeTable"), [SwiftArgument(nil, .id(name + "Data"))], trailingClosure: closure), getter: nil)))
            }
        }
        // In the encoded style a column value `-1000 - k` stands for `row[k]` (see `column`).
        func column(_ value: Int, _ type: String = "Int32") -> SwiftExpression {
            if value <= -1000 {
                let index = SwiftExpression.subscript(.id("row"), .int(-1000 - value))
                return type == "Int" ? .call(.id("Int"), [SwiftArgument(nil, index)]) : index
            }
            return int32(value)
        }
        func flag(_ value: Int) -> SwiftExpression { value <= -1000 ? .binary("!=", column(value), .int(0)) : .id(value != 0 ? "true" : "false") }
        func target(_ value: Int) -> SwiftExpression {
            if value <= -1000 { return .binary("??", .call(.id("TargetKind"), [SwiftArgument("rawValue", .call(.id("UInt8"), [SwiftArgument(nil, column(value))]))]), .member(nil, "stay")) }
            return .member(nil, ["stay", "screen", "overlay", "back", "subflow", "end"][value])
        }
        func ints(_ values: Int32...) -> [Int] { values.map(Int.init) }

        if style == .literals && !Self.fitsRawMultilineString(t.strings) {
            members.append(SwiftDeclaration(doc: ["IDs, names and messages the other tables point to."], .variable(isLet: true, isStatic: true, name: "strings", type: "[String]",
                                                                                                                 value: .arrayLines(t.strings.map { .string($0) }, comments: t.strings.indices.map { "\($0)" }), getter: nil)))
        } else {
            // One string literal: an array literal of a few hundred strings is as many elements for the optimizer.
            members.append(SwiftDeclaration(doc: ["One string per line: string n is line n + 1."], .variable(isLet: true, isStatic: true, name: "stringsData", type: nil, value: .multilineString(t.strings), getter: nil)))
            members.append(SwiftDeclaration(doc: ["IDs, names and messages the other tables point to."], .variable(isLet: true, isStatic: true, name: "strings", type: "[String]",
                                                                                                                 value: .call(.id("decodeLines"), [SwiftArgument(nil, .id("stringsData"))]), getter: nil)))
        }
        table("screenIDs", "Int32", doc: "Each screen's ID (an index into `strings`), by screen number.", columns: ["id"],
              rows: t.screenIDs.map { ints($0) }, comments: lowered.screenComments) { column($0[0]) }
        table("screens", "ScreenEntry", doc: "Each screen's rows, fields, timers, variants and actions, by screen number.",
              columns: ["flow", "rowStart", "rowEnd", "fieldStart", "fieldEnd", "timerStart", "timerEnd", "variantStart", "variantEnd", "enterActions", "exitActions", "analytics", "backBlocked"],
              rows: t.screens.map { ints($0.flow, $0.rowStart, $0.rowEnd, $0.fieldStart, $0.fieldEnd, $0.timerStart, $0.timerEnd, $0.variantStart, $0.variantEnd,
                                        $0.enterActions, $0.exitActions, $0.analytics, $0.backBlocked ? 1 : 0) },
              comments: lowered.screenComments) { r in
            let numbers = zip(["flow", "rowStart", "rowEnd", "fieldStart", "fieldEnd", "timerStart", "timerEnd", "variantStart", "variantEnd", "enterActions", "exitActions", "analytics"], r).map {
                SwiftArgument($0.0, column($0.1))
            }
            // `backBlocked` defaults to false: a literal row names it only on the screens that block back.
            let blocked = r.count > 12 && r[12] != 0 ? [SwiftArgument("backBlocked", flag(r[12]))] : []
            return .call(.id("ScreenEntry"), numbers + blocked)
        }
        table("rows", "TransitionRow", doc: "Every transition, grouped by screen (then flow, timer and sub-flow return), in declaration order.",
              columns: ["event", "guardID", "actionsID", "target", "argument", "validates"],
              rows: t.rows.map { ints($0.event, $0.guardID, $0.actionsID, Int32($0.target.rawValue), $0.argument, $0.validates ? 1 : 0) },
              comments: lowered.rows.map(\.comment)) { r in
            .call(.id("TransitionRow"), [SwiftArgument("event", column(r[0])), SwiftArgument("guardID", column(r[1])), SwiftArgument("actionsID", column(r[2])),
                                         SwiftArgument("target", target(r[3])), SwiftArgument("argument", column(r[4])), SwiftArgument("validates", flag(r[5]))])
        }
        table("flows", "FlowEntry", doc: "Each flow's start screen, global transitions and global timers.", columns: ["start", "rowStart", "rowEnd", "timerStart", "timerEnd", "name"],
              rows: t.flows.map { ints($0.start, $0.rowStart, $0.rowEnd, $0.timerStart, $0.timerEnd, $0.name) }, comments: app.flows.map(\.name)) { r in
            .call(.id("FlowEntry"), zip(["start", "rowStart", "rowEnd", "timerStart", "timerEnd", "name"], r).map { SwiftArgument($0.0, column($0.1)) })
        }
        table("timers", "TimerEntry", doc: "Every timer: its delay, the rows it fires and the variant that starts it (-1: none).",
              columns: ["milliseconds", "rowStart", "rowEnd", "variant"],
              rows: t.timers.map { [$0.milliseconds, Int($0.rowStart), Int($0.rowEnd), Int($0.variant)] }, comments: lowered.timers.map(\.comment)) { r in
            .call(.id("TimerEntry"), [SwiftArgument("milliseconds", column(r[0], "Int")), SwiftArgument("rowStart", column(r[1])), SwiftArgument("rowEnd", column(r[2])),
                                      SwiftArgument("variant", column(r[3]))])
        }
        table("subflows", "SubflowEntry", doc: "Every sub-flow call: the flow and where its outcomes lead.", columns: ["flow", "returnStart", "returnEnd"],
              rows: t.subflows.map { ints($0.flow, $0.returnStart, $0.returnEnd) }, comments: t.subflows.map { app.flows[Int($0.flow)].name }) { r in
            .call(.id("SubflowEntry"), zip(["flow", "returnStart", "returnEnd"], r).map { SwiftArgument($0.0, column($0.1)) })
        }
        table("returns", "ReturnEntry", doc: "Where each outcome of a sub-flow call leads.", columns: ["outcome", "rowStart", "rowEnd"],
              rows: t.returns.map { ints($0.outcome, $0.rowStart, $0.rowEnd) }, comments: t.returns.map { t.strings[Int($0.outcome)] }) { r in
            .call(.id("ReturnEntry"), zip(["outcome", "rowStart", "rowEnd"], r).map { SwiftArgument($0.0, column($0.1)) })
        }
        table("fields", "FieldEntry", doc: "Every form field, grouped by screen: its name, validator and when it is shown.",
              columns: ["name", "validator", "shownWhen", "shownWhenSource", "secret"],
              rows: t.fields.map { ints($0.name, $0.validator, $0.shownWhen, $0.shownWhenSource, $0.secret ? 1 : 0) }, comments: lowered.fieldComments) { r in
            // `secret` defaults to false: a literal row names it only on the fields that are secret.
            let secret = r.count > 4 && r[4] != 0 ? [SwiftArgument("secret", flag(r[4]))] : []
            return .call(.id("FieldEntry"), [SwiftArgument("name", column(r[0])), SwiftArgument("validator", column(r[1])),
                                             SwiftArgument("shownWhen", column(r[2])), SwiftArgument("shownWhenSource", column(r[3]))] + secret)
        }
        table("variants", "VariantEntry", doc: "Every screen variant, grouped by screen: its name and condition.", columns: ["name", "condition"],
              rows: t.variants.map { ints($0.name, $0.condition) }, comments: lowered.variantComments) { r in
            .call(.id("VariantEntry"), [SwiftArgument("name", column(r[0])), SwiftArgument("condition", column(r[1]))])
        }
        if !t.recurringTimers.isEmpty { mix("recurringTimers " + t.recurringTimers.map(String.init).joined(separator: " ")) }
        // The state's layout too: a snapshot stores the state, so a value added, renamed or retyped (or a case of one
        // of its enums) makes snapshots of the old flows unreadable as they are, even when the tables stay the same.
        mix("state " + app.state.map { "\($0.name): \($0.type)" }.joined(separator: ", "))
        for type in app.types {
            switch type.kind {
            case .enumeration(let cases): mix("enum \(type.name) " + cases.joined(separator: " "))
            case .record(let fields): mix("record \(type.name) " + fields.map { "\($0.name): \($0.type)" }.joined(separator: ", "))
            }
        }
        let answers = t.serviceAnswers.indices.filter { t.serviceAnswers[$0] }
        if !answers.isEmpty { mix("serviceAnswerEvents " + answers.map(String.init).joined(separator: " ")) }
        let repeating = t.repeatingTimers.indices.filter { t.repeatingTimers[$0] }
        if !repeating.isEmpty { mix("repeatingTimers " + repeating.map(String.init).joined(separator: " ")) }
        for policy in t.callPolicies {
            mix("callPolicy \(policy.operation) \(policy.timer) \(policy.timeoutEvent) \(policy.cancelsOnLeave) " + policy.answers.map(String.init).joined(separator: " "))
        }
        members.append(SwiftDeclaration(doc: ["Identifies these tables in snapshots: a machine refuses a snapshot taken with other tables."],
                                        .variable(isLet: true, isStatic: true, name: "fingerprint", type: nil, value: .string(fingerprint), getter: nil)))
        let tableNames = ["strings", "screenIDs", "screens", "rows", "flows", "timers", "subflows", "returns", "fields", "variants"]
        // Only an app with recurring timers (app.every) names them, so other apps' tables read as before.
        let recurringTableArguments: [SwiftArgument] = t.recurringTimers.isEmpty ? [] : [
            SwiftArgument("recurringTimers", .array(t.recurringTimers.map { .int(Int($0)) })),
            SwiftArgument("startFlow", .int(app.startFlow)),
        ]
        // Only an app whose flows call services lists their answers (which leave inactivity timers running).
        let answerArguments: [SwiftArgument] = answers.isEmpty ? [] : [SwiftArgument("serviceAnswerEvents", .array(answers.map { .int($0) }))]
        let repeatingArguments: [SwiftArgument] = repeating.isEmpty ? [] : [SwiftArgument("repeatingTimers", .array(repeating.map { .int($0) }))]
        // Only an app with a call timeout or `when_left: cancel` lists its call policies.
        let policyArguments: [SwiftArgument] = t.callPolicies.isEmpty ? [] : [SwiftArgument("callPolicies", .array(t.callPolicies.map { policy in
            .call(.id("CallPolicyEntry"), [SwiftArgument("operation", int32(Int(policy.operation))), SwiftArgument("timer", int32(Int(policy.timer))),
                                           SwiftArgument("timeoutEvent", int32(Int(policy.timeoutEvent))),
                                           SwiftArgument("cancelsOnLeave", .id(policy.cancelsOnLeave ? "true" : "false")),
                                           SwiftArgument("answers", .array(policy.answers.map { int32(Int($0)) }))])
        }))]
        members.append(SwiftDeclaration(doc: ["The tables in one object, built once; every machine keeps a reference to it."],
                                        .variable(isLet: true, isStatic: true, name: "shared", type: nil,
                                                  value: .call(.id("FlowTables"), tableNames.map { SwiftArgument($0, .id($0)) } + recurringTableArguments + answerArguments + policyArguments + repeatingArguments), getter: nil)))
        return [SwiftDeclaration(doc: ["\(app.name) as data, indexed by screen number: read by the engine, written by flowc."],
                                 .enum(name: names.tables, conformances: [], cases: [], members: members))]
    }
}
