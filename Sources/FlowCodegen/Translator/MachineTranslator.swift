import FlowExpression
import FlowIR
@_spi(Generated) import FlowLowering
@_spi(Generated) import FlowMachine

/// Translates an app into `Machine.swift`: the machine's stored state and public API, its derived values and texts,
/// and the numbered guards, action lists, validators, timer lengths and invariants the engine calls (their bodies
/// from `LoweredCodeTranslator`), as thin typed forwards to FlowMachine's engine.
struct MachineTranslator {
    let app: App
    let names: AppNames
    var code: LoweredCodeTranslator
    let initialValues: StateInitialValues
    let options: GeneratorOptions

    /// The access level of the host-facing API (`accessModifier` in flowc-config.yaml).
    var publicAccess: SwiftAccess { options.publicAccess }
    /// Readable by the host, written only by the module.
    private var readOnlyAccess: SwiftAccess { options.readOnlyAccess }
    private let spi = generatedSPI

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
            TextsTranslator.lookupProperty(access: publicAccess),
            SwiftDeclaration(doc: ["Where the machine is apart from the domain state (screen, back stack, sheets, timers, form); FlowMachine's engine keeps it."],
                             access: .public, attributes: spi,
                             .variable(isLet: false, isStatic: false, name: "engine", type: "EngineState<\(names.event)>", value: nil, getter: nil)),
            SwiftDeclaration(doc: ["The app's tables, shared by every machine."], access: .public, attributes: spi,
                             .variable(isLet: true, isStatic: false, name: "tables", type: "FlowTables", value: .member(.id(names.tables), "shared"), getter: nil)),
            SwiftDeclaration(doc: ["What of FlowMachine's engine \(app.name) uses: the engine skips the stages it leaves out."],
                             access: .public, attributes: spi,
                             .variable(isLet: false, isStatic: false, name: "engineFeatures", type: "EngineFeatures", value: nil, getter: [
                                .return(.array(code.lowered.features.names.map { .member(nil, $0) })),
                             ])).keptOptimized(),
        ]
        // init
        let start = app.startScreen ?? 0
        var initBody: [SwiftStatement] = [
            .assign(.member(.id("self"), "now"), .id("now")),
            .assign(.id("engine"), .call(.member(.id("Self"), "sharedEngineState"), [SwiftArgument("screenNumber", .binary("??", .member(.postfix(.id("start"), "?"), "number"), .int(start)))])),
        ]
        // Initial values that cannot fail are the state's property defaults (Types.swift); only one that can (none in
        // the four apps: a literal or a constant expression) is written here, where a failure can be thrown.
        initBody += initialValues.assignments
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
                                                    .expression(.try(.call(.id("sharedEngineStart"), [SwiftArgument("into", .prefix("&", .id("effects")))]))),
                                                  ])))
        members += publicEngineAPI()
        members.append(restartFunction(initialValues: Array(initBody.dropFirst(2)), start: start))
        members.append(SwiftDeclaration(doc: ["The current screen."], access: publicAccess,
                                        .variable(isLet: false, isStatic: false, name: "screen", type: names.screen, value: nil, getter: [
                                            .return(.call(.id(names.screen), [SwiftArgument("number", .id("screenNumber"))])),
                                        ])))
        members += derivedFunctions()
        members.append(textsFunction())
        if names.showsLists { members += [rowsFunction(), rowEventFunction()] }
        if names.showsRowActions { members += [rowActionsFunction(), rowActionEventFunction()] }
        members.append(SwiftDeclaration(doc: ["The first read of the current screen the flows cannot compute now (its variant, its texts), in words; nil when",
                                              "every one computes. `FlowDriver` reports it after the step that caused it, once."], access: publicAccess,
                                        .function(modifiers: [], name: "readFailure", parameters: [], effects: [], returns: "String?", body: [
                                            .return(.call(.id("sharedEngineReadFailure"), [SwiftArgument("variant", .closure(SwiftClosure(parameters: [], body: [
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
        ] + (names.showsLists ? [SwiftDeclaration(access: publicAccess, .typealias(name: "List", type: names.list))] : [])
            + (names.showsRowActions ? [SwiftDeclaration(access: publicAccess, .typealias(name: "RowAction", type: names.rowAction))] : []) + [
            SwiftDeclaration(access: publicAccess, .typealias(name: "Subflow", type: names.subflow)),
            SwiftDeclaration(access: publicAccess, .typealias(name: "Services", type: "any \(names.services)")),
        ]
        let machine = SwiftDeclaration(doc: machineDoc(), access: publicAccess, .struct(name: names.machine, conformances: ["Sendable", "FlowStateMachine"] + (names.showsLists ? ["FlowListShowing"] : []) + (names.showsRowActions ? ["FlowRowActing"] : []), members: members))
        let constants = code.expressions.constants.sorted { $0.key < $1.key }.map { entry in
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
                                SwiftDeclaration(doc: ["The machine type of this module."], access: publicAccess, .variable(isLet: true, isStatic: true, name: "machine", type: "any FlowStateMachine.Type",
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
                             .variable(isLet: false, isStatic: false, name: "screenID", type: "String", value: nil, getter: [.return(.id("sharedEngineScreenID"))])),
            SwiftDeclaration(doc: ["The first variant of the current screen whose condition holds, or the `FlowFailure` of a condition the flows",
                                   "cannot compute (`variant()` reads it without throwing)."], access: publicAccess,
                             .function(modifiers: [], name: "computeVariant", parameters: [], effects: ["throws"], returns: names.variant + "?",
                                       body: [.return(.call(.member(.try(.call(.id("sharedEngineVariant"), [])), "flatMap"), [SwiftArgument(nil, .member(.id(names.variant), "init(rawValue:)"))]))])),
            SwiftDeclaration(doc: ["What was typed into a field of the current screen (nil: nothing, or the screen has no such field)."], access: publicAccess,
                             .function(modifiers: [], name: "input", parameters: [SwiftParameter(label: "_", name: "field", type: names.field)], effects: [], returns: "FieldInput?",
                                       body: names.fieldCases.isEmpty ? uninhabited("fields") : [.return(.call(.id("sharedEngineInput"), [SwiftArgument(nil, .member(.id("field"), "rawValue"))]))])),
            SwiftDeclaration(doc: ["Types into a field of the current screen; nothing is validated until a transition asks for it.", "",
                                   "- Throws: `FlowFailure` when the current screen has no such field, or it is not shown now."], access: publicAccess,
                             .function(modifiers: ["mutating"], name: "fill", parameters: [SwiftParameter(label: "_", name: "field", type: names.field), SwiftParameter(label: "_", name: "input", type: "FieldInput")],
                                       effects: ["throws"], returns: nil,
                                       body: names.fieldCases.isEmpty ? uninhabited("fields") : [.expression(.try(.call(.id("sharedEngineFill"), [SwiftArgument(nil, .member(.id("field"), "rawValue")), SwiftArgument(nil, .id("input"))])))])),
            SwiftDeclaration(doc: ["Sends an event and runs until the machine is stable again, appending what the host must do to `effects`.", "",
                                   "Nothing is allocated for an event whose transitions only move between screens, read and write",
                                   "plain state and emit effects: pass the same `effects` buffer each time (after",
                                   "`removeAll(keepingCapacity: true)`)."], access: publicAccess,
                             .function(modifiers: ["mutating"], name: "send", parameters: [SwiftParameter(label: "_", name: "event", type: names.event), effects],
                                       effects: ["throws"], returns: nil,
                                       body: [.expression(.try(.call(.id("sharedEngineSend"), [SwiftArgument(nil, .id("event")), intoEffects])))])),
            SwiftDeclaration(doc: ["Sends an event and returns the effects to perform, in order."], access: publicAccess,
                             .function(modifiers: ["mutating"], name: "send", parameters: [SwiftParameter(label: "_", name: "event", type: names.event)],
                                       effects: ["throws"], returns: "[\(names.effect)]", body: [
                                        .declare(isLet: false, name: "effects", type: "[\(names.effect)]", value: .array([])),
                                        // Through `send(_:into:)`: the engine's step is inlined into one function, not two.
                                        .expression(.try(.call(.id("send"), [SwiftArgument(nil, .id("event")), intoEffects]))),
                                        .return(.id("effects")),
                                       ])),
            SwiftDeclaration(doc: ["The back stack, oldest first: where `back` goes, from the end."], access: publicAccess,
                             .variable(isLet: false, isStatic: false, name: "backStack", type: "[\(names.screen)]", value: nil, getter: [
                                .return(.call(.member(.id("sharedEngineHistory"), "map"), [], trailingClosure: SwiftClosure(parameters: [], body: [
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
                             .variable(isLet: false, isStatic: false, name: "canGoBack", type: "Bool", value: nil, getter: [.return(.id("sharedEngineCanGoBack"))])),
            SwiftDeclaration(doc: ["The sub-flows in progress, outermost first: each flow's name and the screen that called it."], access: publicAccess,
                             .variable(isLet: false, isStatic: false, name: "activeSubflows", type: "[(flow: \(names.subflow), caller: \(names.screen))]", value: nil, getter: names.subflowCases.isEmpty ? [.return(.id("[]"))] : [
                                .return(.call(.member(.call(.id("zip"), [SwiftArgument(nil, .id("sharedEngineActiveSubflows")), SwiftArgument(nil, .member(.id("engine"), "callFrames"))]), "compactMap"), [],
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
                                    SwiftArgument("navigation", .id("sharedEngineNavigation")),
                                ])),
                             ])),
            SwiftDeclaration(doc: ["Resumes a machine saved with `snapshot()`.",
                                   "- Throws: `SnapshotMismatch` when the snapshot is of another app, or of other flows of this app."], access: publicAccess,
                             .initializer(parameters: [SwiftParameter(label: "restoring", name: "snapshot", type: "FlowSnapshot<\(names.state)>")], effects: ["throws"], body: [
                                .assign(.id("engine"), .try(.call(.member(.id("Self"), "sharedRestoredEngine"), [
                                    SwiftArgument("from", .id("snapshot")), SwiftArgument("appID", .member(.id("Self"), "appID")),
                                    SwiftArgument("fingerprint", .member(.id(names.tables), "fingerprint")), SwiftArgument("tables", .member(.id(names.tables), "shared")),
                                ]))),
                                .assign(.id("now"), .member(.id("snapshot"), "now")),
                                .assign(.id("state"), .member(.id("snapshot"), "state")),
                             ])),
            SwiftDeclaration(doc: ["Goes back to the previous screen, or closes the open sheet, as the system back gesture does.",
                                   "- Returns: false when there is nowhere to go back to."], access: publicAccess, attributes: ["@discardableResult"],
                             .function(modifiers: ["mutating"], name: "back", parameters: [effects], effects: ["throws"], returns: "Bool",
                                       body: [.return(.try(.call(.id("sharedEngineBack"), [intoEffects])))])),
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
        body.append(.expression(.try(.call(.id("sharedEngineRestart"), [SwiftArgument("startScreen", .int(start)),
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
            let value = code.expressions.value(expression, scope: ExpressionScope(), acceptsNull: true)
            let type = names.swiftType(derived.type)
            return [
                SwiftDeclaration(doc: ["`\(derived.name)`" + (derived.description.map { ": " + $0 } ?? ""),
                                       "", "When the flows cannot compute it now (a value missing, an overflow): \(fallbackDescription(derived.type))."],
                                 access: publicAccess,
                                 .function(modifiers: [], name: names.derivedFunction(derived.name), parameters: [], effects: [], returns: type,
                                           body: [.return(.binary("??", .parenthesized(.prefix("try? ", .call(.id(names.derivedComputeFunction(derived.name)), []))),
                                                                  names.zeroValue(derived.type, in: .required)))])),
                SwiftDeclaration(doc: ["`\(derived.name)`, or the `FlowFailure` that stops the flows computing it."],
                                 .function(modifiers: [], name: names.derivedComputeFunction(derived.name), parameters: [], effects: ["throws"],
                                           returns: type, body: [.return(ExpressionTranslator.wrap(value))])),
            ]
        }.flatMap { $0 }
    }

    /// What a derived value's reader returns when the flows cannot compute it, in words.
    func fallbackDescription(_ type: ValueType) -> String {
        switch app.zeroValue(of: type, in: .required) {
        case .bool: "`false`"
        case .int, .duration, .decimal: "0"
        case .money(let currency): "0 \(currency)"
        case .text: "empty"
        case .emptyList: "an empty list"
        case .epochDate: "1970-01-01"
        case .epochTimestamp: "the start of 1970"
        case .record: "a record of empty values"
        case .enumCase: "its first value"
        case .none: "nil"
        }
    }

    /// `texts()`: what the current screen shows in words (`texts:`), with the values filled in.
    mutating func textsFunction() -> SwiftDeclaration {
        var cases: [SwiftSwitchCase] = []
        for (index, screen) in app.screens.enumerated() where !screen.texts.isEmpty {
            let scope = code.formScope(screen)
            var throwing = false
            let entries = screen.texts.map { text -> SwiftDictionaryEntry in
                let key = "\(screen.id).\(text.name)"
                // The text's catalog key (a component's text may be keyed once for every screen using it).
                code.expressions.translatingKey = app.localisation.screenTexts[key]?.key ?? key
                defer { code.expressions.translatingKey = nil }
                let value = code.expressions.keyedText(app.localisation.screenTexts[key], showing: text.value, scope: scope)
                    ?? code.expressions.value(text.value, scope: scope)
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

    func numberedSwitch(_ bodies: [LoweredCodeTranslator.Body], fallback: [SwiftStatement]) -> [SwiftStatement] {
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
                                   effects: ["throws"], returns: "Bool", body: numberedSwitch(code.guards, fallback: [.return(.id("false"))])))
    }

    func timerLengthFunction() -> SwiftDeclaration {
        var cases = code.timerLengths.map { entry in
            SwiftSwitchCase(["\(entry.timer)"], [.comment(entry.comment)] + entry.statements)
        }
        cases.append(.default([.return(.id("nil"))]))
        let body: [SwiftStatement] = code.timerLengths.isEmpty ? [.return(.id("nil"))] : [.switch(.id("timer"), cases)]
        return SwiftDeclaration(doc: ["The length of timer number `timer` in milliseconds when the flows read it from the state (nil: the table's)."], access: .public, attributes: spi,
                                .function(modifiers: [], name: "timerLength", parameters: [SwiftParameter(label: "_", name: "timer", type: "Int32")],
                                          effects: ["throws"], returns: "Int?", body: body))
    }

    /// `runActions(_:_:into:)`, and the longer action lists as functions of their own: the optimizer's passes grow
    /// faster than linearly with a function's size, and one `switch` holding every action list of a large app
    /// (Tempo's 242) was most of the module's `-O` compile time. A list of a few statements stays in the `switch`.
    func actionsFunctions() -> [SwiftDeclaration] {
        let parameters = [SwiftParameter(label: "_", name: "event", type: names.event + "?"), SwiftParameter(label: "into", name: "effects", type: "inout [\(names.effect)]")]
        var bodies = code.actions
        var lists: [SwiftDeclaration] = []
        for (index, body) in bodies.enumerated() where body.statements.count > Self.actionsKeptInline {
            let name = "actionList\(index + 1)"
            lists.append(SwiftDeclaration(doc: [], access: .private, attributes: ["@inline(never)"],
                                          .function(modifiers: ["mutating"], name: name, parameters: parameters, effects: ["throws"], returns: nil, body: body.statements)))
            bodies[index].statements = [.expression(.try(.call(.id(name), [SwiftArgument(nil, .id("event")), SwiftArgument("into", .prefix("&", .id("effects")))])))]
        }
        let split = numberedParts("runActions", modifiers: ["mutating"], parameters: parameters, effects: ["throws"], returns: nil, bodies: bodies, fallback: [.break])
        let dispatch = SwiftDeclaration(doc: ["Runs action list number `id` of the tables."], access: .public, attributes: spi,
                                        .function(modifiers: ["mutating"], name: "runActions", parameters: [SwiftParameter(label: "_", name: "id", type: "Int32")] + parameters,
                                                  effects: ["throws"], returns: nil, body: split.body))
        return [dispatch] + split.parts + lists
    }

    /// Action lists of up to this many statements stay inside `runActions`' `switch`.
    static let actionsKeptInline = 3

    func validatorFunction() -> SwiftDeclaration {
        SwiftDeclaration(doc: ["Validator number `id`: the message of the first rule `input` fails, or nil."], access: .public, attributes: spi,
                         .function(modifiers: [], name: "validateField", parameters: [SwiftParameter(label: "_", name: "id", type: "Int32"), SwiftParameter(label: "_", name: "input", type: "FieldInput?")],
                                   effects: ["throws"], returns: "String?", body: numberedSwitch(code.validators, fallback: [.return(.id("nil"))])))
    }

    mutating func invariantFunction() -> SwiftDeclaration {
        var body: [SwiftStatement] = []
        for invariant in app.invariants {
            guard let check = invariant.check else { continue }
            let value = code.expressions.value(check, scope: ExpressionScope())
            body.append(.comment(invariant.text ?? invariant.name))
            body.append(.guard(conditions: [.expression(ExpressionTranslator.wrap(value))], otherwise: [
                .throw(.call(.id("FlowFailure"), [SwiftArgument(nil, .string("invariant '\(invariant.name)' (\(invariant.source)) broken"))])),
            ]))
        }
        // Kept optimised: every step checks every invariant (Tempo, unoptimised: 9,800 instructions per step, not 5,000).
        return SwiftDeclaration(doc: ["Checks the app's invariants after every step."], access: .public, attributes: spi,
                                .function(modifiers: [], name: "checkInvariants", parameters: [], effects: ["throws"], returns: nil, body: body)).keptOptimized()
    }
}
