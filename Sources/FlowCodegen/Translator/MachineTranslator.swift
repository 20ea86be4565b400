import FlowExpression
import FlowIR
@_spi(Generated) import FlowLowering
@_spi(Generated) import FlowMachine

/// Builds the declarations of an app's types, machine and tables from the IR and the numbered tables.
struct MachineTranslator {
    let app: App
    let names: AppNames
    var tables: TableBuilder
    let style: TableStyle
    let options: GeneratorOptions
    /// The state's initial values that cannot fail, by variable name: the defaults of `<App>State`'s properties, so
    /// `<App>State()` is the app's start and no initializer writes the state twice.
    var stateDefaults: [String: SwiftExpression] = [:]

    /// The access level of the host-facing API (`accessModifier` in flowc-config.yaml).
    private var publicAccess: SwiftAccess {
        switch options.accessModifier {
        case .public: .public
        case .package: .package
        case .internal: .internal
        }
    }
    /// Readable by the host, written only by the module.
    private var readOnlyAccess: SwiftAccess {
        switch options.accessModifier {
        case .public: .publicReadOnly
        case .package: .packageReadOnly
        case .internal: .internal
        }
    }
    /// What FlowMachine's engine calls: public to it, hidden from the host app (`@_spi(Generated)`).
    private let spi = ["@_spi(Generated)"]

    // MARK: Types

    func typeDeclarations() -> [SwiftDeclaration] {
        var declarations = [screenDeclaration(), fieldDeclaration(), variantDeclaration(), endingDeclaration(), textDeclaration(), subflowDeclaration(), eventDeclaration(),
                            effectDeclaration(), operationDeclaration(), serviceCallDeclaration()] + servicesDeclarations() + [outcomesDeclaration()]
        for type in app.types { declarations.append(domainDeclaration(type)) }
        declarations.append(stateDeclaration())
        return declarations
    }

    /// The doc comment of a screen: its name, step, description and the criteria that concern it.
    func screenDoc(_ index: Int) -> [String] {
        let screen = app.screens[index]
        var doc = ["\(screen.name) (\(screen.id))" + (screen.step.map { ", step \($0)" } ?? "") + (screen.presentation == .screen ? "" : ", shown as a \(screen.presentation.rawValue)")]
        if let description = screen.description { doc += ["", description] }
        let criteria = app.criteria.filter { $0.screens.contains(index) }
        if !criteria.isEmpty {
            doc += ["", "Acceptance criteria:"]
            for criterion in criteria { doc.append("- \(criterion.id): \(criterion.text)") }
        }
        return doc
    }

    func screenDeclaration() -> SwiftDeclaration {
        let doc = ["The screens of \(app.name), by the seed's screen IDs."]
        if style == .encoded {
            // A 10,000-case enum takes swiftc minutes; a number with the ID looked up in the tables does not.
            return largeScreenType(doc: doc)
        }
        var cases: [SwiftEnumCase] = []
        var numberCases: [SwiftSwitchCase] = []
        var nameCases: [SwiftSwitchCase] = []
        for (index, screen) in app.screens.enumerated() {
            let name = names.screenCases[index]
            cases.append(SwiftEnumCase(doc: screenDoc(index), name: name, rawValue: .string(screen.id)))
            numberCases.append(SwiftSwitchCase([".\(name)"], [.return(.int(index))]))
            nameCases.append(SwiftSwitchCase([".\(name)"], [.return(.string(screen.name))]))
        }
        let members: [SwiftDeclaration] = [
            SwiftDeclaration(doc: ["The screen's name in the seed."], access: publicAccess,
                             .variable(isLet: false, isStatic: false, name: "name", type: "String", value: nil, getter: [.switch(.id("self"), nameCases)])),
            SwiftDeclaration(doc: ["The screen's position in the app's tables."], access: publicAccess,
                             .variable(isLet: false, isStatic: false, name: "number", type: "Int32", value: nil, getter: [.switch(.id("self"), numberCases)])),
            SwiftDeclaration(doc: ["The screen at `number` in the app's tables."], access: publicAccess, .initializer(parameters: [SwiftParameter(name: "number", type: "Int32")], effects: [], body: [
                .assign(.id("self"), .subscript(.member(.id("Self"), "ordered"), .call(.id("Int"), [SwiftArgument(nil, .id("number"))]))),
            ])),
            SwiftDeclaration(.variable(isLet: true, isStatic: true, name: "ordered", type: "[\(names.screen)]", value: .id("allCases"), getter: nil)),
            screenshotProtectionMember(access: publicAccess),
        ]
        return SwiftDeclaration(doc: doc, access: publicAccess, .enum(name: names.screen, conformances: ["String", "CaseIterable", "Sendable"], cases: cases, members: members))
    }

    /// The screen type of a very large app: a number, with the seed ID read from the tables.
    func largeScreenType(doc: [String]) -> SwiftDeclaration {
        let strings = SwiftExpression.member(.id(names.tables), "strings")
        let ids = SwiftExpression.member(.id(names.tables), "screenIDs")
        func int(_ value: SwiftExpression) -> SwiftExpression { .call(.id("Int"), [SwiftArgument(nil, value)]) }
        let matches = SwiftClosure(parameters: [], body: [.expression(.binary("==", .subscript(strings, int(.id("$0"))), .id("rawValue")))])
        let members: [SwiftDeclaration] = [
            SwiftDeclaration(doc: ["The screen's position in the app's tables."], access: publicAccess,
                             .variable(isLet: true, isStatic: false, name: "number", type: "Int32", value: nil, getter: nil)),
            SwiftDeclaration(access: publicAccess, .initializer(parameters: [SwiftParameter(name: "number", type: "Int32")], effects: [], body: [
                .assign(.member(.id("self"), "number"), .id("number")),
            ])),
            SwiftDeclaration(doc: ["The seed's screen ID."], access: publicAccess,
                             .variable(isLet: false, isStatic: false, name: "rawValue", type: "String", value: nil, getter: [
                                .return(.subscript(strings, int(.subscript(ids, int(.id("number")))))),
                             ])),
            SwiftDeclaration(access: publicAccess, .initializer(parameters: [SwiftParameter(name: "rawValue", type: "String")], effects: ["?"], body: [
                .guard(conditions: [.bind(name: "index", value: .call(.member(ids, "firstIndex"), [SwiftArgument("where", .closure(matches))]))], otherwise: [.return(.id("nil"))]),
                .assign(.id("number"), .call(.id("Int32"), [SwiftArgument(nil, .id("index"))])),
            ])),
            screenshotProtectionMember(access: publicAccess),
        ]
        return SwiftDeclaration(doc: doc, access: publicAccess, .struct(name: names.screen, conformances: ["Hashable", "Sendable", "RawRepresentable"], members: members))
    }

    func eventDeclaration() -> SwiftDeclaration {
        var cases: [SwiftEnumCase] = []
        var numberCases: [SwiftSwitchCase] = []
        var nameCases: [SwiftSwitchCase] = []
        let raised = app.raisedEventNames
        for (index, event) in app.events.enumerated() {
            let name = names.eventCase(event.name)
            var doc: [String] = []
            let parts = event.name.split(separator: ".")
            if parts.count == 3 {
                doc.append("Outcome `\(parts[2])` of the service call `\(parts[0]).\(parts[1])`.")
            }
            if let description = event.description { doc.append(description) }
            var associated = event.payload.map { SwiftParameter(name: Naming.member($0.name).replacingOccurrences(of: "`", with: ""), type: names.swiftType($0.type)) }
            if raised.contains(event.name) {
                doc.append("Raised by the flows (`raise: \(event.name)`), never sent by the app: only the machine can make the `RaisedByFlows` it carries.")
                associated.append(SwiftParameter(name: "raisedBy", type: "RaisedByFlows"))
            }
            cases.append(SwiftEnumCase(doc: doc, name: name, associated: associated))
            let pattern = associated.isEmpty ? ".\(name)" : ".\(name)"
            numberCases.append(SwiftSwitchCase([pattern], [.return(.int(index))]))
            nameCases.append(SwiftSwitchCase([pattern], [.return(.string(event.name))]))
        }
        cases.append(SwiftEnumCase(doc: ["A timer the machine started (`.startTimer`) is due."], name: "timerFired", associated: [SwiftParameter(name: "token", type: "TimerToken")]))
        numberCases.append(SwiftSwitchCase([".timerFired"], [.return(.parenthesized(.id("-2")))]))
        nameCases.append(SwiftSwitchCase([".timerFired"], [.return(.string("timer"))]))
        var byName: [SwiftSwitchCase] = []
        // An event the flows raise is not built by name either: nothing outside sends it.
        for event in app.events where !raised.contains(event.name) {
            let name = names.eventCase(event.name)
            let value: SwiftExpression = event.payload.isEmpty ? .member(nil, name) : .call(.member(nil, name), event.payload.map { field in
                SwiftArgument(Naming.member(field.name).replacingOccurrences(of: "`", with: ""), payloadReading(field.name, field.type))
            })
            byName.append(SwiftSwitchCase([TextRenderer().expression(.string(event.name))], [.assign(.id("self"), value)]))
        }
        let raisedNames = app.events.filter { raised.contains($0.name) }.map { TextRenderer().expression(.string($0.name)) }
        if !raisedNames.isEmpty {
            byName.append(SwiftSwitchCase(raisedNames, [.throw(.call(.id("FlowEventError"), [SwiftArgument("event", .id("name")),
                                                                                            SwiftArgument("reason", .member(nil, "raisedByFlows"))]))]))
        }
        byName.append(.default([.throw(.call(.id("FlowEventError"), [SwiftArgument("event", .id("name")), SwiftArgument("reason", .member(nil, "unknownEvent"))]))]))
        let readsPayload = app.events.contains { !raised.contains($0.name) && !$0.payload.isEmpty }
        let members: [SwiftDeclaration] = [
            SwiftDeclaration(doc: ["The event named `name` in the flows, for scripts, deep links and replays, with its payload fields written as",
                                   "text: text as it is, money and numbers as `4.35` (money in the app's currency), `true`/`false`, dates",
                                   "`2026-01-31`, timestamps `2026-01-31T09:30Z`, enum values by name, lists and records as JSON.",
                                   "- Throws: `FlowEventError` for a name the flows do not handle or raise themselves, and for a payload field",
                                   "  missing or not of its type (an optional field may be left out; fields the event lacks are ignored)."],
                             access: publicAccess,
                             .initializer(parameters: [SwiftParameter(name: "name", type: "String"), SwiftParameter(name: "payload", type: "[String: String]", defaultValue: .dictionary([]))],
                                          effects: ["throws(FlowEventError)"],
                                          body: (readsPayload ? [.declare(isLet: true, name: "fields", type: nil, value: .call(.id("EventPayload"), [SwiftArgument(nil, .id("name")), SwiftArgument(nil, .id("payload"))]))] : [])
                                            + [.switch(.id("name"), byName)])),
            SwiftDeclaration(doc: ["The event's name in the flows (`tap_continue`, `equals.log_in.success`)."], access: publicAccess,
                             .variable(isLet: false, isStatic: false, name: "name", type: "String", value: nil, getter: [.switch(.id("self"), nameCases)])),
            SwiftDeclaration(doc: ["The event's number in the transition table."], access: .public, attributes: spi,
                             .variable(isLet: false, isStatic: false, name: "number", type: "Int32", value: nil, getter: [.switch(.id("self"), numberCases)])),
            SwiftDeclaration(doc: ["The timer this event reports as due."], access: .public, attributes: spi,
                             .variable(isLet: false, isStatic: false, name: "firedTimer", type: "TimerToken?", value: nil, getter: [
                                .if(conditions: [.pattern(".timerFired(let token)", .id("self"))], then: [.return(.id("token"))], otherwise: nil),
                                .return(.id("nil")),
                             ])),
        ]
        return SwiftDeclaration(doc: ["The events \(app.name) reacts to: taps and entries, service outcomes, timers."], access: publicAccess,
                                .enum(name: names.event, conformances: ["Hashable", "Sendable", "Codable", "FlowMachineEvent"], cases: cases,
                                      members: members + codableMembers(cases, typeName: names.event)))
    }

    /// Reads payload field `field` of type `type` from `fields` (an `EventPayload`) in an event built by name.
    func payloadReading(_ field: String, _ type: ValueType) -> SwiftExpression {
        let reader = SwiftExpression.id("fields")
        let name = SwiftArgument(nil, .string(field))
        func read(_ method: String, _ more: [SwiftArgument] = []) -> SwiftExpression { .try(.call(.member(reader, method), [name] + more)) }
        switch type {
        case .text: return read("text")
        case .money: return read("money", [SwiftArgument("currency", .string(app.currency))])
        case .decimal: return read("decimal")
        case .int, .duration: return read("int")
        case .bool: return read("bool")
        case .date: return read("date")
        case .timestamp: return read("timestamp")
        case .enumeration(let type): return read("name", [SwiftArgument(nil, .member(.id(names.typeName(type)), "self"))])
        case .list, .record: return read("json", [SwiftArgument(nil, .member(.id(names.swiftType(type)), "self"))])
        case .optional(let wrapped):
            return .ternary(.binary("==", .subscript(.member(reader, "payload"), .string(field)), .id("nil")), .id("nil"), payloadReading(field, wrapped))
        case .null, .error: return .call(.member(reader, "optionalText"), [name])
        }
    }

    func effectDeclaration() -> SwiftDeclaration {
        SwiftDeclaration(doc: ["What the host app must do after a step, in order: service calls (`.call(\(names.serviceCall))`), analytics,",
                               "pushes, toasts and timers. `FlowDriver` performs them; see `FlowEffect`."], access: publicAccess,
                         .typealias(name: names.effect, type: "FlowEffect<\(names.serviceCall)>"))
    }

    /// An enum of names the flows give (fields, variants, endings, operations): raw values are the flow names.
    func namesDeclaration(name: String, doc: [String], cases: [SwiftEnumCase]) -> SwiftDeclaration {
        if cases.isEmpty {
            // An enum without cases cannot have a raw type: it gets the one value-less conformance by hand.
            return SwiftDeclaration(doc: doc, access: publicAccess, .enum(name: name, conformances: ["FlowName"], cases: [], members: [
                SwiftDeclaration(access: publicAccess, .initializer(parameters: [SwiftParameter(name: "rawValue", type: "String")], effects: ["?"], body: [.return(.id("nil"))])),
                SwiftDeclaration(access: publicAccess, .variable(isLet: false, isStatic: false, name: "rawValue", type: "String", value: nil, getter: [.switch(.id("self"), [])])),
            ]))
        }
        return SwiftDeclaration(doc: doc, access: publicAccess, .enum(name: name, conformances: ["String", "FlowName"], cases: cases, members: []))
    }

    /// Places for a doc comment: all of them, or the first eight and how many more (a field on every tenth screen of a
    /// 10,000-screen app would otherwise take a thousand).
    static func listed(_ places: [String]) -> String {
        places.count <= 8 ? places.joined(separator: ", ") : places.prefix(8).joined(separator: ", ") + " and \(places.count - 8) more"
    }

    func nameCase(_ entry: (name: String, swift: String), doc: [String]) -> SwiftEnumCase {
        SwiftEnumCase(doc: doc, name: entry.swift, rawValue: entry.swift.replacingOccurrences(of: "`", with: "") == entry.name ? nil : .string(entry.name))
    }

    func fieldDeclaration() -> SwiftDeclaration {
        let cases = names.fieldCases.map { entry -> SwiftEnumCase in
            let places = app.screens.compactMap { screen -> String? in
                guard let field = screen.fields.first(where: { $0.name == entry.name }) else { return nil }
                return screen.id + (field.label.map { " (\($0))" } ?? "")
            }
            return nameCase(entry, doc: ["On " + Self.listed(places) + "."])
        }
        return namesDeclaration(name: names.field, doc: ["The form fields of \(app.name), by their names in the flows: `machine.fill(.\(names.fieldCases.first?.swift ?? "field"), .text(...))`.",
                                                          "One enum for the whole app, so a field keeps its case on every screen that has it; filling a field the",
                                                          "current screen does not have throws."], cases: cases)
    }

    func variantDeclaration() -> SwiftDeclaration {
        let cases = names.variantCases.map { entry -> SwiftEnumCase in
            let places = app.screens.filter { $0.variants.contains { $0.name == entry.name } }.map(\.id)
            return nameCase(entry, doc: ["A variant of " + Self.listed(places) + "."])
        }
        return namesDeclaration(name: names.variant, doc: ["The screen variants of \(app.name) (what `variant()` returns), by their names in the flows."], cases: cases)
    }

    func endingDeclaration() -> SwiftDeclaration {
        let cases = names.endingCases.map { entry -> SwiftEnumCase in
            let flows = app.flows.filter { $0.outcomes.contains(entry.name) }.map { "`\($0.name)`" }
            return nameCase(entry, doc: flows.isEmpty ? [] : ["An outcome of " + flows.joined(separator: ", ") + "."])
        }
        return namesDeclaration(name: names.ending, doc: ["The outcomes \(app.name)'s flows end with (`ended` once a run is over; a sub-flow's outcome leads back to its caller)."],
                                cases: cases)
    }

    func textDeclaration() -> SwiftDeclaration {
        let cases = names.textCases.map { entry -> SwiftEnumCase in
            let places = app.screens.filter { $0.texts.contains { $0.name == entry.name } }.map(\.id)
            return nameCase(entry, doc: ["Shown on " + Self.listed(places) + "."])
        }
        return namesDeclaration(name: names.text, doc: ["What \(app.name)'s screens show in words (`texts:`), by their names in the flows: `try machine.texts()[.\(names.textCases.first?.swift ?? "text")]`."],
                                cases: cases)
    }

    func subflowDeclaration() -> SwiftDeclaration {
        let cases = names.subflowCases.map { entry -> SwiftEnumCase in
            let title = app.flows.first { $0.name == entry.name }?.title
            return nameCase(entry, doc: title.map { [$0 + "."] } ?? [])
        }
        return namesDeclaration(name: names.subflow, doc: ["The flows \(app.name) calls as sub-flows, by their names in the flows (`activeSubflows`)."], cases: cases)
    }

    func operationDeclaration() -> SwiftDeclaration {
        var cases: [SwiftEnumCase] = []
        for (serviceIndex, service) in app.services.enumerated() {
            for (operationIndex, operation) in service.operations.enumerated() {
                let name = names.operationCase(service: serviceIndex, operation: operationIndex)
                cases.append(SwiftEnumCase(doc: ["\(service.displayName ?? service.name): `\(operation.name)`."], name: name, rawValue: .string("\(service.name).\(operation.name)")))
            }
        }
        return namesDeclaration(name: names.operation, doc: ["The service operations \(app.name) calls, by their names in the flows (`service.operation`)."], cases: cases)
    }

    /// The services the host implements: one protocol per service (`TempoEqualsService`), one `async throws`
    /// function per operation returning its outcome; `TempoServices`, all of them; and `TempoServiceSet`, which
    /// composes one implementation of each into the app's services (so a test fakes only the service it is about).
    func servicesDeclarations() -> [SwiftDeclaration] {
        var declarations: [SwiftDeclaration] = []
        var forwards: [SwiftDeclaration] = []
        var stored: [SwiftDeclaration] = []
        var initParameters: [SwiftParameter] = []
        var initBody: [SwiftStatement] = []
        for (serviceIndex, service) in app.services.enumerated() {
            var members: [SwiftDeclaration] = []
            let property = names.serviceProperty(serviceIndex)
            for (operationIndex, operation) in service.operations.enumerated() {
                let name = names.operationCase(service: serviceIndex, operation: operationIndex)
                var doc = ["\(service.displayName ?? service.name): `\(operation.name)`" + (operation.description.map { ". " + $0 } ?? ".")]
                doc.append("Answer with one of its outcomes: " + operation.outcomes.map { "`\($0.name)`" }.joined(separator: ", ") + ". Throw only for what the flows do not model: the machine then")
                doc.append("stays where it is and `FlowSinks.failure` hears of it.")
                let parameters = operation.input.map { SwiftParameter(name: Naming.member($0.name), type: names.swiftType($0.type)) }
                let returns = names.outcome + "." + names.outcomeType(service: serviceIndex, operation: operationIndex)
                members.append(SwiftDeclaration(doc: doc, .requirement(name: name, parameters: parameters, effects: ["async", "throws"], returns: returns)))
                // `self.`: an input may have the service's name (Rail's `passcode.create(passcode:)`).
                let call = SwiftExpression.call(.member(.member(.id("self"), property), name), operation.input.map {
                    SwiftArgument(Naming.member($0.name).replacingOccurrences(of: "`", with: ""), .id(Naming.member($0.name)))
                })
                forwards.append(SwiftDeclaration(access: publicAccess, .function(modifiers: [], name: name, parameters: parameters, effects: ["async", "throws"], returns: returns,
                                                                                 body: [.return(.try(.await(call)))])))
            }
            let protocolName = names.serviceProtocol(serviceIndex)
            declarations.append(SwiftDeclaration(doc: ["\(service.displayName ?? service.name) (`\(service.name)`)" + (service.description.map { ": " + $0 } ?? ".")],
                                                 access: publicAccess, .protocol(name: protocolName, conformances: ["Sendable"], members: members)))
            stored.append(SwiftDeclaration(doc: ["What answers `\(service.name)`'s operations."], access: publicAccess,
                                           .variable(isLet: false, isStatic: false, name: property, type: "any " + protocolName, value: nil, getter: nil)))
            initParameters.append(SwiftParameter(name: property, type: "any " + protocolName))
            initBody.append(.assign(.member(.id("self"), property), .id(property)))
        }
        let implement = app.services.isEmpty ? "implement this protocol" : "implement this protocol (or one protocol per service, composed with `\(names.serviceSet)`)"
        declarations.append(SwiftDeclaration(doc: ["The services \(app.name) calls: \(implement) and give it to `FlowDriver`, which calls it for every `.call`",
                                                   "effect and sends the outcome back to the machine. Calls run off the main actor."],
                                             access: publicAccess, .protocol(name: names.services, conformances: ["Sendable"] + app.services.indices.map(names.serviceProtocol), members: [])))
        if !app.services.isEmpty {
            declarations.append(SwiftDeclaration(doc: ["\(app.name)'s services composed from one implementation per service: `\(names.serviceSet)(\(app.services.indices.map { names.serviceProperty($0) + ": ..." }.joined(separator: ", ")))`.",
                                                       "A test fakes the service it is about and passes the live (or another fake) for the rest."],
                                                 access: publicAccess, .struct(name: names.serviceSet, conformances: [names.services],
                                                                               members: stored + [SwiftDeclaration(doc: ["One implementation per service."], access: publicAccess,
                                                                                                                   .initializer(parameters: initParameters, effects: [], body: initBody))] + forwards)))
        }
        return declarations
    }

    /// One enum per operation, in the namespace `<App>Outcome`: its outcomes with their outputs, and the event each is to the machine.
    func outcomesDeclaration() -> SwiftDeclaration {
        var members: [SwiftDeclaration] = []
        for (serviceIndex, service) in app.services.enumerated() {
            for (operationIndex, operation) in service.operations.enumerated() {
                var cases: [SwiftEnumCase] = []
                var eventCases: [SwiftSwitchCase] = []
                for (outcomeIndex, outcome) in operation.outcomes.enumerated() {
                    let name = names.outcomeCase(service: serviceIndex, operation: operationIndex, outcome: outcomeIndex)
                    let labels = outcome.output.map { Naming.member($0.name).replacingOccurrences(of: "`", with: "") }
                    cases.append(SwiftEnumCase(doc: outcome.description.map { [$0] } ?? [], name: name,
                                               associated: zip(labels, outcome.output).map { SwiftParameter(name: $0.0, type: names.swiftType($0.1.type)) }))
                    let eventName = "\(service.name).\(operation.name).\(outcome.name)"
                    let payload = app.events.first { $0.name == eventName }?.payload ?? outcome.output
                    let pattern = labels.isEmpty ? ".\(name)" : ".\(name)(" + labels.map { "let " + Naming.member($0) }.joined(separator: ", ") + ")"
                    let event: SwiftExpression = payload.isEmpty ? .member(nil, names.eventCase(eventName)) : .call(.member(nil, names.eventCase(eventName)), payload.map { field in
                        let label = Naming.member(field.name).replacingOccurrences(of: "`", with: "")
                        return SwiftArgument(label, outcome.output.contains { $0.name == field.name } ? .id(Naming.member(field.name)) : names.zeroValue(field.type))
                    })
                    eventCases.append(SwiftSwitchCase([pattern], [.return(event)]))
                }
                let eventMember = SwiftDeclaration(doc: ["The outcome as the event the machine handles."], access: publicAccess,
                                                   .variable(isLet: false, isStatic: false, name: "event", type: names.event, value: nil, getter: [.switch(.id("self"), eventCases)]))
                let typeName = names.outcomeType(service: serviceIndex, operation: operationIndex)
                members.append(SwiftDeclaration(doc: ["The outcomes of \(service.displayName ?? service.name): `\(operation.name)`."], access: publicAccess,
                                                .enum(name: typeName, conformances: ["Hashable", "Sendable", "Codable"],
                                                      cases: cases, members: cases.isEmpty ? [] : [eventMember] + codableMembers(cases, typeName: names.outcome + "." + typeName))))
            }
        }
        return SwiftDeclaration(doc: ["What each service operation of \(app.name) answers (`\(names.services)`)."], access: publicAccess,
                                .enum(name: names.outcome, conformances: [], cases: [], members: members))
    }

    func serviceCallDeclaration() -> SwiftDeclaration {
        var cases: [SwiftEnumCase] = []
        var operationCases: [SwiftSwitchCase] = []
        for (serviceIndex, service) in app.services.enumerated() {
            for (operationIndex, operation) in service.operations.enumerated() {
                let name = names.operationCase(service: serviceIndex, operation: operationIndex)
                var doc = ["\(service.displayName ?? service.name): `\(operation.name)`; outcomes: " + operation.outcomes.map { "`\($0.name)`" }.joined(separator: ", ") + "."]
                if let description = operation.description { doc.append(description) }
                cases.append(SwiftEnumCase(doc: doc, name: name, associated: operation.input.map {
                    SwiftParameter(name: Naming.member($0.name).replacingOccurrences(of: "`", with: ""), type: names.swiftType($0.type))
                }))
                operationCases.append(SwiftSwitchCase([".\(name)"], [.return(.member(nil, name))]))
            }
        }
        var argumentCases: [SwiftSwitchCase] = []
        for (serviceIndex, service) in app.services.enumerated() {
            for (operationIndex, operation) in service.operations.enumerated() {
                let name = names.operationCase(service: serviceIndex, operation: operationIndex)
                guard !operation.input.isEmpty else {
                    argumentCases.append(SwiftSwitchCase([".\(name)"], [.return(.dictionary([]))]))
                    continue
                }
                let bindings = operation.input.map { "let " + Naming.member($0.name) }.joined(separator: ", ")
                let entries = operation.input.map { input -> SwiftDictionaryEntry in
                    let value = SwiftExpression.id(Naming.member(input.name))
                    let rendered = names.describing(value, input.type, quoted: false, stored: false)
                    return SwiftDictionaryEntry(.string(input.name), rendered)
                }
                argumentCases.append(SwiftSwitchCase([".\(name)(\(bindings))"], [.return(.dictionary(entries))]))
            }
        }
        var members = [
            SwiftDeclaration(doc: ["The operation called."], access: publicAccess,
                             .variable(isLet: false, isStatic: false, name: "operation", type: names.operation, value: nil, getter: [.switch(.id("self"), operationCases)])),
            SwiftDeclaration(doc: ["The inputs by their names in the flows, rendered as text (for logs and tests)."], access: publicAccess,
                             .variable(isLet: false, isStatic: false, name: "arguments", type: "[String: String]", value: nil, getter: [.switch(.id("self"), argumentCases)])),
        ]
        if cases.isEmpty {
            // Swift cannot synthesize Codable for an enum without cases: an app that calls no service has no value to code.
            members += [
                SwiftDeclaration(access: publicAccess, .initializer(parameters: [SwiftParameter(label: "from", name: "decoder", type: "any Decoder")], effects: ["throws"], body: [
                    .throw(.call(.member(.id("DecodingError"), "dataCorrupted"), [SwiftArgument(nil, .call(.member(nil, "init"), [
                        SwiftArgument("codingPath", .member(.id("decoder"), "codingPath")),
                        SwiftArgument("debugDescription", .string("\(app.name) calls no service")),
                    ]))])),
                ])),
                SwiftDeclaration(access: publicAccess, .function(modifiers: [], name: "encode", parameters: [SwiftParameter(label: "to", name: "encoder", type: "any Encoder")],
                                                                 effects: ["throws"], returns: nil, body: [.switch(.id("self"), [])])),
            ]
        }
        return SwiftDeclaration(doc: ["The service operations \(app.name) calls, with their inputs."], access: publicAccess,
                                .enum(name: names.serviceCall, conformances: ["FlowServiceCall"], cases: cases, members: members + codableMembers(cases, typeName: names.serviceCall)))
    }

    func domainDeclaration(_ type: DomainType) -> SwiftDeclaration {
        let doc = type.description.map { [$0] } ?? []
        switch type.kind {
        case .enumeration(let values):
            let cases = values.map { value in
                let name = names.enumCase(type: type.name, value: value)
                return SwiftEnumCase(name: name, rawValue: name == value ? nil : .string(value))
            }
            return SwiftDeclaration(doc: doc, access: publicAccess, .enum(name: names.typeName(type.name), conformances: ["String", "Hashable", "Sendable", "Codable", "CaseIterable"], cases: cases, members: []))
        case .record(let fields):
            return recordDeclaration(name: names.typeName(type.name), doc: doc, fields: fields.map { ($0.name, $0.type, nil as String?) })
        }
    }

    func stateDeclaration() -> SwiftDeclaration {
        recordDeclaration(name: names.state, doc: ["The domain state of \(app.name): what the flows read and write. A new value holds the",
                                                   "initial values of the flows (`\(names.state)()` is the state at launch)."],
                          fields: app.state.map { ($0.name, $0.type, $0.description) }, defaults: stateDefaults)
    }

    /// A `Codable` struct whose coding keys are the flow's names, so encoded state reads like the flows.
    func recordDeclaration(name: String, doc: [String], fields: [(name: String, type: ValueType, description: String?)],
                           defaults: [String: SwiftExpression] = [:]) -> SwiftDeclaration {
        var members: [SwiftDeclaration] = []
        var keys: [SwiftEnumCase] = []
        for field in fields {
            let member = Naming.member(field.name)
            let zero: SwiftExpression = defaults[field.name] ?? (names.isStoredOptional(field.type) ? .id("nil") : names.zeroValue(field.type))
            members.append(SwiftDeclaration(doc: field.description.map { [$0] } ?? [], access: publicAccess,
                                            .variable(isLet: false, isStatic: false, name: member, type: names.storedType(field.type), value: zero, getter: nil)))
            keys.append(SwiftEnumCase(name: member, rawValue: member == field.name ? nil : .string(field.name)))
        }
        members.append(SwiftDeclaration(access: publicAccess, .initializer(parameters: [], effects: [], body: [])))
        // As the interpreter writes a record (call arguments, `string()`): flow names in order, values quoted.
        let entries = fields.sorted { $0.name < $1.name }.map { field in
            SwiftExpression.binary("+", .string("\(field.name): "), names.describing(.id(Naming.member(field.name)), field.type, quoted: true, stored: true))
        }
        // One statement per part: one long `+` chain, or one array literal, over a hundred fields (Tempo's state) is a
        // single expression the Swift type checker solves slowly; statements are checked one at a time.
        let body: [SwiftStatement] = entries.isEmpty ? [.return(.string("{}"))] : [
            .declare(isLet: false, name: "parts", type: "[String]", value: .array([])),
        ] + entries.map { .expression(.call(.member(.id("parts"), "append"), [SwiftArgument(nil, $0)])) } + [
            .return(.binary("+", .binary("+", .string("{"), .call(.member(.id("parts"), "joined"), [SwiftArgument("separator", .string(", "))])), .string("}"))),
        ]
        members.append(SwiftDeclaration(doc: ["The record as flows write it: `{name: value, ...}`."], access: publicAccess,
                                        .variable(isLet: false, isStatic: false, name: "flowDescription", type: "String", value: nil, getter: body)))
        if keys.contains(where: { $0.rawValue != nil }) {
            members.append(SwiftDeclaration(.enum(name: "CodingKeys", conformances: ["String", "CodingKey"], cases: keys, members: [])))
        }
        return SwiftDeclaration(doc: doc, access: publicAccess, .struct(name: name, conformances: ["Hashable", "Sendable", "Codable"], members: members))
    }

    // MARK: Codable

    /// `Codable` written out for an enum with payloads, in the layout Swift synthesizes (`{"case": {"label": value}}`,
    /// so encoded events and calls read as before), with one key enum for the case names and one for every payload
    /// label. Swift's synthesized conformance declares a key enum per case: for Tempo's 230 events and 46 calls that
    /// was 15,000 of the module's 23,000 symbols and most of its `-O` compile time.
    func codableMembers(_ cases: [SwiftEnumCase], typeName: String) -> [SwiftDeclaration] {
        guard !cases.isEmpty else { return [] }
        func key(_ name: String) -> String {
            let raw = name.replacingOccurrences(of: "`", with: "")
            return Naming.keywords.contains(raw) || raw == "description" ? "`\(raw)`" : raw
        }
        var labels: [String] = []
        for enumCase in cases { for value in enumCase.associated where !labels.contains(value.name) { labels.append(value.name) } }
        let caseKeys = SwiftDeclaration(access: .private, .enum(name: "CaseKey", conformances: ["String", "CodingKey"],
                                                                cases: cases.map { SwiftEnumCase(name: key($0.name)) }, members: []))
        let fieldKeys = SwiftDeclaration(access: .private, .enum(name: "FieldKey", conformances: ["String", "CodingKey"],
                                                                 cases: labels.map { SwiftEnumCase(name: key($0)) }, members: []))
        func optional(_ type: String) -> String? { type.hasSuffix("?") ? String(type.dropLast()) : nil }
        var decodeCases: [SwiftSwitchCase] = []
        var encodeCases: [SwiftSwitchCase] = []
        let container = SwiftExpression.id("container")
        for enumCase in cases {
            let member = SwiftExpression.member(nil, key(enumCase.name))
            guard !enumCase.associated.isEmpty else {
                decodeCases.append(SwiftSwitchCase([".\(key(enumCase.name))"], [.assign(.id("self"), .member(nil, enumCase.name))]))
                encodeCases.append(SwiftSwitchCase([".\(enumCase.name)"], [
                    .assign(.id("_"), .call(.member(container, "nestedContainer"), [SwiftArgument("keyedBy", .id("CaseKey.self")), SwiftArgument("forKey", member)])),
                ]))
                continue
            }
            let nested = SwiftExpression.call(.member(container, "nestedContainer"), [SwiftArgument("keyedBy", .id("FieldKey.self")), SwiftArgument("forKey", member)])
            let values = enumCase.associated.map { value -> SwiftArgument in
                let method = optional(value.type) == nil ? "decode" : "decodeIfPresent"
                return SwiftArgument(value.name, .try(.call(.member(.id("fields"), method), [SwiftArgument(nil, .id((optional(value.type) ?? value.type) + ".self")),
                                                                                           SwiftArgument("forKey", .member(nil, key(value.name)))])))
            }
            decodeCases.append(SwiftSwitchCase([".\(key(enumCase.name))"], [
                .declare(isLet: true, name: "fields", type: nil, value: .try(nested)),
                .assign(.id("self"), .call(.member(nil, enumCase.name), values)),
            ]))
            let bound = enumCase.associated.indices.map { "value\($0)" }
            var body: [SwiftStatement] = [.declare(isLet: false, name: "fields", type: nil, value: nested)]
            for (index, value) in enumCase.associated.enumerated() {
                let method = optional(value.type) == nil ? "encode" : "encodeIfPresent"
                body.append(.expression(.try(.call(.member(.id("fields"), method), [SwiftArgument(nil, .id(bound[index])), SwiftArgument("forKey", .member(nil, key(value.name)))]))))
            }
            encodeCases.append(SwiftSwitchCase([".\(enumCase.name)(" + bound.map { "let " + $0 }.joined(separator: ", ") + ")"], body))
        }
        let allKeys = SwiftExpression.member(container, "allKeys")
        let decode = SwiftDeclaration(access: publicAccess, .initializer(parameters: [SwiftParameter(label: "from", name: "decoder", type: "any Decoder")], effects: ["throws"], body: [
            .declare(isLet: true, name: "container", type: nil, value: .try(.call(.member(.id("decoder"), "container"), [SwiftArgument("keyedBy", .id("CaseKey.self"))]))),
            .guard(conditions: [.expression(.binary("==", .member(allKeys, "count"), .int(1))), .bind(name: "key", value: .member(allKeys, "first"))], otherwise: [
                .throw(.call(.member(.id("DecodingError"), "dataCorrupted"), [SwiftArgument(nil, .call(.member(nil, "init"), [
                    SwiftArgument("codingPath", .member(.id("decoder"), "codingPath")),
                    SwiftArgument("debugDescription", .string("a \(typeName) is an object with one key, its case")),
                ]))])),
            ]),
            .switch(.id("key"), decodeCases),
        ]))
        let encode = SwiftDeclaration(access: publicAccess, .function(modifiers: [], name: "encode", parameters: [SwiftParameter(label: "to", name: "encoder", type: "any Encoder")],
                                                                      effects: ["throws"], returns: nil, body: [
            .declare(isLet: false, name: "container", type: nil, value: .call(.member(.id("encoder"), "container"), [SwiftArgument("keyedBy", .id("CaseKey.self"))])),
            .switch(.id("self"), encodeCases),
        ]))
        return [caseKeys] + (labels.isEmpty ? [] : [fieldKeys]) + [decode, encode]
    }

    // MARK: Machine

    mutating func translate() -> [SwiftDeclaration] {
        var members: [SwiftDeclaration] = [
            stored("state", names.state, .call(.id(names.state), []), doc: ["The domain state."], setter: true),
            SwiftDeclaration(doc: ["Messages of the current screen's invalid fields: `machine.errors[.\(names.fieldCases.first?.swift ?? "field")]`."], access: publicAccess,
                             .variable(isLet: false, isStatic: false, name: "errors", type: "[\(names.field): String]", value: nil, getter: names.fieldCases.isEmpty ? [.return(.id("[:]"))] : [
                                .if(conditions: [.expression(.member(.member(.id("engine"), "errors"), "isEmpty"))], then: [.return(.id("[:]"))], otherwise: nil),
                                .return(.call(.id("Dictionary"), [SwiftArgument("uniqueKeysWithValues", .call(.member(.member(.id("engine"), "errors"), "compactMap"), [], trailingClosure: SwiftClosure(parameters: ["name", "message"], body: [
                                    .expression(.call(.member(.call(.id(names.field), [SwiftArgument("rawValue", .id("name"))]), "map"), [], trailingClosure: SwiftClosure(parameters: [], body: [
                                        .expression(.tuple([.id("$0"), .id("message")])),
                                    ]))),
                                ])))])),
                             ])),
            SwiftDeclaration(doc: ["The outcome the run ended with, once it has."], access: publicAccess,
                             .variable(isLet: false, isStatic: false, name: "ended", type: names.ending + "?", value: nil, getter: [
                                .return(.call(.member(.member(.id("engine"), "ended"), "flatMap"), [SwiftArgument(nil, .member(.id(names.ending), "init(rawValue:)"))])),
                             ])),
            SwiftDeclaration(doc: ["The host's clock: `now`, `today()` and `age(...)` read it. Advance it as time passes."], access: publicAccess,
                             .variable(isLet: false, isStatic: false, name: "now", type: "Timestamp", value: nil, getter: nil)),
            SwiftDeclaration(doc: ["Where the machine is apart from the domain state (screen, back stack, sheets, timers, form); FlowMachine's engine keeps it."],
                             access: .public, attributes: spi,
                             .variable(isLet: false, isStatic: false, name: "engine", type: "EngineState<\(names.event)>", value: nil, getter: nil)),
            SwiftDeclaration(access: .public, attributes: spi,
                             .variable(isLet: true, isStatic: false, name: "tables", type: "FlowTables", value: .member(.id(names.tables), "shared"), getter: nil)),
            SwiftDeclaration(doc: ["What of FlowMachine's engine \(app.name) uses: a constant, so the engine built for this machine leaves out the rest."],
                             access: .public, attributes: spi,
                             .variable(isLet: false, isStatic: false, name: "engineFeatures", type: "EngineFeatures", value: nil, getter: [
                                .return(.array(tables.lowered.features.names.map { .member(nil, $0) })),
                             ])),
        ]
        // init
        let start = app.startScreen ?? 0
        var initBody: [SwiftStatement] = [
            .assign(.member(.id("self"), "now"), .id("now")),
            .assign(.id("engine"), .call(.id("EngineState"), [SwiftArgument("screenNumber", .binary("??", .member(.postfix(.id("start"), "?"), "number"), .int(start)))])),
        ]
        // Initial values that cannot fail are the state's property defaults; only one that can (none in the
        // four apps: a literal or a constant expression) is written here, where a failure can be thrown.
        for variable in app.state {
            guard let initial = variable.initial else { continue }
            let value = tables.expressions.value(initial, scope: ExpressionScope(), acceptsNull: names.isStoredOptional(variable.type))
            if value.throwing {
                initBody.append(.assign(.member(.id("state"), Naming.member(variable.name)), ExpressionTranslator.wrap(value)))
            } else {
                stateDefaults[variable.name] = value.code
            }
        }
        let startParameter = SwiftParameter(name: "start", type: names.screen + "?", defaultValue: .id("nil"))
        let nowParameter = SwiftParameter(name: "now", type: "Timestamp", defaultValue: .call(.id("Timestamp"), [SwiftArgument("millisecondsSince1970", .int(Timestamp.defaultClockStart.millisecondsSince1970))]))
        members.append(SwiftDeclaration(doc: [
            "A machine on `start` (default: \(app.startScreen.map { app.screens[$0].id } ?? "the first screen")), with the state's initial values.",
            "Call `start(into:)` next: it runs the first screen's entry (analytics, timers).",
        ], access: publicAccess, .initializer(parameters: [startParameter, nowParameter], effects: ["throws"], body: initBody)))
        members.append(SwiftDeclaration(doc: ["A machine on the screen with seed ID `startScreenID` (nil: \(app.startScreen.map { app.screens[$0].id } ?? "the first screen")), for code that knows screens by ID.",
                                              "- Throws: `FlowFailure` when the app has no screen with that ID."], access: publicAccess,
                                        .initializer(parameters: [SwiftParameter(name: "startScreenID", type: "String?"), SwiftParameter(name: "now", type: "Timestamp")], effects: ["throws"], body: [
                                            .if(conditions: [.bind(name: "id", value: .id("startScreenID"))], then: [
                                                .guard(conditions: [.bind(name: "screen", value: .call(.id(names.screen), [SwiftArgument("rawValue", .id("id"))]))], otherwise: [
                                                    .throw(.call(.id("FlowFailure"), [SwiftArgument(nil, .binary("+", .binary("+", .string("\(app.name) has no screen '"), .id("id")), .string("'")))])),
                                                ]),
                                                .expression(.try(.call(.member(.id("self"), "init"), [SwiftArgument("start", .id("screen")), SwiftArgument("now", .id("now"))]))),
                                            ], otherwise: [
                                                .expression(.try(.call(.member(.id("self"), "init"), [SwiftArgument("start", .id("nil")), SwiftArgument("now", .id("now"))]))),
                                            ]),
                                        ])))
        members.append(SwiftDeclaration(doc: ["The app's id in its flows."], access: publicAccess,
                                        .variable(isLet: true, isStatic: true, name: "appID", type: nil, value: .string(app.id), getter: nil)))
        members.append(SwiftDeclaration(doc: ["Enters the start screen: its screen view, entry actions and timers."], access: publicAccess,
                                        .function(modifiers: ["mutating"], name: "start", parameters: [SwiftParameter(label: "into", name: "effects", type: "inout [\(names.effect)]")],
                                                  effects: ["throws"], returns: nil, body: [
                                                    .expression(.try(.call(.id("engineStart"), [SwiftArgument("into", .prefix("&", .id("effects")))]))),
                                                  ])))
        members += publicEngineAPI()
        members.append(restartFunction(initialValues: Array(initBody.dropFirst(2)), start: start))
        members.append(SwiftDeclaration(doc: ["The current screen."], access: publicAccess,
                                        .variable(isLet: false, isStatic: false, name: "screen", type: names.screen, value: nil, getter: [
                                            .return(.call(.id(names.screen), [SwiftArgument("number", .id("screenNumber"))])),
                                        ])))
        members += derivedFunctions()
        members.append(textsFunction())
        members.append(SwiftDeclaration(doc: ["The first read of the current screen the flows cannot compute now (its variant, its texts), in words; nil when",
                                              "every one computes. `FlowDriver` reports it after the step that caused it, once."], access: publicAccess,
                                        .function(modifiers: [], name: "readFailure", parameters: [], effects: [], returns: "String?", body: [
                                            .return(.call(.id("engineReadFailure"), [SwiftArgument("variant", .closure(SwiftClosure(parameters: [], body: [
                                                .assign(.id("_"), .try(.call(.id("computeVariant"), []))),
                                            ]))), SwiftArgument("texts", .closure(SwiftClosure(parameters: [], body: [
                                                .assign(.id("_"), .try(.call(.id("computeTexts"), []))),
                                            ])))])),
                                        ])))
        members.append(guardFunction())
        members.append(timerLengthFunction())
        members += actionsFunctions()
        members.append(validatorFunction())
        members.append(invariantFunction())
        members.append(performFunction())
        members += [
            SwiftDeclaration(doc: ["The app's types under the names `FlowStateMachine` and FlowMachine's engine know them by."], access: publicAccess, .typealias(name: "Event", type: names.event)),
            SwiftDeclaration(access: publicAccess, .typealias(name: "Effect", type: names.effect)),
            SwiftDeclaration(access: publicAccess, .typealias(name: "ServiceCall", type: names.serviceCall)),
            SwiftDeclaration(access: publicAccess, .typealias(name: "Field", type: names.field)),
            SwiftDeclaration(access: publicAccess, .typealias(name: "Variant", type: names.variant)),
            SwiftDeclaration(access: publicAccess, .typealias(name: "Ending", type: names.ending)),
            SwiftDeclaration(access: publicAccess, .typealias(name: "Text", type: names.text)),
            SwiftDeclaration(access: publicAccess, .typealias(name: "Subflow", type: names.subflow)),
            SwiftDeclaration(access: publicAccess, .typealias(name: "Services", type: "any \(names.services)")),
        ]
        let machine = SwiftDeclaration(doc: machineDoc(), access: publicAccess, .struct(name: names.machine, conformances: ["Sendable", "FlowStateMachine"], members: members))
        let constants = tables.expressions.constants.sorted { $0.key < $1.key }.map { entry in
            SwiftDeclaration(.variable(isLet: true, isStatic: true, name: entry.key, type: nil, value: entry.value, getter: nil))
        }
        return [
            machine,
            SwiftDeclaration(doc: ["FlowMachine's run-to-completion engine drives the machine through its tables and functions."], attributes: spi,
                             .extension(name: names.machine, conformances: ["EngineHost"], members: [])),
            SwiftDeclaration(attributes: spi, .extension(name: names.event, conformances: ["EngineEvent"], members: [])),
            SwiftDeclaration(doc: ["The module's machine under a name every generated module shares, for tools that load any app",
                                   "(flowc's differential test finds each generated module's machine here)."],
                             access: .public, attributes: spi,
                             .enum(name: "GeneratedModule", conformances: [], cases: [], members: [
                                SwiftDeclaration(access: publicAccess, .variable(isLet: true, isStatic: true, name: "machine", type: "any FlowStateMachine.Type",
                                                                                 value: .member(.id(names.machine), "self"), getter: nil)),
                             ])),
            SwiftDeclaration(doc: ["\(app.name)'s stack of screens and presented sheet, as `NavigationStack(path:)` and `.sheet(item:)` bind to",
                                   "them (`FlowModel.path`, `FlowModel.sheet`): `\(names.navigation)(of: machine)`."],
                             access: publicAccess, .typealias(name: names.navigation, type: "FlowNavigation<\(names.screen)>")),
        ] + (constants.isEmpty ? [] : [
            SwiftDeclaration(doc: ["The money and decimal amounts the flows write, each built once."],
                             .enum(name: names.constants, conformances: [], cases: [], members: constants)),
        ])
    }

    /// The machine's public API: thin forwards to FlowMachine's engine, typed with the app's own names.
    func publicEngineAPI() -> [SwiftDeclaration] {
        let effects = SwiftParameter(label: "into", name: "effects", type: "inout [\(names.effect)]")
        let intoEffects = SwiftArgument("into", .prefix("&", .id("effects")))
        return [
            SwiftDeclaration(doc: ["The seed ID of the current screen."], access: publicAccess,
                             .variable(isLet: false, isStatic: false, name: "screenID", type: "String", value: nil, getter: [.return(.id("engineScreenID"))])),
            SwiftDeclaration(doc: ["The first variant of the current screen whose condition holds, or the `FlowFailure` of a condition the flows",
                                   "cannot compute (`variant()` reads it without throwing)."], access: publicAccess,
                             .function(modifiers: [], name: "computeVariant", parameters: [], effects: ["throws"], returns: names.variant + "?",
                                       body: [.return(.call(.member(.try(.call(.id("engineVariant"), [])), "flatMap"), [SwiftArgument(nil, .member(.id(names.variant), "init(rawValue:)"))]))])),
            SwiftDeclaration(doc: ["What was typed into a field of the current screen (nil: nothing, or the screen has no such field)."], access: publicAccess,
                             .function(modifiers: [], name: "input", parameters: [SwiftParameter(label: "_", name: "field", type: names.field)], effects: [], returns: "FieldInput?",
                                       body: names.fieldCases.isEmpty ? uninhabited("fields") : [.return(.call(.id("engineInput"), [SwiftArgument(nil, .member(.id("field"), "rawValue"))]))])),
            SwiftDeclaration(doc: ["Types into a field of the current screen; nothing is validated until a transition asks for it.", "",
                                   "- Throws: `FlowFailure` when the current screen has no such field, or it is not shown now."], access: publicAccess,
                             .function(modifiers: ["mutating"], name: "fill", parameters: [SwiftParameter(label: "_", name: "field", type: names.field), SwiftParameter(label: "_", name: "input", type: "FieldInput")],
                                       effects: ["throws"], returns: nil,
                                       body: names.fieldCases.isEmpty ? uninhabited("fields") : [.expression(.try(.call(.id("engineFill"), [SwiftArgument(nil, .member(.id("field"), "rawValue")), SwiftArgument(nil, .id("input"))])))])),
            SwiftDeclaration(doc: ["Sends an event and runs until the machine is stable again, appending what the host must do to `effects`.", "",
                                   "Nothing is allocated for an event whose transitions only move between screens, read and write",
                                   "plain state and emit effects: pass the same `effects` buffer each time (after",
                                   "`removeAll(keepingCapacity: true)`)."], access: publicAccess,
                             .function(modifiers: ["mutating"], name: "send", parameters: [SwiftParameter(label: "_", name: "event", type: names.event), effects],
                                       effects: ["throws"], returns: nil,
                                       body: [.expression(.try(.call(.id("engineSend"), [SwiftArgument(nil, .id("event")), intoEffects])))])),
            SwiftDeclaration(doc: ["Sends an event and returns the effects to perform, in order."], access: publicAccess,
                             .function(modifiers: ["mutating"], name: "send", parameters: [SwiftParameter(label: "_", name: "event", type: names.event)],
                                       effects: ["throws"], returns: "[\(names.effect)]", body: [
                                        .declare(isLet: false, name: "effects", type: "[\(names.effect)]", value: .array([])),
                                        .expression(.try(.call(.id("engineSend"), [SwiftArgument(nil, .id("event")), intoEffects]))),
                                        .return(.id("effects")),
                                       ])),
            SwiftDeclaration(doc: ["The back stack, oldest first: where `back` goes, from the end."], access: publicAccess,
                             .variable(isLet: false, isStatic: false, name: "backStack", type: "[\(names.screen)]", value: nil, getter: [
                                .return(.call(.member(.member(.member(.id("engine"), "history"), "screens"), "map"), [], trailingClosure: SwiftClosure(parameters: [], body: [
                                    .expression(.call(.id(names.screen), [SwiftArgument("number", .id("$0"))])),
                                ]))),
                             ])),
            SwiftDeclaration(doc: ["The screens under the open sheets, innermost last; empty when no sheet is open."], access: publicAccess,
                             .variable(isLet: false, isStatic: false, name: "sheetOpeners", type: "[\(names.screen)]", value: nil, getter: [
                                .return(.call(.member(.member(.id("engine"), "overlayOpeners"), "map"), [], trailingClosure: SwiftClosure(parameters: [], body: [
                                    .expression(.call(.id(names.screen), [SwiftArgument("number", .id("$0"))])),
                                ]))),
                             ])),
            SwiftDeclaration(doc: ["Whether `back` would move now: false on a screen with `back: blocked`, or with nowhere to go back to",
                                   "(hide the back button, `.interactiveDismissDisabled()` on a sheet)."], access: publicAccess,
                             .variable(isLet: false, isStatic: false, name: "canGoBack", type: "Bool", value: nil, getter: [.return(.id("engineCanGoBack"))])),
            SwiftDeclaration(doc: ["The sub-flows in progress, outermost first: each flow's name and the screen that called it."], access: publicAccess,
                             .variable(isLet: false, isStatic: false, name: "activeSubflows", type: "[(flow: \(names.subflow), caller: \(names.screen))]", value: nil, getter: names.subflowCases.isEmpty ? [.return(.id("[]"))] : [
                                .return(.call(.member(.call(.id("zip"), [SwiftArgument(nil, .id("engineActiveSubflows")), SwiftArgument(nil, .member(.id("engine"), "callFrames"))]), "compactMap"), [],
                                              trailingClosure: SwiftClosure(parameters: ["entry"], body: [
                                                .expression(.call(.member(.call(.id(names.subflow), [SwiftArgument("rawValue", .member(.member(.id("entry"), "0"), "flow"))]), "map"), [],
                                                                  trailingClosure: SwiftClosure(parameters: [], body: [
                                                                    .expression(.tuple([.id("$0"), .call(.id(names.screen), [SwiftArgument("number", .member(.member(.id("entry"), "1"), "caller"))])])),
                                                                  ]))),
                                              ]))),
                             ])),
            SwiftDeclaration(doc: ["The whole machine as data (state, clock, screen, form, back stack, sheets, sub-flows, timers), to restore",
                                   "with `init(restoring:)` after the app was killed. Encode it with any `Encoder`."], access: publicAccess,
                             .function(modifiers: [], name: "snapshot", parameters: [], effects: [], returns: "FlowSnapshot<\(names.state)>", body: [
                                .return(.call(.id("FlowSnapshot"), [
                                    SwiftArgument("appID", .member(.id("Self"), "appID")), SwiftArgument("tables", .member(.id(names.tables), "fingerprint")),
                                    SwiftArgument("screenID", .id("screenID")), SwiftArgument("now", .id("now")), SwiftArgument("state", .id("state")),
                                    SwiftArgument("navigation", .id("engineNavigation")),
                                ])),
                             ])),
            SwiftDeclaration(doc: ["Resumes a machine saved with `snapshot()`.",
                                   "- Throws: `SnapshotMismatch` when the snapshot is of another app, or of other flows of this app."], access: publicAccess,
                             .initializer(parameters: [SwiftParameter(label: "restoring", name: "snapshot", type: "FlowSnapshot<\(names.state)>")], effects: ["throws"], body: [
                                .assign(.id("engine"), .try(.call(.member(.id("Self"), "restoredEngine"), [
                                    SwiftArgument("from", .id("snapshot")), SwiftArgument("appID", .member(.id("Self"), "appID")),
                                    SwiftArgument("fingerprint", .member(.id(names.tables), "fingerprint")), SwiftArgument("tables", .member(.id(names.tables), "shared")),
                                ]))),
                                .assign(.id("now"), .member(.id("snapshot"), "now")),
                                .assign(.id("state"), .member(.id("snapshot"), "state")),
                             ])),
            SwiftDeclaration(doc: ["Goes back to the previous screen, or closes the open sheet, as the system back gesture does.",
                                   "- Returns: false when there is nowhere to go back to."], access: publicAccess, attributes: ["@discardableResult"],
                             .function(modifiers: ["mutating"], name: "back", parameters: [effects], effects: ["throws"], returns: "Bool",
                                       body: [.return(.try(.call(.id("engineBack"), [intoEffects])))])),
        ]
    }

    /// `restart(into:)`: the app closed and launched again. Persisted state (`persist: true`) is kept, the rest
    /// starts over from its initial values; navigation, typed fields and timers are dropped (the host is told to
    /// cancel the timers), and the start screen is entered as at launch.
    func restartFunction(initialValues: [SwiftStatement], start: Int) -> SwiftDeclaration {
        let persisted = app.state.filter(\.persisted)
        var body: [SwiftStatement] = []
        if !persisted.isEmpty { body.append(.declare(isLet: true, name: "kept", type: nil, value: .id("state"))) }
        body.append(.assign(.id("state"), .call(.id(names.state), [])))
        body += initialValues
        for variable in persisted {
            body.append(.assign(.member(.id("state"), Naming.member(variable.name)), .member(.id("kept"), Naming.member(variable.name))))
        }
        body.append(.expression(.try(.call(.id("engineRestart"), [SwiftArgument("startScreen", .int(start)),
                                                                    SwiftArgument("into", .prefix("&", .id("effects")))]))))
        return SwiftDeclaration(doc: [
            "Closes the app and launches it again: state declared `persist: true` keeps its value, the rest starts over",
            "from its initial values; the back stack, sheets, sub-flows, typed fields and timers are dropped (the host",
            "is told to cancel the timers) and the start screen is entered as at launch.",
        ], access: publicAccess, .function(modifiers: ["mutating"], name: "restart", parameters: [SwiftParameter(label: "into", name: "effects", type: "inout [\(names.effect)]")],
                                          effects: ["throws"], returns: nil, body: body))
    }

    /// `perform(_:with:)`: a service call made through the host's services, its outcome returned as the machine's event.
    func performFunction() -> SwiftDeclaration {
        var cases: [SwiftSwitchCase] = []
        for (serviceIndex, service) in app.services.enumerated() {
            for (operationIndex, operation) in service.operations.enumerated() {
                let name = names.operationCase(service: serviceIndex, operation: operationIndex)
                let inputs = operation.input.map { Naming.member($0.name) }
                let pattern = inputs.isEmpty ? ".\(name)" : ".\(name)(" + inputs.map { "let " + $0 }.joined(separator: ", ") + ")"
                let call = SwiftExpression.call(.member(.id("services"), name), zip(operation.input, inputs).map {
                    SwiftArgument(Naming.member($0.0.name).replacingOccurrences(of: "`", with: ""), .id($0.1))
                })
                cases.append(SwiftSwitchCase([pattern], [.return(.try(.await(.member(call, "event"))))]))
            }
        }
        return SwiftDeclaration(doc: ["Performs `call` with the host's services and returns its outcome as the event this machine handles."], access: publicAccess,
                                .function(modifiers: ["static"], name: "perform", parameters: [
                                    SwiftParameter(label: "_", name: "call", type: names.serviceCall), SwiftParameter(label: "with", name: "services", type: "any \(names.services)"),
                                ], effects: ["async", "throws"], returns: names.event, body: cases.isEmpty ? uninhabited("service operations") : [.switch(.id("call"), cases)]))
    }

    /// The body of a function whose parameter is an enum without cases (an app without fields or services): it
    /// can never be called, and any statement in it would draw swiftc's "will never be executed"; an empty body
    /// needs no return.
    func uninhabited(_ what: String) -> [SwiftStatement] {
        [.comment("\(app.name) has no \(what): nothing can call this.")]
    }

    func machineDoc() -> [String] {
        let first = app.startScreen.map { app.screens[$0] }
        return [
            "\(app.name) as a value-type state machine: `send(_:into:)` runs one run-to-completion step and",
            "appends the effects for the host to perform (service calls, analytics, pushes, toasts, timers).",
            "Service outcomes and due timers come back in as events.",
            "",
            "```swift",
            "var machine = try \(names.machine)()",
            "var effects: [\(names.effect)] = []",
            "try machine.start(into: &effects)          // \(first.map { "\($0.id) \($0.name)" } ?? "the start screen")",
            "effects.removeAll(keepingCapacity: true)",
            "try machine.send(.\(app.events.first.map { names.eventCase($0.name) } ?? "timerFired(TimerToken(rawValue: 1))")\(app.events.first.map { $0.payload.isEmpty ? "" : "(...)" } ?? ""), into: &effects)",
            "```",
        ]
    }

    func stored(_ name: String, _ type: String?, _ value: SwiftExpression?, doc: [String], setter: Bool, isPublic: Bool = true) -> SwiftDeclaration {
        SwiftDeclaration(doc: doc, access: isPublic ? (setter ? readOnlyAccess : publicAccess) : nil,
                         .variable(isLet: false, isStatic: false, name: name, type: type, value: value, getter: nil))
    }

    mutating func derivedFunctions() -> [SwiftDeclaration] {
        app.derived.compactMap { derived -> [SwiftDeclaration]? in
            guard let expression = derived.value else { return nil }
            let value = tables.expressions.value(expression, scope: ExpressionScope(), acceptsNull: true)
            let type = names.swiftType(derived.type)
            return [
                SwiftDeclaration(doc: ["`\(derived.name)`" + (derived.description.map { ": " + $0 } ?? ""),
                                       "", "When the flows cannot compute it now (a value missing, an overflow): \(fallbackDescription(derived.type))."],
                                 access: publicAccess,
                                 .function(modifiers: [], name: names.derivedFunction(derived.name), parameters: [], effects: [], returns: type,
                                           body: [.return(.binary("??", .parenthesized(.prefix("try? ", .call(.id(names.derivedComputeFunction(derived.name)), []))),
                                                                  names.zeroValue(derived.type)))])),
                SwiftDeclaration(doc: ["`\(derived.name)`, or the `FlowFailure` that stops the flows computing it."],
                                 .function(modifiers: [], name: names.derivedComputeFunction(derived.name), parameters: [], effects: ["throws"],
                                           returns: type, body: [.return(ExpressionTranslator.wrap(value))])),
            ]
        }.flatMap { $0 }
    }

    /// What a derived value's reader returns when the flows cannot compute it, in words.
    func fallbackDescription(_ type: ValueType) -> String {
        switch type {
        case .bool: "`false`"
        case .int, .duration: "0"
        case .decimal: "0"
        case .money: "0 \(app.currency)"
        case .text: "empty"
        case .list: "an empty list"
        case .date: "1970-01-01"
        case .timestamp: "the start of 1970"
        case .record: "a record of empty values"
        case .enumeration: "its first value"
        case .optional, .null, .error: "nil"
        }
    }

    /// `texts()`: what the current screen shows in words (`texts:`), with the values filled in.
    mutating func textsFunction() -> SwiftDeclaration {
        var cases: [SwiftSwitchCase] = []
        for (index, screen) in app.screens.enumerated() where !screen.texts.isEmpty {
            let scope = tables.formScope(screen)
            var throwing = false
            let entries = screen.texts.map { text -> SwiftDictionaryEntry in
                let value = tables.expressions.value(text.value, scope: scope)
                throwing = throwing || value.throwing
                return SwiftDictionaryEntry(.member(nil, names.textCase(text.name)), value.code)
            }
            let dictionary = SwiftExpression.dictionary(entries)
            cases.append(SwiftSwitchCase(["\(index)"], [.comment("\(screen.id) \(screen.name)"), .return(throwing ? .try(dictionary) : dictionary)]))
        }
        let body: [SwiftStatement] = cases.isEmpty ? [.return(.id("[:]"))] : [.switch(.id("screenNumber"), cases + [.default([.return(.id("[:]"))])])]
        return SwiftDeclaration(doc: ["What the current screen shows in words (`texts:` in the flows), with the values filled in, by text name",
                                      "(`.\(names.textCases.first?.swift ?? "text")`), or the `FlowFailure` of a value the flows cannot compute (`texts()` reads them without throwing)."],
                                access: publicAccess,
                                .function(modifiers: [], name: "computeTexts", parameters: [], effects: ["throws"], returns: "[\(names.text): String]", body: body))
    }

    func numberedSwitch(_ bodies: [TableBuilder.Body], fallback: [SwiftStatement]) -> [SwiftStatement] {
        var cases: [SwiftSwitchCase] = []
        for (index, body) in bodies.enumerated() {
            let places = body.usedBy.prefix(3).joined(separator: "; ") + (body.usedBy.count > 3 ? "; and \(body.usedBy.count - 3) more" : "")
            cases.append(SwiftSwitchCase(["\(index + 1)"], [.comment(places)] + body.statements))
        }
        cases.append(.default(fallback))
        return [.switch(.id("id"), cases)]
    }

    func guardFunction() -> SwiftDeclaration {
        SwiftDeclaration(doc: ["Guard number `id` of the tables; `event` is the event being handled (nil for timers and screen entry)."], access: .public, attributes: spi,
                         .function(modifiers: [], name: "evaluateGuard", parameters: [SwiftParameter(label: "_", name: "id", type: "Int32"), SwiftParameter(label: "_", name: "event", type: names.event + "?")],
                                   effects: ["throws"], returns: "Bool", body: numberedSwitch(tables.guards, fallback: [.return(.id("false"))])))
    }

    func timerLengthFunction() -> SwiftDeclaration {
        var cases = tables.timerLengths.map { entry in
            SwiftSwitchCase(["\(entry.timer)"], [.comment(entry.comment)] + entry.statements)
        }
        cases.append(.default([.return(.id("nil"))]))
        let body: [SwiftStatement] = tables.timerLengths.isEmpty ? [.return(.id("nil"))] : [.switch(.id("timer"), cases)]
        return SwiftDeclaration(doc: ["The length of timer number `timer` in milliseconds when the flows read it from the state (nil: the table's)."], access: .public, attributes: spi,
                                .function(modifiers: [], name: "timerLength", parameters: [SwiftParameter(label: "_", name: "timer", type: "Int32")],
                                          effects: ["throws"], returns: "Int?", body: body))
    }

    /// `runActions(_:_:into:)`, and the longer action lists as functions of their own: the optimizer's passes grow
    /// faster than linearly with a function's size, and one `switch` holding every action list of a large app
    /// (Tempo's 242) was most of the module's `-O` compile time. A list of a few statements stays in the `switch`.
    func actionsFunctions() -> [SwiftDeclaration] {
        let parameters = [SwiftParameter(label: "_", name: "event", type: names.event + "?"), SwiftParameter(label: "into", name: "effects", type: "inout [\(names.effect)]")]
        var bodies = tables.actions
        var lists: [SwiftDeclaration] = []
        for (index, body) in bodies.enumerated() where body.statements.count > Self.actionsKeptInline {
            let name = "actionList\(index + 1)"
            lists.append(SwiftDeclaration(doc: [], access: .private, attributes: ["@inline(never)"],
                                          .function(modifiers: ["mutating"], name: name, parameters: parameters, effects: ["throws"], returns: nil, body: body.statements)))
            bodies[index].statements = [.expression(.try(.call(.id(name), [SwiftArgument(nil, .id("event")), SwiftArgument("into", .prefix("&", .id("effects")))])))]
        }
        let dispatch = SwiftDeclaration(doc: ["Runs action list number `id` of the tables."], access: .public, attributes: spi,
                                        .function(modifiers: ["mutating"], name: "runActions", parameters: [SwiftParameter(label: "_", name: "id", type: "Int32")] + parameters,
                                                  effects: ["throws"], returns: nil, body: numberedSwitch(bodies, fallback: [.break])))
        return [dispatch] + lists
    }

    /// Action lists of up to this many statements stay inside `runActions`' `switch`.
    static let actionsKeptInline = 3

    func validatorFunction() -> SwiftDeclaration {
        SwiftDeclaration(doc: ["Validator number `id`: the message of the first rule `input` fails, or nil."], access: .public, attributes: spi,
                         .function(modifiers: [], name: "validateField", parameters: [SwiftParameter(label: "_", name: "id", type: "Int32"), SwiftParameter(label: "_", name: "input", type: "FieldInput?")],
                                   effects: ["throws"], returns: "String?", body: numberedSwitch(tables.validators, fallback: [.return(.id("nil"))])))
    }

    mutating func invariantFunction() -> SwiftDeclaration {
        var body: [SwiftStatement] = []
        for invariant in app.invariants {
            guard let check = invariant.check else { continue }
            let value = tables.expressions.value(check, scope: ExpressionScope())
            body.append(.comment(invariant.text ?? invariant.name))
            body.append(.guard(conditions: [.expression(ExpressionTranslator.wrap(value))], otherwise: [
                .throw(.call(.id("FlowFailure"), [SwiftArgument(nil, .string("invariant '\(invariant.name)' (\(invariant.source)) broken"))])),
            ]))
        }
        return SwiftDeclaration(doc: ["Checks the app's invariants after every step."], access: .public, attributes: spi,
                                .function(modifiers: [], name: "checkInvariants", parameters: [], effects: ["throws"], returns: nil, body: body))
    }

    // MARK: Tables

    func tableDeclarations(style: TableStyle) -> [SwiftDeclaration] {
        let t = tables.tables
        let lowered = tables.lowered
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
                // The numbers, one row per line with what the row is; the rows are built from them on first use.
                members.append(SwiftDeclaration(doc: ["Columns: " + columns.joined(separator: ", ") + "."], .variable(isLet: true, isStatic: true, name: name + "Data", type: "[Int32]",
                                                                                                                 value: .numberRows(rows, comments: comments), getter: nil)))
                let closure = SwiftClosure(parameters: ["row"], body: [.expression(build((0..<columns.count).map { -1000 - $0 }))])
                members.append(SwiftDeclaration(doc: [doc], .variable(isLet: true, isStatic: true, name: name, type: "[\(type)]",
                                                                       value: .call(.id("decodeTable"), [SwiftArgument(nil, .id(name + "Data")), SwiftArgument("columns", .int(columns.count))],
                                                                                    trailingClosure: closure), getter: nil)))
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

        if style == .literals {
            members.append(SwiftDeclaration(doc: ["IDs, names and messages the other tables point to."], .variable(isLet: true, isStatic: true, name: "strings", type: "[String]",
                                                                                                                 value: .arrayLines(t.strings.map { .string($0) }, comments: t.strings.indices.map { "\($0)" }), getter: nil)))
        } else {
            members.append(SwiftDeclaration(doc: ["One string per line."], .variable(isLet: true, isStatic: true, name: "stringsData", type: nil, value: .multilineString(t.strings), getter: nil)))
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
