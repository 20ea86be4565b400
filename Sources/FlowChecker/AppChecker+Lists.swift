import FlowExpression
import FlowIR
import FlowSource
import FlowSyntax

/// A screen's `lists:`: rows from a list expression, each row's texts and key with the row's name bound, the event a
/// tap on a row sends (its payload filled from the row), and the empty state.
extension AppChecker {
    func checkLists(_ syntax: ScreenSyntax, screen index: Int, context: ScreenContext, environment: TypeEnvironment) {
        var listNames: Set<String> = []
        for list in syntax.lists {
            checkSnakeCase(list.name, "list")
            guard listNames.insert(list.name.value).inserted else {
                error("duplicate-declaration", "screen '\(syntax.id.value)' has two lists named '\(list.name.value)'", at: list.name.range)
                continue
            }
            if let checked = checkList(list, syntax: syntax, screen: index, context: context, environment: environment) {
                app.screens[index].lists.append(checked)
            }
        }
    }

    private func checkList(_ syntax: ScreenListSyntax, syntax screen: ScreenSyntax, screen index: Int, context: ScreenContext,
                           environment: TypeEnvironment) -> ScreenList? {
        let what = "list '\(syntax.name.value)' of screen '\(screen.id.value)'"
        guard let source = syntax.rows, let rows = check(source, expected: nil, in: environment, role: "rows of \(what)") else { return nil }
        guard case .list(let element) = rows.type else {
            if rows.type != .error {
                error("list-not-a-list", "the rows of \(what) must be a list, but '\(source.text)' is '\(rows.type)'", at: source.range,
                      notes: [.init(rows.type.isNullable ? "give the list to use when it is null: '\(source.text) ?? []'"
                                    : "name a list of the state or a derived list, as in 'rows: assets' or 'rows: assets.filter(a, a.category == AssetCategory.cash)'")])
            }
            return nil
        }
        let rowName = syntax.row?.value ?? "row"
        if let row = syntax.row { checkSnakeCase(row, "row name") }
        if environment.variables[rowName] != nil {
            error("duplicate-declaration", "the row name '\(rowName)' of \(what) is already a name of the state, a derived value or a field; "
                  + "give the rows another name with 'row:'", at: syntax.row?.range ?? syntax.name.range)
            return nil
        }
        var rowEnvironment = environment
        rowEnvironment.variables[rowName] = element
        var list = ScreenList(name: syntax.name.value, rows: rows, rowName: rowName, element: element, range: syntax.range)
        func overRows(_ body: TypedExpression) -> TypedExpression {
            TypedExpression(type: .list(body.type), span: 0..<0,
                            kind: .macro(.map, list: rows, variable: rowName, body: body.localising(rowName), filter: nil))
        }
        var keyType: ValueType?
        if let keySource = syntax.key, let key = check(keySource, expected: nil, in: rowEnvironment, role: "key of \(what)") {
            if key.type == .text || key.type == .int {
                list.keys = overRows(key)
                keyType = key.type
            } else if key.type != .error {
                error("invalid-list-key", "the key of \(what) must be a text or a whole number that tells rows apart, but '\(keySource.text)' is '\(key.type)'",
                      at: keySource.range, notes: [.init("use the element's id, as in 'key: \(rowName).id'")])
            }
        }
        var textNames: Set<String> = Set(app.screens[index].texts.map(\.name))
        for text in syntax.texts {
            checkSnakeCase(text.name, "text")
            let key = "\(screen.id.value).\(syntax.name.value).\(text.name.value)"
            guard !list.texts.contains(where: { $0.name == text.name.value }) else {
                error("duplicate-declaration", "\(what) has two row texts named '\(text.name.value)'", at: text.name.range)
                continue
            }
            if let keyed = checkKeyedText(text.template, key: key, kind: .text,
                                          comment: "screen \(screen.id.value) (\(screen.name?.value ?? screen.id.value)), list '\(syntax.name.value)', each row's text '\(text.name.value)'",
                                          in: rowEnvironment, what: "row text '\(text.name.value)'") {
                list.texts.append((text.name.value, overRows(keyed.value)))
                app.localisation.shownInside.append(keyed.localising(rowName))
            }
        }
        for text in syntax.empty {
            checkSnakeCase(text.name, "text")
            guard textNames.insert(text.name.value).inserted else {
                error("duplicate-declaration", "screen '\(screen.id.value)' has two texts named '\(text.name.value)' (the empty state of \(what) is the screen's texts)",
                      at: text.name.range)
                continue
            }
            guard let keyed = checkKeyedText(text.template, key: "\(screen.id.value).\(text.name.value)", kind: .text,
                                             comment: "screen \(screen.id.value) (\(screen.name?.value ?? screen.id.value)), text '\(text.name.value)' shown while list '\(syntax.name.value)' is empty",
                                             in: environment, what: "text '\(text.name.value)'") else { continue }
            let value = keyed.value
            app.localisation.shownInside.append(keyed)
            let count = TypedExpression(type: .int, span: 0..<0, kind: .call(function: .size, arguments: [rows]))
            let zero = TypedExpression(type: .int, span: 0..<0, kind: .literal(.int(0)))
            let isEmpty = TypedExpression(type: .bool, span: 0..<0, kind: .binary(.equal, count, zero))
            app.screens[index].texts.append((text.name.value, Self.shownOnlyWhile(isEmpty, value)))
            list.emptyTexts.append(text.name.value)
        }
        if let tap = syntax.tap {
            // A tap whose payload cannot be filled still counts as declared, so `tap_row` steps get no second error.
            list.tap = checkRowEvent(tap, element: element, keyType: keyType, rowName: rowName, what: what, environment: environment) ?? (tap.value, [])
        }
        list.actions = checkRowActions(syntax.actions, list: list, screen: screen, keyType: keyType, what: what,
                                       environment: environment, rowEnvironment: rowEnvironment, overRows: overRows)
        return list
    }

    /// The row event and where its payload comes from: a payload field named `row` takes the element, `index` its
    /// position, `key` its key, and any other the element's field of that name (or, for rows of plain values such as
    /// names, the element itself), each of the payload field's type.
    func checkRowEvent(_ tap: Located<String>, element: ValueType, keyType: ValueType?, rowName: String,
                       what: String, environment: TypeEnvironment, gesture: String = "a tap") -> (event: String, payload: [(field: String, source: ScreenList.PayloadSource)])? {
        let declared = eventIndex[tap.value].map { app.events[$0] }
        guard let declared, !declared.payload.isEmpty else {
            error("row-event-payload", "\(gesture) on a row of \(what) sends '\(tap.value)', which carries nothing; declare what it carries, "
                  + "as in 'events: { \(tap.value): { payload: { \(example(element)) } } }'", at: tap.range)
            return nil
        }
        var fields: [(name: String, type: ValueType)] = []
        if case .record(let record) = element, let members = records[record] { fields = members.map { ($0.name, $0.type) } }
        var payload: [(field: String, source: ScreenList.PayloadSource)] = []
        var problems: [String] = []
        for field in declared.payload {
            let wanted = environment.resolved(field.type)
            let (source, found): (ScreenList.PayloadSource, ValueType?) = switch field.name {
            case "row": (.row, element)
            case "index": (.index, .int)
            case "key": (.key, keyType)
            default:
                if case .record = element {
                    (.field(field.name), fields.first { $0.name == field.name }.map { environment.resolved($0.type) })
                } else {
                    // Rows of plain values (`list<text>` of names) have no fields: any other payload field takes the element.
                    (.row, element)
                }
            }
            guard let found else {
                problems.append(field.name == "key" ? "'key' (the list has no 'key:')" : "'\(field.name)' (a row's element has no such field)")
                continue
            }
            guard found == wanted || (found.nonOptional == wanted.nonOptional && wanted.isNullable) else {
                problems.append("'\(field.name)' as '\(wanted)' (the row's is '\(found)')")
                continue
            }
            payload.append((field.name, source))
        }
        guard problems.isEmpty else {
            error("row-event-payload", "\(gesture) on a row of \(what) sends '\(tap.value)', but a row cannot fill its \(problems.joined(separator: ", "))",
                  at: tap.range, notes: [.init("a payload field named 'row' takes the row's element, 'index' its position, 'key' its key, "
                                               + "and any other the element's field of that name, as in 'payload: { id: text }' for '\(rowName).id'")])
            return nil
        }
        return (tap.value, payload)
    }

    private func example(_ element: ValueType) -> String {
        if case .record(let record) = element, let first = records[record]?.first { return "\(first.name): \(first.type)" }
        return "index: int"
    }
}
