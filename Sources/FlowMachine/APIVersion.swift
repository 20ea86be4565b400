/// The API version of this FlowMachine, as generated code checks it (see `FlowCodegen.FlowMachineAPI`).
///
/// A generated module declares a type conforming to `FlowMachineAPIVersion4`; built against a
/// FlowMachine without that protocol it stops at that line instead of misbehaving at run time.
/// When generated code needs a change here, the next version adds `FlowMachineAPIVersion5` and
/// drops this one. Version 2: typed names (`FlowName`), `FlowEffect`, the services protocol and `FlowDriver`.
/// Version 3: navigation (`canGoBack`, `FlowNavigation`), reads that never throw (`computeVariant()`, `computeTexts()`,
/// `readFailure()`), events by name that throw `FlowEventError` (`EventPayload`).
/// Version 4: texts looked up by key (`FlowTextLookup`, `FlowCompiledTexts`, `FlowBundleTexts`, `FlowTextTable`,
/// `FlowOption`), events and calls coded through `FlowCodingKey`, `CaseDecoder` and `CaseEncoder`.
public protocol FlowMachineAPIVersion4 {}
