import FlowExpression
import FlowSource

/// A form field on a screen, with its validation rules in order.
public struct Field: Sendable {
    public enum Kind: Sendable, Hashable {
        case text, email, password, phone, digits(Int), date, money, decimal, int, choice, multiChoice, checkbox, country
        /// `choice(Plan)`, `multi_choice(Purpose)`: the options are the cases of an enum type and the value is typed.
        case choiceOf(String), multiChoiceOf(String)

        /// The type of the field's value in expressions (`form.<field>`, `value`).
        public var valueType: ValueType {
            switch self {
            case .text, .email, .password, .phone, .digits, .choice, .country: .text
            case .date: .date
            case .money: .money
            case .decimal: .decimal
            case .int: .int
            case .multiChoice: .list(.text)
            case .checkbox: .bool
            case .choiceOf(let type): .enumeration(type)
            case .multiChoiceOf(let type): .list(.enumeration(type))
            }
        }

        /// The name as written in flow files.
        public var name: String {
            switch self {
            case .text: "text"
            case .email: "email"
            case .password: "password"
            case .phone: "phone"
            case .digits(let n): "digits(\(n))"
            case .date: "date"
            case .money: "money"
            case .decimal: "decimal"
            case .int: "int"
            case .choice: "choice"
            case .multiChoice: "multi_choice"
            case .checkbox: "checkbox"
            case .country: "country"
            case .choiceOf(let type): "choice(\(type))"
            case .multiChoiceOf(let type): "multi_choice(\(type))"
            }
        }

        /// Whether the person picks one or more options (plain or enum-typed).
        public var isChoice: Bool {
            switch self {
            case .choice, .multiChoice, .choiceOf, .multiChoiceOf: true
            default: false
            }
        }

        /// Whether the value is a list of picked options.
        public var isMultiple: Bool {
            switch self {
            case .multiChoice, .multiChoiceOf: true
            default: false
            }
        }
    }

    public struct Option: Sendable, Hashable {
        public var value: String
        public var label: String?
        /// A label the field writes itself, by its catalog key (`STEP-06.document_type.passport`) in the current
        /// locale; nil when the option reads as `label` (or its value) in every locale.
        public var localised: LocalisedText?
        public init(value: String, label: String?, localised: LocalisedText? = nil) {
            self.value = value; self.label = label; self.localised = localised
        }
    }

    /// The words a field shows besides its options, each a text of the String Catalog keyed
    /// `<screen>.<field>.<caption>` (`S03.email.placeholder`), or `component.<component>.<field>.<caption>` for a
    /// field a component gives every screen alike.
    public enum Caption: String, Sendable, Hashable, CaseIterable {
        case label, placeholder, hint
    }

    public var name: String
    public var kind: Kind
    public var label: String?
    public var hint: String?
    public var placeholder: String?
    /// The label, placeholder and hint by their catalog keys, in the current locale (absent where the field writes none).
    public var captions: [Caption: LocalisedText] = [:]
    public var options: [Option]
    public var currency: String?
    public var country: String?
    /// Another field of the same screen holding the phone country.
    public var countryField: String?
    /// The field is shown (and so filled and validated) only while this holds (`when:`); nil: always.
    public var shownWhen: TypedExpression? = nil
    /// What is typed is forgotten once the screen is left and is never saved in a snapshot (`secret:`; `password` fields by default).
    public var secret = false
    /// `personal: true`: what is typed here is personal data (see `StateVariable.personal`).
    public var personal = false
    public var defaultValue: TypedExpression?
    /// The rules as declared (what inventories, reports and mutants speak of).
    public var rules: [ValidationRule]
    /// The rules lowered to what both back ends run (`lowerFieldRules`); set by the checker, and again by
    /// whoever edits `rules`.
    public var checks: [FieldCheck] = []
    public var range: SourceRange

    public init(name: String, kind: Kind, label: String?, hint: String?, placeholder: String?, options: [Option],
                currency: String?, country: String?, countryField: String?, defaultValue: TypedExpression?,
                rules: [ValidationRule], range: SourceRange) {
        self.name = name; self.kind = kind; self.label = label; self.hint = hint; self.placeholder = placeholder
        self.options = options; self.currency = currency; self.country = country; self.countryField = countryField
        self.defaultValue = defaultValue; self.rules = rules; self.range = range
    }

    /// Required in every situation: a `required` rule without `when:`.
    public var isRequired: Bool { rules.contains { if case .required = $0.kind { $0.condition == nil } else { false } } }
}

/// One validation rule and the exact message shown when it fails.
public struct ValidationRule: Sendable {
    public enum Kind: Sendable {
        case required
        case minLength(Int), maxLength(Int), length(Int)
        case pattern(String)
        case email, phone, iban, bic, sortCode, accountNumber
        case minAge(Int)
        case decimalPlaces(Int)
        case min(TypedExpression), max(TypedExpression)
        case range(min: TypedExpression?, max: TypedExpression?)
        case oneOf([String]), notIn([String])
        case equalsField(String)
        case check(TypedExpression)
    }
    /// The rule key as written (`min_length`).
    public var name: String
    public var kind: Kind
    public var message: String
    public var range: SourceRange
    /// `when:`: the rule applies only while this yes/no expression holds (nil: always).
    public var condition: TypedExpression?
    /// The `when:` expression as written.
    public var conditionSource: String?
    public init(name: String, kind: Kind, message: String, range: SourceRange, condition: TypedExpression? = nil,
                conditionSource: String? = nil) {
        self.name = name; self.kind = kind; self.message = message; self.range = range; self.condition = condition
        self.conditionSource = conditionSource
    }
}
