/// The engine as a generated machine calls it: FlowMachine's one compiled copy, not one specialised per app.
///
/// The engine's steps (Engine.swift and its neighbours) are `@inlinable`, so that FlowRuntime's interpreter, which
/// `flowc explore` and `flowc mutate` run millions of steps of, gets them specialised for its own host type. A
/// generated machine calls these entry points instead, and an app's module sees only their signatures: it compiles
/// its guards, actions and validators, not its own copy of the whole engine (the engine specialised into Tempo's
/// module took about a quarter of its `-O -wmo` compile time). Each entry point only forwards to the engine's step
/// of the same name, compiled here once for any host, which reaches the app's code through its `EngineHost`
/// conformance. One engine still: the interpreter and the generated machines run the same steps, and the
/// differential test holds them to each other. Benchmarks/README.md (sessions 13 and 14) has what a step costs
/// each way and what each attribute saves.
///
/// Not being `@inlinable` is not enough. Swift's default cross-module optimisation serialises the body of any
/// public generic function into FlowMachine's module file anyway, so an app's module still read each entry point's
/// body and, through it, every engine step it reaches (`takeRows`, `goBack`, `end`, `restoredEngine`, …), and spent
/// its own optimiser's time on them only to call FlowMachine's copy in the end. Hence the two attributes on each:
/// `optimize.no.crossmodule` keeps the body out of the module file (checked by
/// `scripts/count-generated-instructions.sh`); `optimize.sil.specialize.generic.never` keeps FlowMachine itself from
/// specialising the entry point for a host type of its own.
extension EngineHost {
    // MARK: Steps

    /// `engineStart(into:)`, unspecialised.
    @inline(never) @_semantics("optimize.sil.specialize.generic.never") @_semantics("optimize.no.crossmodule")
    public mutating func sharedEngineStart(into effects: inout [Effect]) throws {
        try engineStart(into: &effects)
    }

    /// `engineSend(_:into:)`, unspecialised.
    @inline(never) @_semantics("optimize.sil.specialize.generic.never") @_semantics("optimize.no.crossmodule")
    public mutating func sharedEngineSend(_ event: Event, into effects: inout [Effect]) throws {
        try engineSend(event, into: &effects)
    }

    /// `engineBack(into:)`, unspecialised.
    @inline(never) @_semantics("optimize.sil.specialize.generic.never") @_semantics("optimize.no.crossmodule")
    public mutating func sharedEngineBack(into effects: inout [Effect]) throws -> Bool {
        try engineBack(into: &effects)
    }

    /// `engineRestart(startScreen:into:)`, unspecialised.
    @inline(never) @_semantics("optimize.sil.specialize.generic.never") @_semantics("optimize.no.crossmodule")
    public mutating func sharedEngineRestart(startScreen: Int32, into effects: inout [Effect]) throws {
        try engineRestart(startScreen: startScreen, into: &effects)
    }

    /// `engineFill(_:_:)`, unspecialised.
    @inline(never) @_semantics("optimize.sil.specialize.generic.never") @_semantics("optimize.no.crossmodule")
    public mutating func sharedEngineFill(_ field: String, _ input: FieldInput) throws {
        try engineFill(field, input)
    }

    /// `engineCallStarted(_:into:)`, unspecialised (an action list that starts a service call with a policy calls it).
    @inline(never) @_semantics("optimize.sil.specialize.generic.never") @_semantics("optimize.no.crossmodule")
    public mutating func sharedEngineCallStarted(_ policy: Int32, into effects: inout [Effect]) throws {
        try engineCallStarted(policy, into: &effects)
    }

    // MARK: Reads

    /// `engineScreenID`, unspecialised.
    @_semantics("optimize.sil.specialize.generic.never") @_semantics("optimize.no.crossmodule")
    public var sharedEngineScreenID: String { engineScreenID }

    /// `engineVariant()`, unspecialised.
    @inline(never) @_semantics("optimize.sil.specialize.generic.never") @_semantics("optimize.no.crossmodule")
    public func sharedEngineVariant() throws -> String? { try engineVariant() }

    /// `engineInput(_:)`, unspecialised.
    @inline(never) @_semantics("optimize.sil.specialize.generic.never") @_semantics("optimize.no.crossmodule")
    public func sharedEngineInput(_ field: String) -> FieldInput? { engineInput(field) }

    /// `engineCanGoBack`, unspecialised.
    @_semantics("optimize.sil.specialize.generic.never") @_semantics("optimize.no.crossmodule")
    public var sharedEngineCanGoBack: Bool { engineCanGoBack }

    /// `engineActiveSubflows`, unspecialised.
    @_semantics("optimize.sil.specialize.generic.never") @_semantics("optimize.no.crossmodule")
    public var sharedEngineActiveSubflows: [(flow: String, caller: String)] { engineActiveSubflows }

    /// `engineReadFailure(variant:texts:)`, unspecialised.
    @inline(never) @_semantics("optimize.sil.specialize.generic.never") @_semantics("optimize.no.crossmodule")
    public func sharedEngineReadFailure(variant: () throws -> Void, texts: () throws -> Void) -> String? {
        engineReadFailure(variant: variant, texts: texts)
    }

    /// The back stack's screens by number, oldest first.
    @_semantics("optimize.sil.specialize.generic.never") @_semantics("optimize.no.crossmodule")
    public var sharedEngineHistory: [Int32] { engine.history.screens }

    // MARK: Snapshots

    /// `engineNavigation`, unspecialised.
    @_semantics("optimize.sil.specialize.generic.never") @_semantics("optimize.no.crossmodule")
    public var sharedEngineNavigation: NavigationSnapshot { engineNavigation }

    /// `restoredEngine(from:appID:fingerprint:tables:)`, unspecialised.
    @inline(never) @_semantics("optimize.sil.specialize.generic.never") @_semantics("optimize.no.crossmodule")
    public static func sharedRestoredEngine<State>(from snapshot: FlowSnapshot<State>, appID: String, fingerprint: String,
                                                   tables: FlowTables) throws -> EngineState<Event> {
        try restoredEngine(from: snapshot, appID: appID, fingerprint: fingerprint, tables: tables)
    }

    /// A fresh engine state on screen `screenNumber`, unspecialised.
    @inline(never) @_semantics("optimize.sil.specialize.generic.never") @_semantics("optimize.no.crossmodule")
    public static func sharedEngineState(screenNumber: Int32) -> EngineState<Event> {
        EngineState(screenNumber: screenNumber)
    }
}
