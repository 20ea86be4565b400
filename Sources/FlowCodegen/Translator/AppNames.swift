import FlowExpression
import FlowIR

/// The Swift names of one app's generated declarations.
struct AppNames {
    let app: App
    /// `Tempo`: the prefix of every public type.
    let prefix: String

    init(app: App) {
        self.app = app
        prefix = Naming.type(app.name)
    }

    /// The module (and folder) name: `TempoFlow`.
    var module: String { prefix + "Flow" }
    var screen: String { prefix + "Screen" }
    var event: String { prefix + "Event" }
    var effect: String { prefix + "Effect" }
    var serviceCall: String { prefix + "ServiceCall" }
    var state: String { prefix + "State" }
    var machine: String { prefix + "Machine" }
    var tables: String { prefix + "Tables" }

    /// A declared domain type's Swift name.
    func typeName(_ name: String) -> String { Naming.type(name) }

    func derivedFunction(_ name: String) -> String {
        let member = Naming.type(name)
        return "derived" + member
    }

    /// The Swift type of a value of `type`.
    func swiftType(_ type: ValueType) -> String {
        switch type {
        case .bool: "Bool"
        case .int, .duration: "Int"
        case .decimal: "Decimal"
        case .money: "Money"
        case .text: "String"
        case .date: "CalendarDate"
        case .timestamp: "Timestamp"
        case .list(let element): "[\(swiftType(element))]"
        case .optional(let wrapped): swiftType(wrapped) + "?"
        case .enumeration(let name), .record(let name): typeName(name)
        case .null, .error: "String?"
        }
    }

    /// The type of stored state and record fields: dates and timestamps start as null in the
    /// interpreter even when their type is not optional, so they are stored as optionals.
    func storedType(_ type: ValueType) -> String {
        isStoredOptional(type) && !type.isNullable ? swiftType(type) + "?" : swiftType(type)
    }

    func isStoredOptional(_ type: ValueType) -> Bool {
        switch type {
        case .optional, .null, .date, .timestamp:
            return true
        case .enumeration(let name):
            if let declaration = app.types.first(where: { $0.name == name }), case .enumeration(let cases) = declaration.kind { return cases.isEmpty }
            return true
        default:
            return false
        }
    }

    /// The interpreter's zero value of `type` (what a variable holds before anything is written).
    func zeroValue(_ type: ValueType) -> SwiftExpression {
        switch type {
        case .bool: return .id("false")
        case .int, .duration: return .int(0)
        case .decimal: return .call(.id("Decimal"), [SwiftArgument(nil, .int(0))])
        case .money: return .call(.id("Money"), [SwiftArgument("amount", .int(0)), SwiftArgument("currency", .string(app.currency))])
        case .text: return .string("")
        case .list: return .array([])
        case .date: return .call(.id("date"), [SwiftArgument(nil, .int(1970)), SwiftArgument(nil, .int(1)), SwiftArgument(nil, .int(1))])
        case .timestamp: return .call(.id("Timestamp"), [SwiftArgument("millisecondsSince1970", .int(0))])
        case .record(let name): return .call(.id(typeName(name)), [])
        case .enumeration(let name):
            if let declaration = app.types.first(where: { $0.name == name }), case .enumeration(let cases) = declaration.kind, let first = cases.first {
                return .member(.id(typeName(name)), Naming.member(first))
            }
            return .id("nil")
        default: return .id("nil")
        }
    }

    /// `equals.log_in.success` → `equalsLogInSuccess`.
    func eventCase(_ name: String) -> String { Naming.member(name) }

    /// `equals.log_in` → `equalsLogIn`.
    func operationCase(service: Int, operation: Int) -> String {
        Naming.member(app.services[service].name + "_" + app.services[service].operations[operation].name)
    }
}
