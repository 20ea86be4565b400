/// The API version of this FlowMachine, as generated code checks it (see `FlowCodegen.FlowMachineAPI`).
///
/// A generated module declares a type conforming to `FlowMachineAPIVersion5`; built against a
/// FlowMachine without that protocol it stops at that line instead of misbehaving at run time.
/// When generated code needs a change here, the next version adds `FlowMachineAPIVersion6` and
/// drops this one. Version 2: typed names (`FlowName`), `FlowEffect`, the services protocol and `FlowDriver`.
/// Version 3: navigation (`canGoBack`, `FlowNavigation`), reads that never throw (`computeVariant()`, `computeTexts()`,
/// `readFailure()`), events by name that throw `FlowEventError` (`EventPayload`).
/// Version 4: texts looked up by key (`FlowTextLookup`, `FlowCompiledTexts`, `FlowBundleTexts`, `FlowTextTable`,
/// `FlowOption`), events and calls coded through `FlowCodingKey`, `CaseDecoder` and `CaseEncoder`.
/// Version 5: events' and calls' `Codable`, `==`, `hash(into:)` and events by name through `CaseTable`, `CaseValue`
/// and `CaseReader` (`decodeCase`, `encodeCase`, `eventNamed`); `CaseDecoder` and `CaseEncoder` are gone.
public protocol FlowMachineAPIVersion5 {}
