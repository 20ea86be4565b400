import FlowExpression
import FlowIR

/// The lists screens show (`lists:`): the `List` names, `computeRows()` (each row's id and texts, for SwiftUI's
/// `List`/`ForEach` through `rows(_:)`) and `rowEvent(_:at:)` (the event a tap on a row sends, filled from the row).
extension AppNames {
    /// Whether the app's screens show lists: an app without them gets none of the list API (its `List` would have no
    /// case, and a function taking one could never run).
    var showsLists: Bool { !listCases.isEmpty }
}

extension TypesTranslator {
    func listDeclaration() -> SwiftDeclaration {
        let cases = names.listCases.map { entry -> SwiftEnumCase in
            let places = app.screens.filter { $0.lists.contains { $0.name == entry.name } }.map(\.id)
            return nameCase(entry, doc: ["Shown on " + Self.listed(places) + "."])
        }
        return namesDeclaration(name: names.list, doc: ["The lists \(app.name)'s screens show (`lists:`), by their names in the flows: `machine.rows(.\(names.listCases.first?.swift ?? "list"))`."],
                                cases: cases)
    }
}

extension MachineTranslator {

    /// The typed expression of `rows.map(row, row.<field>)`: one payload value per row.
    private func fieldOfEachRow(_ list: ScreenList, _ field: String, _ type: ValueType) -> TypedExpression {
        let row = TypedExpression(type: list.element, span: 0..<0, kind: .local(list.rowName))
        return TypedExpression(type: .list(type), span: 0..<0,
                               kind: .macro(.map, list: list.rows, variable: list.rowName,
                                            body: TypedExpression(type: type, span: 0..<0, kind: .member(row, field)), filter: nil))
    }

    /// `computeRows()`: the current screen's lists, each row's id and texts.
    mutating func rowsFunction() -> SwiftDeclaration {
        var cases: [SwiftSwitchCase] = []
        for (index, screen) in app.screens.enumerated() where !screen.lists.isEmpty {
            let scope = code.formScope(screen)
            let entries = screen.lists.map { list -> SwiftDictionaryEntry in
                let count = code.expressions.value(list.rows, scope: scope)
                var arguments = [SwiftArgument("count", ExpressionTranslator.wrap(count).dot("count"))]
                if let keys = list.keys {
                    let translated = code.expressions.value(keys, scope: scope)
                    let each = SwiftClosure(parameters: [], body: [.expression(.call(.id("String"), [SwiftArgument(nil, .id("$0"))]))])
                    arguments.append(SwiftArgument("ids", .call(.member(ExpressionTranslator.wrap(translated), "map"), [], trailingClosure: each)))
                } else {
                    arguments.append(SwiftArgument("ids", .id("nil")))
                }
                let texts = list.texts.map { text -> SwiftExpression in
                    code.expressions.translatingKey = "\(screen.id).\(list.name).\(text.name)"
                    defer { code.expressions.translatingKey = nil }
                    return .tuple([.member(nil, names.textCase(text.name)), ExpressionTranslator.wrap(code.expressions.value(text.value, scope: scope))])
                }
                arguments.append(SwiftArgument("texts", .array(texts)))
                return SwiftDictionaryEntry(.member(nil, names.listCase(list.name)), .call(.member(.id("FlowRow"), "rows"), arguments))
            }
            cases.append(SwiftSwitchCase(["\(index)"], [.comment("\(screen.id) \(screen.name)"), .return(.dictionary(entries))]))
        }
        let body: [SwiftStatement] = cases.isEmpty ? [.return(.id("[:]"))] : [.switch(.id("screenNumber"), cases + [.default([.return(.id("[:]"))])])]
        return SwiftDeclaration(doc: ["The current screen's lists (`lists:` in the flows), each row with its id (its key, or its position)",
                                      "and its texts filled in, or the `FlowFailure` of a value the flows cannot compute (`rows(_:)` reads",
                                      "them without throwing)."],
                                access: publicAccess,
                                .function(modifiers: [], name: "computeRows", parameters: [], effects: ["throws"],
                                          returns: "[\(names.list): [FlowRow<\(names.text)>]]", body: body))
    }

    /// The statements that make the event a row sends (a tap's or an action's), its payload filled from row `index`;
    /// nil when there is no such row.
    mutating func rowEventBody(_ list: ScreenList, event: EventDeclaration, payload: [(field: String, source: ScreenList.PayloadSource)],
                               scope: ExpressionScope) -> [SwiftStatement] {
        let rows = code.expressions.value(list.rows, scope: scope)
        var body: [SwiftStatement] = [
            .declare(isLet: true, name: "rows", type: nil, value: ExpressionTranslator.wrap(rows)),
            .guard(conditions: [.expression(.call(.member(.id("rows").dot("indices"), "contains"), [SwiftArgument(nil, .id("index"))]))],
                   otherwise: [.return(.id("nil"))]),
        ]
        var arguments: [SwiftArgument] = []
        for field in event.payload {
            guard let source = payload.first(where: { $0.field == field.name })?.source else { continue }
            let value: SwiftExpression
            switch source {
            case .row: value = .subscript(.id("rows"), .id("index"))
            case .index: value = .id("index")
            case .key:
                guard let keys = list.keys else { continue }
                value = .subscript(.parenthesized(ExpressionTranslator.wrap(code.expressions.value(keys, scope: scope))), .id("index"))
            case .field(let name):
                guard case .list(let type) = list.element.fieldType(name, in: app) else { continue }
                let each = code.expressions.value(fieldOfEachRow(list, name, type), scope: scope)
                value = .subscript(.parenthesized(ExpressionTranslator.wrap(each)), .id("index"))
            }
            arguments.append(SwiftArgument(Naming.member(field.name).replacingOccurrences(of: "`", with: ""), value))
        }
        let made: SwiftExpression = event.payload.isEmpty ? .member(nil, names.eventCase(event.name))
            : .call(.member(nil, names.eventCase(event.name)), arguments)
        body.append(.return(made))
        return body
    }

    /// `rowEvent(_:at:)`: the event a tap on a row sends, with its payload taken from the row.
    mutating func rowEventFunction() -> SwiftDeclaration {
        var cases: [SwiftSwitchCase] = []
        for (index, screen) in app.screens.enumerated() {
            let scope = code.formScope(screen)
            for list in screen.lists {
                guard let tap = list.tap, let event = app.events.first(where: { $0.name == tap.event }) else { continue }
                let body = rowEventBody(list, event: event, payload: tap.payload, scope: scope)
                cases.append(SwiftSwitchCase(["(\(index), .\(names.listCase(list.name)))"], [.comment("\(screen.id) \(screen.name): a row of '\(list.name)' sends '\(tap.event)'")] + body))
            }
        }
        let body: [SwiftStatement] = cases.isEmpty ? [.return(.id("nil"))]
            : [.switch(.tuple([.id("screenNumber"), .id("list")]), cases + [.default([.return(.id("nil"))])])]
        return SwiftDeclaration(doc: ["The event a tap on row `index` of `list` sends now (`tap:` in the flows), its payload filled from",
                                      "the row; nil when the current screen does not show `list`, its rows send nothing, or it has no row",
                                      "`index`. Send it as any event."],
                                access: publicAccess,
                                .function(modifiers: [], name: "rowEvent", parameters: [SwiftParameter(label: "_", name: "list", type: names.list), SwiftParameter(label: "at", name: "index", type: "Int")],
                                          effects: ["throws"], returns: "\(names.event)?", body: body))
    }
}

extension ValueType {
    /// `list<type>` of the record field `name` of this record type, for lowering a row's field over the rows; nil when
    /// this is not a record or has no such field.
    func fieldType(_ name: String, in app: App) -> ValueType? {
        guard case .record(let record) = self, let declaration = app.types.first(where: { $0.name == record }),
              case .record(let fields) = declaration.kind, let field = fields.first(where: { $0.name == name }) else { return nil }
        return .list(field.type)
    }
}
