// The values the language computes with (`Money`, `CalendarDate`, `Timestamp`) are FlowValues', the module below
// both this one and FlowMachine, so a literal here and a value in generated code are one type. Whoever reads the
// typed tree sees them with it.
@_exported import FlowValues
