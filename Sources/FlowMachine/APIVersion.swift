/// The API version of this FlowMachine, as generated code checks it (see `FlowCodegen.FlowMachineAPI`).
///
/// A generated module declares a type conforming to `FlowMachineAPIVersion6`; built against a
/// FlowMachine without that protocol it stops at that line instead of misbehaving at run time.
/// When generated code needs a change here, the next version adds `FlowMachineAPIVersion7` and
/// drops this one. Version 2: typed names (`FlowName`), `FlowEffect`, the services protocol and `FlowDriver`.
/// Version 3: navigation (`canGoBack`, `FlowNavigation`), reads that never throw (`computeVariant()`, `computeTexts()`,
/// `readFailure()`), events by name that throw `FlowEventError` (`EventPayload`).
/// Version 4: texts looked up by key (`FlowTextLookup`, `FlowCompiledTexts`, `FlowBundleTexts`, `FlowTextTable`,
/// `FlowOption`), events and calls coded through `FlowCodingKey`, `CaseDecoder` and `CaseEncoder`.
/// Version 5: events' and calls' `Codable`, `==`, `hash(into:)` and events by name through `CaseTable`, `CaseValue`
/// and `CaseReader` (`decodeCase`, `encodeCase`, `eventNamed`); `CaseDecoder` and `CaseEncoder` are gone.
/// Version 6: enums of names (screens, fields, variants, endings, texts, lists, sub-flows, operations, domain enums)
/// as plain cases with their raw values in one table (`FlowNameCases`, `FlowNameTable`) instead of a `String` raw type.
public protocol FlowMachineAPIVersion6 {}
