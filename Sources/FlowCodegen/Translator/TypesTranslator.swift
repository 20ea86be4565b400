import FlowExpression
import FlowIR
@_spi(Generated) import FlowLowering
@_spi(Generated) import FlowMachine

/// Translates an app's declarations into `Types.swift`: screens, typed field/variant/ending/text/sub-flow/operation
/// names, events, effects, service calls, the services protocol and outcome enums, the domain types and the state.
struct TypesTranslator {
    let app: App
    let names: AppNames
    let style: TableStyle
    let options: GeneratorOptions
    /// The state's initial values that cannot fail, by variable name: the defaults of `<App>State`'s properties, so
    /// `<App>State()` is the app's start and no initializer writes the state twice (`StateInitialValues`).
    let stateDefaults: [String: SwiftExpression]

    private var publicAccess: SwiftAccess { options.publicAccess }
    private let spi = generatedSPI


    func declarations() -> [SwiftDeclaration] {
        var declarations = [screenDeclaration(), fieldDeclaration(), variantDeclaration(), endingDeclaration(), textDeclaration()] + (names.showsLists ? [listDeclaration()] : []) + (names.showsRowActions ? [rowActionDeclaration()] : []) + [subflowDeclaration(), eventDeclaration(),
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
                             .variable(isLet: false, isStatic: false, name: "number", type: "Int32", value: nil, getter: [.switch(.id("self"), numberCases)])).keptOptimized(),
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
        }
        cases.append(SwiftEnumCase(doc: ["A timer the machine started (`.startTimer`) is due."], name: "timerFired", associated: [SwiftParameter(name: "token", type: "TimerToken")]))
        numberCases.append(SwiftSwitchCase([".timerFired"], [.return(.parenthesized(.id("-2")))]))
        // Built by name through the event's number and `init(caseNumber:_:)`, its payload fields read from text by
        // FlowMachine (`eventNamed`): a `switch` over a few hundred string literals was as many inlined string
        // comparisons, and a payload read field by field here one more `switch` over the payload cases.
        let raisedNumbers = app.events.indices.filter { raised.contains(app.events[$0].name) }
        let fieldNames = app.events.map { event in event.payload.map(\.name) + (raised.contains(event.name) ? ["raisedBy"] : []) } + [["token"]]
        let members: [SwiftDeclaration] = [
            SwiftDeclaration(doc: ["The event named `name` in the flows, for scripts, deep links and replays, with its payload fields written as",
                                   "text: text as it is, money and numbers as `4.35` (money in the app's currency), `true`/`false`, dates",
                                   "`2026-01-31`, timestamps `2026-01-31T09:30Z`, enum values by name, lists and records as JSON.",
                                   "- Throws: `FlowEventError` for a name the flows do not handle or raise themselves, and for a payload field",
                                   "  missing or not of its type (an optional field may be left out; fields the event lacks are ignored)."],
                             access: publicAccess,
                             .initializer(parameters: [SwiftParameter(name: "name", type: "String"), SwiftParameter(name: "payload", type: "[String: String]", defaultValue: .dictionary([]))],
                                          effects: ["throws(FlowEventError)"],
                                          body: [.assign(.id("self"), .try(.call(.id("eventNamed"), [
                                              SwiftArgument(nil, .id("name")), SwiftArgument(nil, .id("payload")), SwiftArgument("names", .member(.id("Self"), "flowNames")),
                                              SwiftArgument("cases", .member(.id("Self"), "codingCases")), SwiftArgument("raised", .member(.id("Self"), "raisedNumbers")),
                                              SwiftArgument("currency", .string(app.currency)), SwiftArgument(nil, .id("Self.init(caseNumber:_:)")),
                                          ])))])),
            SwiftDeclaration(doc: ["The numbers of the events the flows raise themselves (`raise:`), which the app cannot send by name."], access: .private,
                             .variable(isLet: true, isStatic: true, name: "raisedNumbers", type: "Set<Int32>", value: .array(raisedNumbers.map { .int($0) }), getter: nil)),
            SwiftDeclaration(doc: ["The event's name in the flows (`tap_continue`, `equals.log_in.success`)."], access: publicAccess,
                             .variable(isLet: false, isStatic: false, name: "name", type: "String", value: nil, getter: [
                                .if(conditions: [.pattern(".timerFired", .id("self"))], then: [.return(.string("timer"))], otherwise: nil),
                                .return(.subscript(.member(.id("Self"), "flowNames"), .id("number"))),
                             ])),
            SwiftDeclaration(doc: ["The events' names in the flows, one per line, by number."],
                             access: .private, .variable(isLet: true, isStatic: true, name: "flowNamesData", type: nil, value: .multilineString(app.events.map(\.name)), getter: nil)),
            SwiftDeclaration(access: .private, .variable(isLet: true, isStatic: true, name: "flowNames", type: nil,
                                                         value: .call(.id("NameTable"), [SwiftArgument("lines", .id("flowNamesData"))]), getter: nil)),
            // Not inlined: a `switch` over every case of an enum with payloads is long code (Tempo: 743 IR instructions),
            // and `caseValue`, `name` and the engine each had their own copy.
            SwiftDeclaration(doc: ["The event's number in the transition table."], access: .public, attributes: spi + ["@inline(never)"],
                             .variable(isLet: false, isStatic: false, name: "number", type: "Int32", value: nil, getter: [.switch(.id("self"), numberCases)])).keptOptimized(),
            SwiftDeclaration(doc: ["The timer this event reports as due."], access: .public, attributes: spi,
                             .variable(isLet: false, isStatic: false, name: "firedTimer", type: "TimerToken?", value: nil, getter: [
                                .if(conditions: [.pattern(".timerFired(let token)", .id("self"))], then: [.return(.id("token"))], otherwise: nil),
                                .return(.id("nil")),
                             ])).keptOptimized(),
        ]
        return SwiftDeclaration(doc: ["The events \(app.name) reacts to: taps and entries, service outcomes, timers."], access: publicAccess,
                                .enum(name: names.event, conformances: ["Hashable", "Sendable", "Codable", "FlowMachineEvent"], cases: cases,
                                      members: members + conformanceMembers(cases, typeName: names.event, caseNumber: "number", fieldNames: fieldNames)))
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
                SwiftDeclaration(doc: ["Always nil: the flows name none."], access: publicAccess, .initializer(parameters: [SwiftParameter(name: "rawValue", type: "String")], effects: ["?"], body: [.return(.id("nil"))])),
                SwiftDeclaration(doc: ["Never read: there is no value."], access: publicAccess, .variable(isLet: false, isStatic: false, name: "rawValue", type: "String", value: nil, getter: [.switch(.id("self"), [])])),
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
                forwards.append(SwiftDeclaration(doc: ["`\(service.name).\(operation.name)`, answered by `\(property)`."], access: publicAccess, .function(modifiers: [], name: name, parameters: parameters, effects: ["async", "throws"], returns: returns,
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
                        return SwiftArgument(label, outcome.output.contains { $0.name == field.name } ? .id(Naming.member(field.name)) : names.zeroValue(field.type, in: .required))
                    })
                    eventCases.append(SwiftSwitchCase([pattern], [.return(event)]))
                }
                let eventMember = SwiftDeclaration(doc: ["The outcome as the event the machine handles."], access: publicAccess,
                                                   .variable(isLet: false, isStatic: false, name: "event", type: names.event, value: nil, getter: [.switch(.id("self"), eventCases)]))
                let typeName = names.outcomeType(service: serviceIndex, operation: operationIndex)
                // `==` and `hash(into:)` through the event: an outcome's event has the outcome's outputs as its payload,
                // so two outcomes are equal exactly when their events are. Not `Codable`: an outcome becomes its event
                // as soon as the service answers, and the event (`Codable`) is what snapshots and traces keep.
                // `==` and `hash(into:)` not inlined: each `Hashable` witness would get its own copy of `event`'s `switch`
                // (and `event` itself stays inlinable, where `perform` turns each answer into its event).
                let sameEvent = SwiftDeclaration(doc: ["Whether two outcomes are the same, with equal outputs: whether their events are equal."], access: publicAccess, attributes: ["@inline(never)"],
                                                 .function(modifiers: ["static"], name: "==", parameters: [SwiftParameter(name: "lhs", type: "Self"), SwiftParameter(name: "rhs", type: "Self")],
                                                           effects: [], returns: "Bool", body: [.return(.binary("==", .member(.id("lhs"), "event"), .member(.id("rhs"), "event")))]))
                let hashEvent = SwiftDeclaration(doc: ["Hashes the outcome's event."], access: publicAccess, attributes: ["@inline(never)"],
                                                 .function(modifiers: [], name: "hash", parameters: [SwiftParameter(label: "into", name: "hasher", type: "inout Hasher")],
                                                           effects: [], returns: nil, body: [.expression(.call(.member(.id("event"), "hash"), [SwiftArgument("into", .prefix("&", .id("hasher")))]))]))
                members.append(SwiftDeclaration(doc: ["The outcomes of \(service.displayName ?? service.name): `\(operation.name)`."], access: publicAccess,
                                                .enum(name: typeName, conformances: ["Hashable", "Sendable"],
                                                      cases: cases, members: cases.isEmpty ? [] : [eventMember, sameEvent, hashEvent])))
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
                SwiftDeclaration(doc: ["Always throws: there is no value to decode."], access: publicAccess, .initializer(parameters: [SwiftParameter(label: "from", name: "decoder", type: "any Decoder")], effects: ["throws"], body: [
                    .throw(.call(.member(.id("DecodingError"), "dataCorrupted"), [SwiftArgument(nil, .call(.member(nil, "init"), [
                        SwiftArgument("codingPath", .member(.id("decoder"), "codingPath")),
                        SwiftArgument("debugDescription", .string("\(app.name) calls no service")),
                    ]))])),
                ])),
                SwiftDeclaration(doc: ["Never called: there is no value to encode."], access: publicAccess, .function(modifiers: [], name: "encode", parameters: [SwiftParameter(label: "to", name: "encoder", type: "any Encoder")],
                                                                 effects: ["throws"], returns: nil, body: [.switch(.id("self"), [])])),
            ]
        }
        return SwiftDeclaration(doc: ["The service operations \(app.name) calls, with their inputs."], access: publicAccess,
                                .enum(name: names.serviceCall, conformances: ["FlowServiceCall"], cases: cases, members: members + conformanceMembers(cases, typeName: names.serviceCall)))
    }

    func domainDeclaration(_ type: DomainType) -> SwiftDeclaration {
        let doc = type.description.map { [$0] } ?? []
        switch type.kind {
        case .enumeration(let values):
            let cases = values.map { value in
                let name = names.enumCase(type: type.name, value: value)
                return SwiftEnumCase(name: name, rawValue: name == value ? nil : .string(value))
            }
            return SwiftDeclaration(doc: doc, access: publicAccess, .enum(name: names.typeName(type.name), conformances: ["String", "Hashable", "Sendable", "Codable", "CaseIterable", "FlowRecordValue"], cases: cases, members: []))
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
        for field in fields {
            let member = Naming.member(field.name)
            let zero: SwiftExpression = defaults[field.name] ?? names.zeroValue(field.type, in: .stored)
            members.append(SwiftDeclaration(doc: field.description.map { [$0] } ?? ["`\(field.name)` in the flows."], access: publicAccess,
                                            .variable(isLet: false, isStatic: false, name: member, type: names.storedType(field.type), value: zero, getter: nil)))
        }
        members.append(SwiftDeclaration(doc: ["Every field at its initial value in the flows (the zero value of its type where the flows give none)."],
                                        access: publicAccess, .initializer(parameters: [], effects: [], body: [])))
        members += recordTableMembers(typeName: name, fields: fields.map { ($0.name, $0.type) })
        return SwiftDeclaration(doc: doc, access: publicAccess, .struct(name: name, conformances: ["Hashable", "Sendable", "Codable", "FlowRecord"], members: members))
    }
}
